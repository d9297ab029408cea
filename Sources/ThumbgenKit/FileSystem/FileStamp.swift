import Glibc

/// What stat(2) says of a file or folder, enough to tell that it changed: its device and inode
/// (a file renamed over it is another inode), its size, and its modification and change times in
/// nanoseconds. The change time moves on any write and any change of metadata, and nobody can set
/// it back, so a file edited and given its old time again still shows.
struct FileStamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var changed: Int64
    /// The file type bits of `st_mode` (`S_IFREG`, `S_IFDIR`).
    var type: UInt32

    init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64, type: UInt32) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
        self.type = type
    }

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        type = UInt32(info.st_mode) & UInt32(S_IFMT)
    }

    /// Of what `path` leads to (links followed); nil when nothing is there.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// Of the entry at `path` itself: a link is stamped as a link.
    init?(entry path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    /// True when a change made after the stamp was taken could leave it as it is: its times are
    /// within `margin` of `moment` (a file system's clock ticks in milliseconds; one that keeps
    /// whole seconds, with no nanoseconds in either time, is given two seconds).
    func isRecent(before moment: Int64) -> Bool {
        let wholeSeconds = modified % 1_000_000_000 == 0 || changed % 1_000_000_000 == 0
        let margin: Int64 = wholeSeconds ? 2_000_000_000 : 100_000_000
        return max(modified, changed) > moment - margin
    }
}
