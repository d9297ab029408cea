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

    /// One shard index as read: the name of its file, the index, and its shard record.
    struct ReadShard {
        var file: (path: String, index: Int, count: Int)
        var name: String
        var index: RenditionIndex
        var record: ShardRecord
        /// Its record says the K and N its file name says.
        var genuine: Bool { record.index == file.index && record.count == file.count }
    }

    /// Merges, writes the index and deletes the shard files. Returns the merged index.
    public func merge() throws(Failure) -> RenditionIndex {
        let generator = Generator(manifest: manifest, options: BuildOptions(narrator: narrator))
        let files = SiteFiles(root: manifest.root.path)
        let shardFiles = generator.shardIndexes(files)
        try Self.checkComplete(shardFiles, indexPath: manifest.indexPath)
        let shards = try shardFiles.map { file throws(Failure) in try Self.read(file, store: IndexStore(files: files)) }
        try Self.checkDuplicates(shards)
        let identity = ShardIdentity(manifest: manifest)
        var merged: RenditionIndex?
        var owner: [String: String] = [:]
        for shard in shards {
            try check(shard, identity: identity, paths: generator.paths)
            var index = merged ?? RenditionIndex(generator: shard.index.generator, output: shard.index.output,
                                                 rendering: shard.index.rendering, schema: shard.index.schema, slots: shard.index.slots)
            try Self.join(shard, into: &index, owner: &owner, paths: generator.paths, files: files)
            merged = index
        }
        var index = merged!
        index.slices = generator.slices.listing(of: index, split: manifest.indexSplit)
        do {
            let journal = try BuildJournal(name: generator.state.mergeJournal, state: generator.state)
            let registry = IndexRegistry.load(files)
            try registry.adding(generator.paths.index).save(files, previous: registry, temporaryName: journal.temporaryName())
            let staleSlices = try writeSlices(of: index, registry: registry, files: files, journal: journal)
            try IndexStore(files: files).write(index, to: generator.paths.index, journal: journal)
            for path in staleSlices { files.remove(path) }
            for file in shardFiles { files.remove(file.path) }
            journal.remove()
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .stopped("\(error)")
        }
        return index
    }

    /// Writes the merged index's slices, as a whole build does; returns those of the index it
    /// replaces that it has no more, to delete once it is written (both journalled first, so a
    /// killed merge leaves them owned).
    private func writeSlices(of index: RenditionIndex, registry: IndexRegistry, files: SiteFiles,
                             journal: BuildJournal) throws(Failure) -> [String] {
        let slices = IndexSlices(paths: IndexPaths(indexPath: manifest.indexPath))
        let foreign = registry.filesListed(besides: manifest.indexPath, files: files)
        let earlier = slices.listed(by: IndexStore(files: files).load(manifest.indexPath))
        let paths = slices.contents(of: index).map(\.path)
        let stale = slices.stale(earlier, keeping: Set(paths), files: files, foreign: foreign)
        journal.record(paths + stale)
        do {
            try slices.write(index, files: files, foreign: foreign, journal: journal)
        } catch {
            switch error {
            case .refused(let reason): throw .refused(reason)
            case .stopped(let error): throw .stopped(error.description)
            }
        }
        return stale
    }

    /// Every shard of one split is there, once.
    static func checkComplete(_ shardFiles: [(path: String, index: Int, count: Int)], indexPath: String) throws(Failure) {
        guard let count = shardFiles.first?.count else {
            throw .refused("no shard indexes beside \(indexPath); run 'thumbgen build --shard K/N' for each K first")
        }
        if let other = shardFiles.first(where: { $0.count != count }) {
            throw .refused("\(shardFiles[0].path.lastPathPart) and \(other.path.lastPathPart) belong to different splits (\(count) and \(other.count) shards); delete the stale ones and merge again")
        }
        let missing = (1...count).filter { k in !shardFiles.contains { $0.index == k } }
        guard missing.isEmpty else {
            let list = missing.map { "\($0)/\(count)" }.joined(separator: ", ")
            throw .refused("shard\(missing.count == 1 ? "" : "s") \(list) \(missing.count == 1 ? "is" : "are") missing; run 'thumbgen build --shard \(missing[0])/\(count)' and merge again")
        }
    }

    /// The shard index in `file`, which must read as one.
    static func read(_ file: (path: String, index: Int, count: Int), store: IndexStore) throws(Failure) -> ReadShard {
        let name = file.path.lastPathPart
        guard let bytes = store.bytes(file.path) else { throw .refused("\(name) cannot be read") }
        let shard: RenditionIndex
        do {
            shard = try IndexStore.decode(bytes, name: name)
        } catch {
            throw .refused("\(error)")
        }
        guard let record = shard.shard else { throw .refused("\(name) is not a shard index") }
        return ReadShard(file: file, name: name, index: shard, record: record)
    }

    /// No shard is there twice. A copy under another name is reported as such, before the name
    /// mismatch it also causes.
    static func checkDuplicates(_ shards: [ReadShard]) throws(Failure) {
        var seen: [Int: String] = [:]
        for shard in shards.filter(\.genuine) + shards.filter({ !$0.genuine }) {
            if let first = seen[shard.record.index] {
                throw .refused("\(shard.name) holds shard \(shard.record.index)/\(shard.record.count) again (also in \(first)); remove the duplicate")
            }
            seen[shard.record.index] = shard.name
        }
    }

    /// The shard is what its name says, made by this thumbgen from this manifest's recipe parts
    /// (`identity`), with exactly its share of the images.
    func check(_ shard: ReadShard, identity: ShardIdentity, paths: IndexPaths) throws(Failure) {
        let record = shard.record, generatorName = GeneratorVersion.name
        guard shard.genuine else {
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
    }

    /// Adds the shard's images to `index`; `owner` says which shard gave each.
    static func join(_ shard: ReadShard, into index: inout RenditionIndex, owner: inout [String: String], paths: IndexPaths,
                     files: SiteFiles) throws(Failure) {
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
