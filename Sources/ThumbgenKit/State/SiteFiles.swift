import FoundationEssentials
import Glibc

/// What a path under root holds, seen without following any link.
enum SiteEntry: Equatable, Sendable {
    case missing
    case file(size: Int)
    case folder
    /// A symbolic link: thumbgen never writes through one, nor replaces one.
    case link
    /// A FIFO, socket or device.
    case special
    /// Something on the way is not a plain folder (a link, a file), or cannot be searched.
    case blocked(String)
}

/// Every read, write, replace and delete thumbgen makes under root goes through here, relative to
/// root, with no link followed on the way or at the end.
final class SiteFiles: @unchecked Sendable {
    let root: String

    init(root: String) {
        self.root = root
    }

    private func absolute(_ relative: String) -> String {
        relative.isEmpty ? root : root + "/" + relative
    }

    /// Why the folders on the way to `relative` cannot be used, or nil when each is a plain folder.
    private func blockage(_ relative: String) -> String? {
        var path = root
        for part in relative.split(separator: "/").dropLast() {
            if part == ".." || part == "." { return "the path leaves its folder" }
            path += "/" + part
            var info = stat()
            guard lstat(path, &info) == 0 else { return errno == ENOENT ? nil : String(cString: strerror(errno)) }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: continue
            case S_IFLNK: return "\(path.dropFirst(root.count + 1)) is a symbolic link; thumbgen never writes through a link"
            default: return "\(path.dropFirst(root.count + 1)) is not a folder"
            }
        }
        return nil
    }

    func entry(_ relative: String) -> SiteEntry {
        if let reason = blockage(relative) { return .blocked(reason) }
        var info = stat()
        guard lstat(absolute(relative), &info) == 0 else {
            // A name too long to exist is missing; writing it then fails with the reason.
            return errno == ENOENT || errno == ENOTDIR || errno == ENAMETOOLONG ? .missing : .blocked(String(cString: strerror(errno)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file(size: Int(info.st_size))
        case S_IFDIR: return .folder
        case S_IFLNK: return .link
        default: return .special
        }
    }

    /// The bytes of a plain file (not a link), at most `limit` of them, or nil.
    func read(_ relative: String, limit: Int) -> [UInt8]? {
        guard case .file(let size) = entry(relative), size <= limit else { return nil }
        let descriptor = open(absolute(relative), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + done, size - done) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return nil }
            done += got
        }
        return bytes
    }

    /// The names in a folder (hidden ones included), or nil when it cannot be listed.
    func list(_ folder: String) -> [String]? {
        if !folder.isEmpty, entry(folder) != .folder { return nil }
        return try? FileManager.default.contentsOfDirectory(atPath: absolute(folder))
    }

    /// Writes `bytes` atomically at `relative`: a temporary file named `temporaryName` in the same
    /// folder, then a rename over whatever plain file is there (the caller decided it may go).
    func write(_ bytes: [UInt8], to relative: String, temporaryName: String? = nil, sync: Bool = false,
               createFolders: Bool = false) throws(WriteError) {
        if let reason = blockage(relative) { throw WriteError(path: relative, reason: reason) }
        let folder = relative.parentPath
        if createFolders, !folder.isEmpty {
            var path = root
            for part in folder.split(separator: "/") {
                path += "/" + part
                if mkdir(path, 0o755) != 0, errno != EEXIST { throw WriteError(path: relative, errno: errno, doing: "create its folder") }
            }
        }
        switch entry(relative) {
        case .missing, .file: break
        case .folder: throw WriteError(path: relative, reason: "is a folder; move it, since a file thumbgen writes goes there")
        case .link: throw WriteError(path: relative, reason: "is a symbolic link; thumbgen never writes through a link")
        case .special: throw WriteError(path: relative, reason: "is a FIFO, socket or device; move it, since a file thumbgen writes goes there")
        case .blocked(let reason): throw WriteError(path: relative, reason: reason)
        }
        try AtomicFile.write(bytes, to: absolute(relative), temporaryName: temporaryName, sync: sync)
    }

    /// Deletes the plain file at `relative`; false when there is none (a link, a folder and
    /// anything behind a link stay).
    @discardableResult
    func remove(_ relative: String) -> Bool {
        guard case .file = entry(relative) else { return false }
        return unlink(absolute(relative)) == 0
    }
}
