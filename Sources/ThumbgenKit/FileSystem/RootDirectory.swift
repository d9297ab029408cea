import CSystem
import Glibc
import Synchronization

/// A manifest's root, opened once: every create, rename, unlink, mkdir and read below it goes
/// through a folder descriptor opened with no symbolic link followed, so a folder swapped for
/// a link (even mid-build) makes the operation fail instead of reaching outside root. The root
/// path itself may pass through links the user chose; nothing below it may.
///
/// Paths are relative to root, `/`-separated, without `.`, `..` or empty parts.
public final class RootDirectory: Sendable {
    /// The root as given (absolute or relative to the working folder when opened).
    public let path: String
    /// True when folders are opened with openat2(2) and RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS;
    /// false when they are walked one component at a time with O_NOFOLLOW.
    public let usesOpenat2: Bool
    /// True when writes that must not replace use renameat2(RENAME_NOREPLACE) first.
    let triesRenameat2: Bool
    let descriptor: Int32
    /// How many folders openat2 was asked for: the tests' proof that it is the path taken.
    let openat2Calls = Atomic<Int>(0)

    /// Which system calls to use; the older way is always there for where they are missing.
    public struct SystemCalls: Sendable, Hashable, CustomStringConvertible {
        /// openat2(2), when the kernel has it and no seccomp filter refuses it (ENOSYS, EPERM).
        public var openat2: Bool
        /// renameat2(2) with RENAME_NOREPLACE, else link(2) then unlink(2).
        public var renameat2: Bool

        /// The newest calls the system offers.
        public static let newest = SystemCalls(openat2: true, renameat2: true)
        /// The walk with O_NOFOLLOW and link + unlink: what a kernel without them gets.
        public static let portable = SystemCalls(openat2: false, renameat2: false)

        public var description: String { openat2 ? "newest" : "portable" }
    }

    /// Opens the folder at `path` (links in `path` itself are followed: the user chose them).
    public init(path: String, systemCalls: SystemCalls = .newest) throws(WriteError) {
        self.path = path
        descriptor = retryingInterrupts { open(path, Int32(tg_o_path) | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            let code = errno
            throw WriteError(root: path, relative: "", cause: WriteError.Cause(errno: code), obstacle: "",
                             operation: .openRoot, code: code)
        }
        triesRenameat2 = systemCalls.renameat2
        // One probe decides for the life of the root: ENOSYS on kernels before 5.6, EPERM or
        // ENOSYS under seccomp filters that predate it (older Docker, some sandboxes).
        let probe = systemCalls.openat2 ? tg_openat2(descriptor, ".", UInt64(Self.folderFlags), 0,
                                                     UInt64(TG_RESOLVE_BENEATH | TG_RESOLVE_NO_SYMLINKS)) : -1
        if probe >= 0 { close(probe) }
        usesOpenat2 = probe >= 0
    }

    deinit { close(descriptor) }

    /// What is at `relative`, without following a link on the way or at the end.
    public func entry(_ relative: String) -> Entry {
        let path: RelativePath
        let folder: Descriptor
        do throws(WriteError) {
            path = try checked(relative, allowRoot: true, for: .read)
            if path.components.isEmpty { return .folder }
            folder = try openParent(path, for: .read)
        } catch where error.cause == .missing {
            return .missing
        } catch {
            return .blocked(error)
        }
        guard let info = statusAt(folder.raw, path.name) else {
            return errno == ENOENT ? .missing : .blocked(entryFailure(path, errno: errno, .read))
        }
        return Entry(info)
    }

    /// The bytes of the file at `relative`, which must be a regular file of at most `limit`
    /// bytes. No link is followed. Not for originals: those may be read through links in root.
    public func read(_ relative: String, limit: Int) throws(WriteError) -> [UInt8] {
        let opened = try openForReading(relative, limit: limit)
        let file = opened.file, path = opened.path
        var bytes = [UInt8](repeating: 0, count: opened.size)
        var done = 0
        // The file may have shrunk or grown since fstat: read up to the size seen, then check.
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(file.raw, $0.baseAddress! + done, $0.count - done) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw entryFailure(path, errno: errno, .read) }
            if count == 0 { break }
            done += count
        }
        if done < bytes.count { bytes.removeLast(bytes.count - done) }
        return bytes
    }

    /// True when the file at `relative` (a regular file; no link followed) holds exactly `bytes`,
    /// compared a megabyte at a time: a 75 MB index is never held twice to tell it is unchanged.
    public func holds(_ relative: String, exactly bytes: [UInt8]) throws(WriteError) -> Bool {
        let opened = try openForReading(relative, limit: bytes.count)
        let file = opened.file
        guard opened.size == bytes.count else { return false }
        var chunk = [UInt8](repeating: 0, count: min(bytes.count, 1 << 20))
        var done = 0
        while done < bytes.count {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(file.raw, $0.baseAddress!, min($0.count, bytes.count - done)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0, chunk[..<count].elementsEqual(bytes[done..<done + count]) else { return false }
            done += count
        }
        var extra: UInt8 = 0
        return Glibc.read(file.raw, &extra, 1) == 0
    }

    /// A regular file open for reading, with its path and its size when opened.
    private struct OpenedFile: ~Copyable {
        let file: Descriptor
        let path: RelativePath
        let size: Int
    }

    /// Opens the regular file at `relative` (no link followed) of at most `limit` bytes for
    /// reading.
    private func openForReading(_ relative: String, limit: Int) throws(WriteError) -> OpenedFile {
        let path = try checked(relative, for: .read)
        let folder = try openParent(path, for: .read)
        // O_NONBLOCK: opening a FIFO must not wait for a writer; fstat below refuses it.
        let raw = retryingInterrupts { openat(folder.raw, path.name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        guard raw >= 0 else {
            let code = errno
            if code == ELOOP { throw entryFailure(path, .linkInTheWay, .read) }
            throw entryFailure(path, errno: code, .read)
        }
        let file = Descriptor(raw)
        var info = stat()
        guard fstat(file.raw, &info) == 0 else { throw entryFailure(path, errno: errno, .read) }
        switch Entry(info) {
        case .file(let size, _, _, _) where size > limit: throw entryFailure(path, .tooLarge(limit: limit), .read)
        case .file: break
        case .folder: throw entryFailure(path, .folderInTheWay, .read)
        case .special(let kind): throw entryFailure(path, .specialFileInTheWay(kind), .read)
        default: throw entryFailure(path, .other, .read)
        }
        return OpenedFile(file: file, path: path, size: Int(info.st_size))
    }

    /// Creates the folders of `relative` that are missing, one at a time; a link or a file on
    /// the way is an error, never followed.
    public func makeFolders(_ relative: String) throws(WriteError) {
        let path = try checked(relative, for: .makeFolder)
        _ = try openFolder(path, create: true, for: .makeFolder)
    }

    /// Removes the file at `relative`; false when nothing is there. A folder, a FIFO or a link
    /// is refused (a link is removed itself, never what it points to, when `allowingLink`).
    @discardableResult
    public func remove(_ relative: String, allowingLink: Bool = false) throws(WriteError) -> Bool {
        let path = try checked(relative, for: .remove)
        guard let folder = try openExistingParent(path, for: .remove) else { return false }
        guard let info = statusAt(folder.raw, path.name) else {
            if errno == ENOENT { return false }
            throw entryFailure(path, errno: errno, .remove)
        }
        switch Entry(info) {
        case .file: break
        case .link where allowingLink: break
        case .link: throw entryFailure(path, .linkInTheWay, .remove)
        case .folder: throw entryFailure(path, .folderInTheWay, .remove)
        case .special(let kind): throw entryFailure(path, .specialFileInTheWay(kind), .remove)
        default: throw entryFailure(path, .other, .remove)
        }
        // unlinkat never follows a link, so a swap since the check removes at most the link.
        guard unlinkat(folder.raw, path.name, 0) == 0 else {
            if errno == ENOENT { return false }
            throw entryFailure(path, errno: errno, .remove)
        }
        return true
    }

    /// Removes the empty folder at `relative`; false when nothing is there. A link at the name
    /// is refused, and a folder that is not empty stays (an error says so).
    @discardableResult
    public func removeEmptyFolder(_ relative: String) throws(WriteError) -> Bool {
        let path = try checked(relative, for: .remove)
        guard let folder = try openExistingParent(path, for: .remove) else { return false }
        // AT_REMOVEDIR on a link fails with ENOTDIR: the link is never followed.
        guard unlinkat(folder.raw, path.name, AT_REMOVEDIR) == 0 else {
            let code = errno
            if code == ENOENT { return false }
            if code == ENOTDIR, let info = statusAt(folder.raw, path.name) {
                throw entryFailure(path, info.st_mode & S_IFMT == S_IFLNK ? .linkInTheWay : .notAFolderOnTheWay(SpecialFile(mode: info.st_mode)), .remove)
            }
            throw entryFailure(path, errno: code, .remove)
        }
        return true
    }
}
