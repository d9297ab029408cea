import Glibc

/// Why a file under root could not be written, removed, read or listed. `cause` decides what a
/// build does (`stopsBuild`); `reason` explains it in plain words that name what is in the way
/// and say what to do.
public struct WriteError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file or folder asked for: root's path joined with the relative path.
    public var path: String
    public var cause: Cause
    /// What was in the way, relative to root: the file itself, or a folder on the way to it.
    /// Relative so that a reason kept in the index does not depend on where the site lives.
    public var obstacle: String
    /// What thumbgen was doing, for the words of the reason.
    public var operation: Operation
    /// The system's error number, 0 when thumbgen refused on its own (a link, `..`).
    public var code: Int32
    /// Plain words: what is in the way and what to do next.
    public var reason: String

    /// `path: reason`, control characters escaped.
    public var description: String { "\(NameText.displayed(path)): \(reason)" }

    /// True when no image can be written any more (a full disk or quota, a read-only file
    /// system): the build stops. Anything else concerns one image, which shows its original.
    public var stopsBuild: Bool { cause.stopsBuild }

    public enum Operation: Sendable, Equatable {
        case write, remove, read, list, makeFolder, openRoot
    }

    /// What went wrong, typed, so that callers decide by it and never by the message.
    public enum Cause: Sendable, Equatable {
        /// ENOSPC.
        case diskFull
        /// EDQUOT.
        case quotaExceeded
        /// EROFS.
        case readOnly
        /// An absolute path, a `..`, `.` or empty part, or a NUL: refused before any system call.
        case notBelowRoot
        /// A symbolic link where a folder must be (ELOOP under openat2, or seen by the walk).
        case linkOnTheWay
        /// A file (nil), FIFO, socket or device where a folder must be (ENOTDIR).
        case notAFolderOnTheWay(SpecialFile?)
        /// A symbolic link at the file's own name: never replaced, followed or (unless asked) removed.
        case linkInTheWay
        /// A folder at the file's name (EISDIR).
        case folderInTheWay
        /// A FIFO, socket or device at the file's name.
        case specialFileInTheWay(SpecialFile)
        /// A file at the name, when writing without replacing (EEXIST).
        case exists
        /// The file, or a folder on the way, does not exist (ENOENT).
        case missing
        /// ENAMETOOLONG.
        case nameTooLong
        /// EACCES or EPERM.
        case noPermission
        /// A read of more bytes than the caller's limit.
        case tooLarge(limit: Int)
        /// Any other error number (EIO, EMFILE …): concerns this file only.
        case other

        /// ENOSPC, EDQUOT and EROFS stop every image, so they stop the build.
        public var stopsBuild: Bool {
            switch self {
            case .diskFull, .quotaExceeded, .readOnly: true
            default: false
            }
        }

        /// The cause an error number means when it comes from the file itself.
        public init(errno code: Int32) {
            switch code {
            case ENOSPC: self = .diskFull
            case EDQUOT: self = .quotaExceeded
            case EROFS: self = .readOnly
            case ENAMETOOLONG: self = .nameTooLong
            case EACCES, EPERM: self = .noPermission
            case EISDIR: self = .folderInTheWay
            case ELOOP: self = .linkInTheWay
            case ENOTDIR: self = .notAFolderOnTheWay(nil)
            case EEXIST: self = .exists
            case ENOENT: self = .missing
            // Under RESOLVE_BENEATH, EXDEV means the path tried to leave root.
            case EXDEV: self = .notBelowRoot
            default: self = .other
            }
        }
    }

    /// An error under `root` about `obstacle` (relative), with the reason for `cause`.
    init(root: String, relative: String, cause: Cause, obstacle: String, operation: Operation, code: Int32 = 0) {
        self.path = relative.isEmpty ? root : root == "/" ? "/" + relative : root + "/" + relative
        self.cause = cause
        self.obstacle = obstacle
        self.operation = operation
        self.code = code
        reason = Self.reason(cause, obstacle: obstacle, operation: operation, code: code)
    }

    /// The same, from an error number about the file itself.
    init(root: String, relative: String, errno code: Int32, operation: Operation) {
        self.init(root: root, relative: relative, cause: Cause(errno: code), obstacle: relative,
                  operation: operation, code: code)
    }

    /// Records an error whose reason is given rather than derived (the old `AtomicFile` words).
    init(path: String, cause: Cause, code: Int32, reason: String) {
        self.path = path
        self.cause = cause
        obstacle = path
        operation = .write
        self.code = code
        self.reason = reason
    }
}

/// What stands at a name and is neither a file, a folder nor a link.
public enum SpecialFile: String, Sendable, Equatable {
    case fifo = "a named pipe (FIFO)"
    case socket = "a socket"
    case device = "a device"

    /// Nil for a file, a folder or a link.
    init?(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        case S_IFCHR, S_IFBLK: self = .device
        default: return nil
        }
    }
}
