import FoundationEssentials

/// Size, modification time and SHA-256 of each original at the last build, kept in `.thumbgen/`
/// beside the manifest. When size and time still match, the hash is taken from here instead of
/// reading the file. Losing it only costs time.
public struct StatCache: Codable, Equatable, Sendable {
    public struct Entry: Codable, Equatable, Sendable {
        public var stat: FileStat
        public var sha256: String
    }

    public var version = 1
    /// Keyed by path relative to root.
    public var entries: [String: Entry] = [:]

    public init() {}

    /// The cached hash when the file's size and time are what they were.
    public func sha256(for path: String, stat: FileStat) -> String? {
        guard let entry = entries[path], entry.stat == stat else { return nil }
        return entry.sha256
    }

    /// Loads the cache, or an empty one when it is missing, damaged or of another version.
    static func load(_ state: StateFolder) -> StatCache {
        guard let bytes = state.read(state.statCache, limit: IndexStore.sizeLimit),
              let cache = try? JSONDecoder().decode(StatCache.self, from: Data(bytes)), cache.version == 1
        else { return StatCache() }
        return cache
    }

    /// Writes the cache through a temporary the build's journal names, so that a build killed
    /// mid-write leaves nothing its next run does not remove.
    func save(_ state: StateFolder, journal: BuildJournal) throws(WriteError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(self)) ?? Data()
        try state.write([UInt8](data), to: state.statCache, temporaryName: journal.temporaryName())
    }
}
