import YAML

/// The `cache:` section: the shared cache's URL and whether this build may write to it. No
/// token or key is ever read from a manifest: those come from the environment.
extension ManifestReader {
    static let cacheKeys = ["url", "read_only"]

    mutating func readCache(_ node: YAMLNode) -> CacheSettings {
        var cache = CacheSettings()
        guard let values = reader.mapping(node, "cache", keys: Self.cacheKeys) else { return cache }
        if let url = values["url"], let text = reader.string(url, "cache.url") {
            if let problem = CacheSettings.problem(text) {
                reader.error(url.mark, "cache.url '\(text)': \(problem)")
            } else {
                cache.url = text
            }
        }
        if let readOnly = values["read_only"], let flag = reader.boolean(readOnly, "cache.read_only") { cache.readOnly = flag }
        return cache
    }
}
