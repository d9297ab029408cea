import Glibc

/// The size and modification time of a file, for the stat cache that makes no-op builds cheap.
public struct FileStat: Equatable, Codable, Sendable {
    public var size: Int
    /// Nanoseconds since the epoch.
    public var modified: Int64

    public init(size: Int, modified: Int64) {
        self.size = size
        self.modified = modified
    }

    /// Nil when the path does not exist or is not a regular file (symlinks are followed).
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// Of the file open at `descriptor`; nil when it is not a regular file.
    public init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    private init?(_ info: stat) {
        guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        size = Int(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }
}
