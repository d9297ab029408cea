import FoundationEssentials
import Glibc
import Renditions

/// Joins the shard indexes of `build --shard K/N` into the index, byte for byte what one whole
/// build writes, then removes them. Refuses a set that is incomplete, has a shard twice, or mixes
/// manifests or thumbgen versions.
public struct Merger: Sendable {
    public let manifest: Manifest

    public init(manifest: Manifest) { self.manifest = manifest }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The shard index files beside the index, with the K and N their names give.
    func shardFiles() -> [(path: String, index: Int, count: Int)] {
        let indexURL = manifest.root.appendingPathComponent(manifest.indexPath)
        let folder = indexURL.deletingLastPathComponent().path
        let stem = indexURL.deletingPathExtension().lastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.compactMap { name in
            guard name.hasPrefix(stem + ".shard-"), name.hasSuffix(".json") else { return nil }
            let middle = name.dropFirst(stem.count + ".shard-".count).dropLast(".json".count)
            let parts = middle.split(separator: "-")
            guard parts.count == 3, parts[1] == "of", let index = Int(parts[0]), let count = Int(parts[2]) else { return nil }
            return (folder + "/" + name, index, count)
        }.sorted { ($0.count, $0.index) < ($1.count, $1.index) }
    }

    /// Merges, writes the index and deletes the shard files. Returns the merged index.
    public func merge() throws(Failure) -> RenditionIndex {
        let files = shardFiles()
        guard let count = files.first?.count else {
            throw Failure(description: "no shard indexes beside \(manifest.indexPath); run 'thumbgen build --shard K/N' for each K first")
        }
        let name = { (path: String) in path.lastPathPart }
        if let other = files.first(where: { $0.count != count }) {
            throw Failure(description: "\(name(files[0].path)) and \(name(other.path)) belong to different splits (\(count) and \(other.count) shards); delete the stale ones and merge again")
        }
        let missing = (1...count).filter { k in !files.contains { $0.index == k } }
        guard missing.isEmpty else {
            let list = missing.map { "\($0)/\(count)" }.joined(separator: ", ")
            throw Failure(description: "shard\(missing.count == 1 ? "" : "s") \(list) \(missing.count == 1 ? "is" : "are") missing; run 'thumbgen build --shard \(missing[0])/\(count)' and merge again")
        }

        let fingerprint = manifest.fingerprint
        let generator = "thumbgen \(Thumbgen.version)"
        var shards: [(name: String, index: RenditionIndex, record: ShardRecord, genuine: Bool)] = []
        for file in files {
            let shard: RenditionIndex
            do {
                shard = try RenditionIndex.load(from: URL(fileURLWithPath: file.path))
            } catch {
                throw Failure(description: "\(error)")
            }
            guard let record = shard.shard else {
                throw Failure(description: "\(name(file.path)) is not a shard index")
            }
            shards.append((name(file.path), shard, record, record.index == file.index && record.count == file.count))
        }
        // A copy under another name is reported as such, before the name mismatch it also causes.
        var seen: [Int: String] = [:]
        for shard in shards.filter(\.genuine) + shards.filter({ !$0.genuine }) {
            if let first = seen[shard.record.index] {
                throw Failure(description: "\(shard.name) holds shard \(shard.record.index)/\(shard.record.count) again (also in \(first)); remove the duplicate")
            }
            seen[shard.record.index] = shard.name
        }
        var merged: RenditionIndex?
        var owner: [String: String] = [:]
        let paths = IndexPaths(indexPath: manifest.indexPath)
        for (file, shard) in zip(files, shards) {
            let record = shard.record
            guard record.index == file.index, record.count == file.count else {
                throw Failure(description: "\(shard.name) holds shard \(record.index)/\(record.count), not what its name says")
            }
            guard record.manifest == fingerprint else {
                throw Failure(description: "\(shard.name) was built from a different manifest; build it again with this one")
            }
            guard shard.index.generator == generator else {
                throw Failure(description: "\(shard.name) was built by \(shard.index.generator), not \(generator); build it again")
            }
            var index = merged ?? RenditionIndex(generator: shard.index.generator, output: shard.index.output,
                                                 rendering: shard.index.rendering, schema: shard.index.schema, slots: shard.index.slots)
            for (path, image) in shard.index.images {
                // A build or clean since the shards were made may have replaced their files.
                for entry in image.renditions.values where entry.file != path
                    && FileStat(path: manifest.root.path + "/" + paths.rootRelative(entry.file)) == nil {
                    throw Failure(description: "\(shard.name) lists \(paths.rootRelative(entry.file)), which no longer exists (a build or clean ran since the shards were made); build the shards again")
                }
                if let other = owner[path] {
                    throw Failure(description: "\(path) is in both \(other) and \(shard.name); the shards overlap, so build them again")
                }
                owner[path] = shard.name
                index.images[path] = image
            }
            merged = index
        }
        let index = merged!
        do {
            try Generator.writeIfChanged(index.encoded(), to: manifest.root.appendingPathComponent(manifest.indexPath).path)
        } catch {
            throw Failure(description: error.description)
        }
        for file in files { unlink(file.path) }
        return index
    }
}
