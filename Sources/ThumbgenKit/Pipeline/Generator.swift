import Foundation
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
    var statCacheFile: String { stateFolder + "/stat-cache.json" }

    /// Runs the build. `progress` is called (from worker threads, one call at a time) as each
    /// image finishes.
    public func build(progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }) throws(BuildFailure) -> BuildSummary {
        let started = Date()
        let previous = try? RenditionIndex.load(from: URL(fileURLWithPath: indexFile))
        let context = BuildContext(manifest: manifest, previous: previous,
                                   statCache: StatCache.load(from: statCacheFile), force: options.force)
        let jobs = manifest.images.map { ImageJob(entry: $0, context: context) }
        let outcomes = WorkerPool.run(jobs, workers: options.jobs) { outcome, done in
            progress(BuildProgress(done: done, total: jobs.count, path: outcome.path))
        }

        var summary = BuildSummary(outcomes: outcomes)
        var index = RenditionIndex(generator: "thumbgen \(Thumbgen.version)", output: context.outputRecord,
                                   rendering: BuildContext.renderingVersion,
                                   slots: Dictionary(uniqueKeysWithValues: manifest.slots.map { ($0.name, BuildContext.slotRecord($0)) }))
        let failure = outcomes.lazy.compactMap(\.writeError).first
        for outcome in outcomes {
            let key = context.paths.relative(outcome.path)
            if let record = outcome.record {
                index.images[key] = record
            } else if let old = previous?.images[key], Self.filesExist(old, context) {
                index.images[key] = old  // unfinished: keep what the last build left, if it is whole
            }
        }
        do {
            try writeIfChanged(index.encoded(), to: indexFile)
        } catch {
            throw BuildFailure(description: error.description)
        }
        if let failure {
            throw BuildFailure(description: failure.description)
        }
        summary.pruned = Pruner.prune(previous: previous, current: index, context: context)
        var cache = StatCache()
        for outcome in outcomes { if let hashed = outcome.hashed { cache.entries[outcome.path] = hashed } }
        if cache != context.statCache { try? cache.save(to: statCacheFile) }
        summary.seconds = Date().timeIntervalSince(started)
        summary.index = index
        return summary
    }

    /// Writes `data` unless the file already holds exactly it (a no-op build touches nothing).
    private func writeIfChanged(_ data: Data, to path: String) throws(WriteError) {
        if let existing = FileManager.default.contents(atPath: path), existing == data { return }
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try AtomicFile.write([UInt8](data), to: path, sync: true)
    }

    static func filesExist(_ record: ImageRecord, _ context: BuildContext) -> Bool {
        record.renditions.values.allSatisfy { FileStat(path: context.absolutePath(context.paths.rootRelative($0.file))) != nil }
    }
}

/// One finished image, for progress reports.
public struct BuildProgress: Sendable {
    public var done: Int
    public var total: Int
    public var path: String
}
