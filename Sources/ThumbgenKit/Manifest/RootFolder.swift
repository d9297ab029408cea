import FoundationEssentials
import Glibc

/// The files under a manifest's root, as globs see them: hidden entries and thumbgen's own files
/// left out, symlinked folders not followed, symlinks that lead outside root caught.
struct RootFolder {
    /// The root as given (absolute).
    let path: String
    /// The root with every symlink resolved, for containment checks.
    let realPath: String
    /// Relative path of the index, whose siblings (shard indexes, report) are thumbgen's own.
    let indexPath: String
    private var listings: [String: [String]] = [:]

    init?(path: String, indexPath: String) {
        guard let real = Self.realPath(of: path) else { return nil }
        self.path = path
        self.realPath = real
        self.indexPath = indexPath
    }

    static func realPath(of path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Is `relative` one of thumbgen's own files: a rendition, the index, a shard index, the
    /// report, or a temporary file?
    func isGeneratorFile(_ relative: String) -> Bool {
        let name = relative.split(separator: "/").last.map(String.init) ?? relative
        if name.contains(".Thumbnail(") || name.hasPrefix(".thumbgen-") || relative == indexPath { return true }
        guard relative.parentPath == indexPath.parentPath else { return false }
        let stem = indexPath.lastPathPart.removingPathExtension
        return name == "report.html" || (name.hasPrefix("\(stem).shard-") && name.hasSuffix(".json"))
    }

    /// What `relative` really is, once every symlink on the way is followed.
    func resolve(_ relative: String) -> Resolution {
        let full = path + "/" + relative
        guard let real = Self.realPath(of: full) else {
            var info = stat()
            return lstat(full, &info) == 0 ? .brokenLink : .missing
        }
        guard real == realPath || real.hasPrefix(realPath.hasSuffix("/") ? realPath : realPath + "/") else {
            return .outside(target: real)
        }
        var info = stat()
        guard stat(real, &info) == 0 else { return .missing }
        return (info.st_mode & S_IFMT) == S_IFREG ? .file : .notAFile
    }

    enum Resolution: Equatable {
        case file, notAFile, missing
        /// A symlink whose target does not exist.
        case brokenLink
        case outside(target: String)
    }

    /// Every file below the folder `base` (relative to root, "" for root itself), as paths
    /// relative to root. Hidden entries and thumbgen's own files are left out; symlinked
    /// folders are not entered, so a link cannot make the walk loop.
    mutating func files(under base: String) -> [String] {
        if let cached = listings[base] { return cached }
        var found: [String] = []
        walk(base, into: &found, budget: 1_000_000)
        found.sort()
        listings[base] = found
        return found
    }

    private func walk(_ folder: String, into found: inout [String], budget: Int) {
        guard found.count < budget, let directory = opendir(folder.isEmpty ? path : path + "/" + folder) else { return }
        defer { closedir(directory) }
        var folders: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            guard !name.hasPrefix(".") else { continue }
            let relative = folder.isEmpty ? name : folder + "/" + name
            var type = Int32(entry.pointee.d_type)
            if type == Int32(DT_UNKNOWN) {
                var info = stat()
                guard lstat(path + "/" + relative, &info) == 0 else { continue }
                type = (info.st_mode & S_IFMT) == S_IFDIR ? Int32(DT_DIR) : (info.st_mode & S_IFMT) == S_IFLNK ? Int32(DT_LNK) : Int32(DT_REG)
            }
            if type == Int32(DT_DIR) {
                folders.append(relative)
            } else if type == Int32(DT_REG) || type == Int32(DT_LNK), !isGeneratorFile(relative) {
                found.append(relative)
            }
        }
        for child in folders { walk(child, into: &found, budget: budget) }
    }
}
