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
    /// The request failed before any byte of an answer came (a kept connection the server had
    /// closed): it may be sent again on a new connection.
    var beforeAnswer = false
}

/// The only names a store is asked for: `ac/` or `cas/` and 64 lowercase hex digits. A record's
/// claim of a hash is text from the cache; checked here, it can never become a path, a request
/// line or an escape sequence in a message.
enum CacheKey {
    static func isValid(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        let prefix = bytes.starts(with: Array("ac/".utf8)) ? 3 : bytes.starts(with: Array("cas/".utf8)) ? 4 : 0
        return prefix > 0 && isHash(bytes[prefix...])
    }

    static func isHash<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        bytes.count == 64 && bytes.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}
