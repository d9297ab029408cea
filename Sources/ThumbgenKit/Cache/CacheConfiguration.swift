/// The cache a build uses, from the manifest's `cache:`, then the environment
/// (`THUMBGEN_CACHE_URL`, `THUMBGEN_CACHE_READ_ONLY`, `THUMBGEN_CACHE_KEY`), then the flags
/// (`--cache URL`, `--cache-read-only`, `--no-cache`): each later one wins.
public struct CacheConfiguration: Equatable, Sendable {
    public var url: String
    public var readOnly: Bool
    /// The HMAC key records are signed and checked with; never from the manifest.
    public var key: [UInt8]?

    /// Nil when no cache is named, or `--no-cache` says so.
    public static func resolve(_ manifest: CacheSettings, environment: [String: String], url flagURL: String? = nil,
                               readOnly flagReadOnly: Bool = false, disabled: Bool = false) -> CacheConfiguration? {
        guard !disabled else { return nil }
        let named = flagURL ?? environment["THUMBGEN_CACHE_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? manifest.url
        guard let url = named else { return nil }
        let readOnlyText = environment["THUMBGEN_CACHE_READ_ONLY"]?.lowercased()
        let readOnly = flagReadOnly || ["1", "true", "yes"].contains(readOnlyText ?? "") || (manifest.readOnly && readOnlyText == nil)
        let key = environment["THUMBGEN_CACHE_KEY"].flatMap { $0.isEmpty ? nil : Array($0.utf8) }
        return CacheConfiguration(url: url, readOnly: readOnly, key: key)
    }

    /// The cache; nil when the URL names none thumbgen can use (`CacheSettings.problem`).
    /// `force`: the build makes every image again, so it only writes to the cache.
    func makeCache(force: Bool) -> RenditionCache? {
        guard CacheSettings.problem(url) == nil else { return nil }
        return RenditionCache(store: FolderCacheStore(path: String(url.dropFirst("file://".count))), readOnly: readOnly,
                              fetches: !force, key: key)
    }
}
