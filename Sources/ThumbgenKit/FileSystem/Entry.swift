import Glibc

/// What is at a name below root, seen without following a link on the way or at the end.
public enum Entry: Sendable, Equatable {
    /// Nothing, or a folder on the way is missing.
    case missing
    /// A regular file: `size` in bytes, `modified` in nanoseconds since the epoch; `device`
    /// and `inode` tell whether it is still the same file later.
    case file(size: Int, modified: Int64, device: UInt64, inode: UInt64)
    case folder
    /// A symbolic link, wherever it points.
    case link
    /// A FIFO, a socket or a device.
    case special(SpecialFile)
    /// Something on the way prevents looking: a link or a file where a folder must be, a
    /// permission, a path not below root. The error says which, in its words.
    case blocked(WriteError)

    init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            self = .file(size: Int(info.st_size),
                         modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                         device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        case S_IFDIR: self = .folder
        case S_IFLNK: self = .link
        // Linux has no other kind: a FIFO, a socket, a character or a block device.
        default: self = .special(SpecialFile(mode: info.st_mode) ?? .device)
        }
    }
}
