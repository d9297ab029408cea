import FoundationEssentials
import Glibc

/// The files under a manifest's root, as globs see them: hidden entries and thumbgen's own files
/// left out, symlinked folders not followed, symlinks that lead outside root caught, names that
/// are not UTF-8 reported.
struct RootFolder {
    /// The root as given (absolute).
    let path: String
    /// The root with every symlink resolved, for containment checks.
    let realPath: String
    let paths: IndexPaths
    /// Keyed by the folder's bytes: String keys would fold `café` as one code point and as two,
    /// which are two folders on disk.
    private var listings: [[UInt8]: [String]] = [:]
    /// What the walks found as symbolic links (by bytes): each is resolved before it is taken.
    private var links: Set<[UInt8]> = []
    /// The bases walked with no symbolic link on their way from root (by bytes).
    private var plainBases: Set<[UInt8]> = []
    /// Names found that are not UTF-8, with the bad bytes escaped: left out, and said so.
    private(set) var undecodable: [String] = []

    init?(path: String, indexPath: String) {
        guard let real = Self.realPath(of: path) else { return nil }
        self.path = path
        self.realPath = real
        paths = IndexPaths(indexPath: indexPath)
    }

    static func realPath(of path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Is `relative` one of thumbgen's own files?
    func isGeneratorFile(_ relative: String) -> Bool {
        paths.isGeneratorFile(relative)
    }

    enum Resolution: Equatable {
        case file, folder, missing
        /// A FIFO, socket or device.
        case special(SpecialFile)
        /// A symlink whose target does not exist.
        case brokenLink
        case outside(target: String)
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
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        default: return SpecialFile(mode: info.st_mode).map { .special($0) } ?? .missing
        }
    }

    /// Every file below the folder `base` (relative to root, "" for root itself), as paths
    /// relative to root. Hidden entries and thumbgen's own files are left out; symlinked
    /// folders are not entered, so a link cannot make the walk loop.
    mutating func files(under base: String) -> [String] {
        if let cached = listings[Array(base.utf8)] { return cached }
        var found: [String] = []
        walk(base, into: &found, budget: 1_000_000)
        found.sort(by: ImageResolver.byteOrdered)
        listings[Array(base.utf8)] = found
        let real = Self.realPath(of: base.isEmpty ? path : path + "/" + base)
        let plain = base.isEmpty ? realPath : realPath.hasSuffix("/") ? realPath + base : realPath + "/" + base
        if let real, Array(real.utf8) == Array(plain.utf8) { plainBases.insert(Array(base.utf8)) }
        return found
    }

    /// True when `base` was walked with no symbolic link on its way from root.
    func isPlain(_ base: String) -> Bool {
        plainBases.contains(Array(base.utf8))
    }

    /// What `relative`, which `files(under:)` listed for a base, really is. A plain file the walk
    /// met through real folders from root (`plainBase`: `isPlain` of that base) is a file under
    /// root, with no further look; a link, or anything under a base reached through one, is
    /// resolved (`resolve`). Whichever it is, the build opens the original beneath root with no
    /// link leading out (`openOriginal`).
    func resolve(listed relative: String, plainBase: Bool) -> Resolution {
        plainBase && (links.isEmpty || !links.contains(Array(relative.utf8))) ? .file : resolve(relative)
    }

    private mutating func walk(_ folder: String, into found: inout [String], budget: Int) {
        guard found.count < budget, let directory = opendir(folder.isEmpty ? path : path + "/" + folder) else { return }
        defer { closedir(directory) }
        var folders: [String] = []
        while let entry = readdir(directory) {
            let bytes = FolderEntry.nameBytes(entry)
            guard let name = String(validating: bytes, as: UTF8.self) else {
                let shown = (folder.isEmpty ? "" : folder + "/") + NameText.displayed(bytes: bytes)
                if !undecodable.contains(shown) { undecodable.append(shown) }
                continue
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
                if type == Int32(DT_LNK) { links.insert(Array(relative.utf8)) }
            }
        }
        for child in folders.sorted() { walk(child, into: &found, budget: budget) }
    }
}
