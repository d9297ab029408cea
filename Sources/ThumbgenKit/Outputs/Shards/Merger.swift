import FoundationEssentials
import Renditions

/// Joins the shard indexes of `build --shard K/N` into the index, byte for byte what one whole
/// build writes, then removes them. Refuses a set that is incomplete, has a shard twice, mixes
/// thumbgen versions, or holds a shard made with other output settings, limits or codec library
/// versions than this manifest and machine have (`ShardIdentity`), or with other images than
/// its share of this manifest's.
public struct Merger: Sendable {
    public let manifest: Manifest
    /// Where the merge tells its decisions (`merge --verbose`).
    public let narrator: Narrator?

    public init(manifest: Manifest, narrator: Narrator? = nil) {
        self.manifest = manifest
        self.narrator = narrator
    }

    /// Why the shards cannot be merged (exit 2), or why the index could not be written (exit 3).
    public enum Failure: Error, CustomStringConvertible, Sendable {
        case refused(String)
        case stopped(String)

        public var description: String {
            switch self {
            case .refused(let reason), .stopped(let reason): reason
            }
        }
    }

    /// Merges, writes the index and deletes the shard files. Returns the merged index.
    public func merge() throws(Failure) -> RenditionIndex {
        let generator = Generator(manifest: manifest, options: BuildOptions(narrator: narrator))
        let paths = generator.paths
        let files = SiteFiles(root: manifest.root.path)
        let shardFiles = generator.shardIndexes(files)
        guard let count = shardFiles.first?.count else {
            throw .refused("no shard indexes beside \(manifest.indexPath); run 'thumbgen build --shard K/N' for each K first")
        }
        let name = { (path: String) in path.lastPathPart }
        if let other = shardFiles.first(where: { $0.count != count }) {
            throw .refused("\(name(shardFiles[0].path)) and \(name(other.path)) belong to different splits (\(count) and \(other.count) shards); delete the stale ones and merge again")
        }
        let missing = (1...count).filter { k in !shardFiles.contains { $0.index == k } }
        guard missing.isEmpty else {
            let list = missing.map { "\($0)/\(count)" }.joined(separator: ", ")
            throw .refused("shard\(missing.count == 1 ? "" : "s") \(list) \(missing.count == 1 ? "is" : "are") missing; run 'thumbgen build --shard \(missing[0])/\(count)' and merge again")
        }

        var shards: [(name: String, index: RenditionIndex, record: ShardRecord, genuine: Bool)] = []
        for file in shardFiles {
            guard let bytes = files.read(file.path, limit: 1 << 30) else { throw .refused("\(name(file.path)) cannot be read") }
            let shard: RenditionIndex
            do {
                shard = try RenditionIndex.decode(Data(bytes), name: name(file.path))
            } catch {
                throw .refused("\(error)")
            }
            guard let record = shard.shard else { throw .refused("\(name(file.path)) is not a shard index") }
            shards.append((name(file.path), shard, record, record.index == file.index && record.count == file.count))
        }
        // A copy under another name is reported as such, before the name mismatch it also causes.
        var seen: [Int: String] = [:]
        for shard in shards.filter(\.genuine) + shards.filter({ !$0.genuine }) {
            if let first = seen[shard.record.index] {
                throw .refused("\(shard.name) holds shard \(shard.record.index)/\(shard.record.count) again (also in \(first)); remove the duplicate")
            }
            seen[shard.record.index] = shard.name
        }
        let identity = ShardIdentity(manifest: manifest), generatorName = GeneratorVersion.name
        var merged: RenditionIndex?
        var owner: [String: String] = [:]
        for (file, shard) in zip(shardFiles, shards) {
            let record = shard.record
            guard record.index == file.index, record.count == file.count else {
                throw .refused("\(shard.name) holds shard \(record.index)/\(record.count), not what its name says")
            }
            guard shard.index.generator == generatorName else {
                throw .refused("\(shard.name) was built by \(shard.index.generator), not \(generatorName); build it again")
            }
            guard let built = ShardIdentity(text: record.manifest) else {
                throw .refused("\(shard.name) was built from a different manifest; build it again with this one")
            }
            let differences = identity.differences(from: built)
            guard differences.isEmpty else {
                let list = differences.map(ShardIdentity.words).joined(separator: ", ")
                throw .refused("\(shard.name) was built with other \(list) than this manifest and machine have; build it again with this manifest here")
            }
            try Self.checkShare(of: shard.index, named: shard.name, shard: record, manifest: manifest, paths: paths)
            var index = merged ?? RenditionIndex(generator: shard.index.generator, output: shard.index.output,
                                                 rendering: shard.index.rendering, schema: shard.index.schema, slots: shard.index.slots)
            for (path, image) in shard.index.images {
                // A build or clean since the shards were made may have replaced their files.
                let original = paths.rootRelative(path) ?? path
                if !IndexFileList.allPresent(image, image: original, paths: paths, files: files) {
                    throw .refused("\(shard.name) lists renditions of \(original) that no longer exist as it recorded them (a build or clean ran since the shards were made); build the shards again")
                }
                if let other = owner[path] {
                    throw .refused("\(path) is in both \(other) and \(shard.name); the shards overlap, so build them again")
                }
                owner[path] = shard.name
                index.images[path] = image
            }
            merged = index
        }
        let index = merged!
        let journal: BuildJournal
        do {
            journal = try BuildJournal(name: generator.state.mergeJournal, state: generator.state)
            let registry = IndexRegistry.load(files)
            try registry.adding(paths.index).save(files, previous: registry, temporaryName: journal.temporaryName())
            try IndexWriter.write(index, to: paths.index, files: files, journal: journal)
        } catch {
            throw .stopped(error.description)
        }
        for file in shardFiles { files.remove(file.path) }
        journal.remove()
        return index
    }

    /// A shard's images must be exactly its share of the manifest's images, by the keys an index
    /// gives them: a shard index is untrusted input, and a key it adds (`../../etc/passwd`) would
    /// otherwise reach the index, and every command that reads it, as an original.
    static func checkShare(of index: RenditionIndex, named name: String, shard record: ShardRecord, manifest: Manifest,
                           paths: IndexPaths) throws(Failure) {
        guard let shard = Shard(index: record.index, count: record.count) else { throw .refused("\(name) is not a shard index") }
        let share = Set(manifest.images.filter { shard.owns($0.path) }.map { paths.relative($0.path) })
        if let extra = index.images.keys.filter({ !share.contains($0) }).sorted().first {
            throw .refused("\(name) lists \(extra.debugDescription), which is not among this manifest's images for shard \(shard); build it again")
        }
        if let missing = share.filter({ index.images[$0] == nil }).sorted().first {
            throw .refused("\(name) lacks \(missing.debugDescription), which this manifest gives shard \(shard); build it again")
        }
    }
}
