/// Where shared files live: `cas/<sha256 of the bytes>` for each file and `ac/<sha256 of the
/// recipe>` for each image's record, as bazel-remote, nginx WebDAV and ccache's HTTP storage
/// lay them out. A store answers or fails; it never decides what is trusted (`RenditionCache`
/// checks every hash and signature).
protocol CacheStore: Sendable {
    /// The bytes under `key` (at most `limit`), or nil when the store has none.
    func get(_ key: String, limit: Int) throws(CacheFault) -> [UInt8]?
    /// Whether the store has something under `key` (a file need not go up twice).
    func contains(_ key: String) throws(CacheFault) -> Bool
    /// Stores `bytes` under `key`, whole or not at all.
    func put(_ key: String, _ bytes: [UInt8]) throws(CacheFault)
    /// The store as messages name it (its URL, never a token).
    var name: String { get }
}

/// Why the cache could not be used for one request: the build goes on without it.
struct CacheFault: Error, Equatable {
    var reason: String
}
