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
        if case .failure(let problem) = CacheURL.parse(url) { return problem.reason }
        return nil
    }
}
