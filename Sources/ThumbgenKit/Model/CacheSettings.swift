/// The manifest's `cache:` section: a store of renditions shared between machines, keyed by
/// recipe (the Bazel HTTP cache layout, or a folder).
public struct CacheSettings: Equatable, Sendable {
    /// `http://…`, `https://…` or `file://…`; nil when the manifest names no cache.
    public var url: String?
    /// Take from the cache, never put into it (pull requests, untrusted runners).
    public var readOnly: Bool

    public init(url: String? = nil, readOnly: Bool = false) {
        self.url = url
        self.readOnly = readOnly
    }

    /// Why `url` names no cache thumbgen can use, or nil when it does.
    public static func problem(_ url: String) -> String? {
        if url.hasPrefix("file://") {
            let path = String(url.dropFirst("file://".count))
            return path.hasPrefix("/") ? nil : "a file:// cache is an absolute folder, like file:///var/cache/thumbgen"
        }
        if url.hasPrefix("http://") || url.hasPrefix("https://") {
            return "this thumbgen reads and writes file:// caches (a folder, a shared volume, actions/cache); an HTTP cache is not supported yet"
        }
        return "a cache URL starts with file://, http:// or https://"
    }
}
