import FoundationEssentials
import Renditions

/// The indexes of every manifest that builds into one root, kept in a small hidden file in root
/// (`IndexPaths.registry`), so that a build of one manifest never deletes or replaces a file
/// another manifest's index lists.
struct IndexRegistry: Equatable {
    /// Index paths relative to root, sorted.
    var indexes: [String] = []

    private struct File: Codable {
        var indexes: [String]
        var note = "thumbgen: the indexes built into this folder; thumbgen reads it to leave each other's files alone"
    }

    /// Reads the registry; a missing or damaged one lists nothing.
    static func load(_ files: SiteFiles) -> IndexRegistry {
        guard let bytes = files.read(IndexPaths.registry, limit: 1 << 20),
              let file = try? JSONDecoder().decode(File.self, from: Data(bytes)) else { return IndexRegistry() }
        return IndexRegistry(indexes: file.indexes.filter { RelativePath($0) != nil }.sorted())
    }

    /// Writes the registry when it changed.
    func save(_ files: SiteFiles, previous: IndexRegistry, temporaryName: @autoclosure () -> String) throws(WriteError) {
        guard self != previous else { return }
        guard !indexes.isEmpty else {
            files.remove(IndexPaths.registry)
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = (try? encoder.encode(File(indexes: indexes))) ?? Data()
        try files.write([UInt8](data) + [0x0A], to: IndexPaths.registry, temporaryName: temporaryName())
    }

    func adding(_ index: String) -> IndexRegistry {
        IndexRegistry(indexes: Array(Set(indexes + [index])).sorted())
    }

    func removing(_ index: String) -> IndexRegistry {
        IndexRegistry(indexes: indexes.filter { $0 != index })
    }

    /// Every file (root-relative) the other indexes list, their shard indexes included, and the
    /// indexes and their slices themselves; an index that is gone or damaged lists nothing.
    func filesListed(besides own: String, files: SiteFiles) -> Set<String> {
        var listed = Set<String>()
        for other in indexes where other != own {
            let paths = IndexPaths(indexPath: other)
            var indexFiles = [other]
            if let names = files.list(paths.folder) {
                indexFiles += names.filter { paths.shard(named: $0) != nil }.map { paths.folder.isEmpty ? $0 : paths.folder + "/" + $0 }
            }
            // The other index and its slices are its files too: no build writes or deletes them.
            listed.insert(other)
            for indexFile in indexFiles {
                guard let index = IndexStore(files: files).load(indexFile) else { continue }
                listed.formUnion(IndexFileList.allListed(of: index, paths: paths))
                listed.formUnion(IndexSlices(paths: paths).listed(by: index))
            }
        }
        return listed
    }
}
