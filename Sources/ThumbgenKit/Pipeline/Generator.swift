import FoundationEssentials
import Glibc
import Renditions

/// How a build runs.
public struct BuildOptions: Sendable {
    public var jobs: Int
    public var force = false
    public var shard: Shard?

    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount, force: Bool = false, shard: Shard? = nil) {
        self.jobs = jobs
        self.force = force
        self.shard = shard
    }
}

/// A build that could not finish: what is on disk is consistent and the next build finishes it.
public struct BuildFailure: Error, CustomStringConvertible, Sendable {
    public var description: String
}

/// The build: decide per image what to reuse and what to make, run the images on a bounded pool
/// of workers, write the index atomically, then delete the files the previous index listed and
/// this one no longer needs.
public struct Generator: Sendable {
    public let manifest: Manifest
    public let options: BuildOptions

    public init(manifest: Manifest, options: BuildOptions) {
        self.manifest = manifest
        self.options = options
    }

    /// `.thumbgen/` beside the manifest.
    public var stateFolder: String { manifest.directory.path + "/.thumbgen" }
    public var indexFile: String { manifest.root.path + "/" + manifest.indexPath }
    /// The index this build writes: the index, or a shard's own beside it.
    public var outputIndexFile: String {
        options.shard.map { manifest.root.path + "/" + $0.indexPath(for: manifest.indexPath) } ?? indexFile
    }
    /// The originals this build handles: all of them, or its shard's share.
    var images: [ImageEntry] {
        options.shard.map { shard in manifest.images.filter { shard.owns($0.path) } } ?? manifest.images
    }
    /// Shards running side by side keep state files of their own.
    var stateSuffix: String { options.shard.map { ".shard-\($0.index)-of-\($0.count)" } ?? "" }
    var statCacheFile: String { stateFolder + "/stat-cache\(stateSuffix).json" }
    var pruneJournal: PruneJournal { PruneJournal(path: stateFolder + "/prune\(stateSuffix).json") }

    func makeContext() -> BuildContext {
        // A damaged or foreign index is no memory at all: everything is made again.
        var previous = (try? RenditionIndex.load(from: URL(fileURLWithPath: outputIndexFile)))
            ?? (try? RenditionIndex.load(from: URL(fileURLWithPath: indexFile)))
        if let shard = options.shard, var index = previous {
            // A shard remembers, and prunes, only the images it owns.
            let paths = IndexPaths(indexPath: manifest.indexPath)
            index.images = index.images.filter { shard.owns(paths.rootRelative($0.key)) }
            index.shard = nil
            previous = index
        }
        return BuildContext(manifest: manifest, previous: previous, statCache: StatCache.load(from: statCacheFile),
                            force: options.force, memory: .standard(workers: options.jobs))
    }

    /// Runs the build. `progress` is called (from worker threads, one call at a time) as each
    /// image finishes.
    public func build(progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }) throws(BuildFailure) -> BuildSummary {
        let started = Date()
        let context = makeContext()
        try? FileManager.default.createDirectory(atPath: stateFolder, withIntermediateDirectories: true)
        pruneJournal.finish(keeping: context.previous, context: context)
        if options.shard == nil { Self.removeStrayTemporaries(context) }

        // Largest originals first, so the last job to finish is a small one.
        let jobs = images.map { (job: ImageJob(entry: $0, context: context), size: FileStat(path: context.absolutePath($0.path))?.size ?? 0) }
            .sorted { $0.size > $1.size }.map(\.job)
        let outcomes = WorkerPool.run(jobs, workers: options.jobs) { outcome, done in
            progress(BuildProgress(done: done, total: jobs.count, path: outcome.path))
        }
        var summary = BuildSummary(outcomes: outcomes)
        var index = Self.assemble(outcomes, context: context)
        index.shard = options.shard.map { ShardRecord(index: $0.index, count: $0.count, manifest: manifest.fingerprint) }
        let stale = Pruner.stale(previous: context.previous, current: index, context: context)
        do {
            if !stale.isEmpty { try pruneJournal.write(stale) }
            try Self.writeIfChanged(index.encoded(), to: outputIndexFile)
        } catch {
            throw BuildFailure(description: error.description)
        }
        if let failure = outcomes.lazy.compactMap(\.writeError).first {
            throw BuildFailure(description: failure.description)
        }
        summary.pruned = Pruner.delete(stale, keeping: index, context: context)
        pruneJournal.remove()
        // A whole build supersedes any shard indexes left unmerged: merging them now would
        // bring back what this build replaced.
        if options.shard == nil { for shard in Merger(manifest: manifest).shardFiles() { unlink(shard.path) } }

        var cache = StatCache()
        for outcome in outcomes { if let hashed = outcome.hashed { cache.entries[outcome.path] = hashed } }
        if cache != context.statCache { try? cache.save(to: statCacheFile) }
        summary.seconds = Date().timeIntervalSince(started)
        index.shard = nil
        summary.index = index
        return summary
    }

    /// The index a build writes from its outcomes. An image whose job did not finish (the build
    /// stopped on a failed write) keeps the previous build's record if all its files are there,
    /// and is otherwise left out, so that clients show the original.
    static func assemble(_ outcomes: [ImageOutcome], context: BuildContext) -> RenditionIndex {
        var index = RenditionIndex(generator: "thumbgen \(Thumbgen.version)", output: context.outputRecord,
                                   rendering: BuildContext.renderingVersion,
                                   slots: Dictionary(uniqueKeysWithValues: context.manifest.slots.map { ($0.name, BuildContext.slotRecord($0)) }))
        for outcome in outcomes {
            let key = context.paths.relative(outcome.path)
            if let record = outcome.record {
                index.images[key] = record
            } else if let old = context.previous?.images[key], filesExist(old, context) {
                index.images[key] = old
            }
        }
        return index
    }

    /// Writes `data` unless the file already holds exactly it (a no-op build touches nothing).
    static func writeIfChanged(_ data: Data, to path: String) throws(WriteError) {
        if let existing = FileManager.default.contents(atPath: path), existing == data { return }
        let folder = path.parentPath
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try AtomicFile.write([UInt8](data), to: path, sync: true)
    }

    static func filesExist(_ record: ImageRecord, _ context: BuildContext) -> Bool {
        record.renditions.values.allSatisfy { FileStat(path: context.absolutePath(context.paths.rootRelative($0.file))) != nil }
    }

    /// Deletes temporary files a killed build left in the folders thumbgen writes to.
    static func removeStrayTemporaries(_ context: BuildContext) {
        var folders = Set(context.manifest.images.map(\.path.parentPath))
        folders.insert(context.manifest.indexPath.parentPath)
        for folder in folders {
            let path = folder.isEmpty ? context.manifest.root.path : context.absolutePath(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            for name in names where name.hasPrefix(AtomicFile.temporaryPrefix) {
                unlink(path + "/" + name)
            }
        }
    }
}

/// One finished image, for progress reports.
public struct BuildProgress: Sendable {
    public var done: Int
    public var total: Int
    public var path: String
}
