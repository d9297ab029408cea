/// Which shard of `build --shard K/N` owns an image, and how its own files are named.
extension Shard {
    /// The shard (1-based) that owns an image among `count`: a stable hash of its root-relative
    /// path, so adding or removing one image moves no other.
    public static func owner(of path: String, count: Int) -> Int {
        let digest = FileHash.sha256(Array(path.utf8))
        let value = UInt64(digest.prefix(16), radix: 16) ?? 0
        return Int(value % UInt64(count)) + 1
    }

    public func owns(_ path: String) -> Bool {
        Self.owner(of: path, count: count) == index
    }

    /// `.shard-2-of-3`: what a shard's index and state files add to the whole build's names
    /// (`IndexPaths.shardIndex`, `StateFolder`).
    public var nameSuffix: String { ".shard-\(index)-of-\(count)" }
}
