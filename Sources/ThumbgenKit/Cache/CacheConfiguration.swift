/// The cache a build uses, from the manifest's `cache:`, then the environment
/// (`THUMBGEN_CACHE_URL`, `THUMBGEN_CACHE_READ_ONLY`, `THUMBGEN_CACHE_KEY`,
/// `THUMBGEN_CACHE_TOKEN`, `THUMBGEN_CACHE_TIMEOUT`), then the flags (`--cache URL`,
/// `--cache-read-only`, `--no-cache`): each later one wins.
public struct CacheConfiguration: Equatable, Sendable {
    public var url: String
    public var readOnly: Bool
    /// The HMAC key records are signed and checked with; never from the manifest.
    public var key: [UInt8]?
    /// The bearer token sent to an HTTP cache; never from the manifest, never printed.
    public var token: String?
    /// Seconds a whole request may take (`THUMBGEN_CACHE_TIMEOUT`); connecting takes at most 5.
    public var timeout: Double = CacheTiming().requestSeconds

    /// Nil when no cache is named, or `--no-cache` says so.
    public static func resolve(_ manifest: CacheSettings, environment: [String: String], url flagURL: String? = nil,
                               readOnly flagReadOnly: Bool = false, disabled: Bool = false) -> CacheConfiguration? {
        guard !disabled else { return nil }
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        guard let url = flagURL ?? value("THUMBGEN_CACHE_URL") ?? manifest.url else { return nil }
        let readOnlyText = environment["THUMBGEN_CACHE_READ_ONLY"]?.lowercased()
        let readOnly = flagReadOnly || ["1", "true", "yes"].contains(readOnlyText ?? "") || (manifest.readOnly && readOnlyText == nil)
        var configuration = CacheConfiguration(url: url, readOnly: readOnly, key: value("THUMBGEN_CACHE_KEY").map { Array($0.utf8) },
                                               token: value("THUMBGEN_CACHE_TOKEN"))
        if let seconds = value("THUMBGEN_CACHE_TIMEOUT").flatMap(Double.init), seconds.isFinite, seconds > 0 {
            configuration.timeout = min(seconds, 3600)
        }
        return configuration
    }

    /// The cache; nil when the URL names none thumbgen can use (`CacheURL.parse`).
    /// `force`: the build makes every image again, so it only writes to the cache.
    func makeCache(force: Bool) -> RenditionCache? {
        let store: any CacheStore
        switch CacheURL.parse(url) {
        case .failure: return nil
        case .success(.folder(let path)): store = FolderCacheStore(path: path, sweeps: !readOnly)
        case .success(.server(let server)):
            let timing = CacheTiming(connectSeconds: min(5, timeout), requestSeconds: timeout)
            store = HTTPCacheStore(server: server, token: token, timing: timing)
        }
        return RenditionCache(store: store, readOnly: readOnly, fetches: !force, key: key)
    }
}
