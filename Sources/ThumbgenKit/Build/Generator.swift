import FoundationEssentials
import Glibc
import Renditions

/// How a build runs.
public struct BuildOptions: Sendable {
    public var jobs: Int
    public var force = false
    public var shard: Shard?
    /// Charge each image's CPU time to stages (`BuildSummary.profile`).
    public var profile = false
    /// Where `--verbose` sends each decision the stages make; nil says nothing.
    public var narrator: Narrator?
    /// The shared cache (`CacheConfiguration.resolve`); nil builds without one.
    public var cache: CacheConfiguration?
    /// Answer from the seal of the last build when it still holds (`BuildSeal`): `build` and
    /// `check` do; a build that times its stages, narrates, forces, shares a cache or builds a
    /// shard does not, nor does `watch`, which compares the indexes it writes.
    public var answersFromSeal = false

    /// True when a build with these options may be answered from its seal.
    var readsSeal: Bool { answersFromSeal && !force && shard == nil && !profile && narrator == nil && cache == nil }

    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount, force: Bool = false, shard: Shard? = nil,
                profile: Bool = false, narrator: Narrator? = nil) {
        self.jobs = jobs
        self.force = force
        self.shard = shard
        self.profile = profile
        self.narrator = narrator
    }
}

/// A build that could not finish: what is on disk is consistent and the next build finishes it.
public struct BuildFailure: Error, CustomStringConvertible, Sendable {
    public var description: String
}

/// The build: decide per image what to keep and what to make, run the images on a bounded pool
/// of workers, write the index atomically, then delete the files this manifest owned and no
/// longer lists.
public struct Generator: Sendable {
    public let manifest: Manifest
    public let options: BuildOptions

    /// `.thumbgen/` beside the manifest, opened once.
    public let state: StateFolder

    public init(manifest: Manifest, options: BuildOptions) {
        self.manifest = manifest
        self.options = options
        state = StateFolder(manifestDirectory: manifest.directory.path, shard: options.shard)
    }

    public var paths: IndexPaths { IndexPaths(indexPath: manifest.indexPath) }
    /// The index, absolute.
    public var indexFile: String { manifest.root.path + "/" + manifest.indexPath }
    /// The slices of the index (`index: { split: folder }`).
    var slices: IndexSlices { IndexSlices(paths: paths) }
    /// The index this build writes, root-relative: the index, or a shard's own beside it.
    var outputIndex: String { options.shard.map { paths.shardIndex($0) } ?? paths.index }
    /// The originals this build handles: all of them, or its shard's share.
    var images: [ImageEntry] {
        options.shard.map { shard in manifest.images.filter { shard.owns($0.path) } } ?? manifest.images
    }

    /// The previous index this build remembers: a shard's own, else the whole index (a shard
    /// sees only the images it owns). A damaged or foreign index is no memory at all.
    func previousIndex(_ files: SiteFiles) -> RenditionIndex? {
        let store = IndexStore(files: files)
        var previous = (options.shard == nil ? nil : store.load(outputIndex)) ?? store.load(paths.index)
        if let shard = options.shard, var index = previous {
            index.images = index.images.filter { paths.rootRelative($0.key).map(shard.owns) ?? false }
            index.shard = nil
            previous = index
        }
        return previous
    }

    /// Shard indexes beside the index, root-relative, with the K and N their names give.
    func shardIndexes(_ files: SiteFiles) -> [(path: String, index: Int, count: Int)] {
        let names = files.list(paths.folder) ?? []
        return names.compactMap { name in
            paths.shard(named: name).map { ((paths.folder.isEmpty ? name : paths.folder + "/" + name), $0.index, $0.count) }
        }.sorted { ($0.count, $0.index) < ($1.count, $1.index) }
    }

    /// The seal of the last build, when these options read one and it still holds.
    var holdingSeal: BuildSeal? {
        options.readsSeal ? BuildSeal.holding(for: manifest, state: state) : nil
    }

    /// Runs the build. `progress` is called (from worker threads, one call at a time) as each
    /// image finishes.
    public func build(progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }) throws(BuildFailure) -> BuildSummary {
        let started = Date()
        if let seal = holdingSeal {
            var summary = BuildSummary(sealed: seal.summary)
            summary.seconds = Date().timeIntervalSince(started)
            return summary
        }
        let session = try BuildSession(generator: self)
        let context = session.context
        // Largest originals first; the pool hands them out from both ends (`JobOrder`).
        let jobs = images.map { (job: ImageJob(entry: $0, context: context), size: FileStat(path: context.absolutePath($0.path))?.size ?? 0) }
            .sorted { ($0.size, $1.job.entry.path) > ($1.size, $0.job.entry.path) }.map(\.job)
        let outcomes = WorkerPool.run(jobs, workers: options.jobs, profile: options.profile) { outcome, done in
            progress(BuildProgress(done: done, total: jobs.count, path: outcome.path))
        }
        var summary = BuildSummary(outcomes: outcomes)
        summary.problems = session.ignoredListings + summary.problems
        var index = IndexAssembler.assemble(outcomes, context: context, generator: GeneratorVersion.name)
        index.shard = options.shard.map { ShardRecord(index: $0.index, count: $0.count, manifest: ShardIdentity(manifest: manifest).text) }
        if options.shard == nil { index.slices = slices.listing(of: index, split: manifest.indexSplit) }
        summary.pruned = try session.finish(index, outcomes: outcomes)
        summary.seconds = Date().timeIntervalSince(started)
        if options.profile { summary.profile = BuildProfile(outcomes: outcomes) }
        if let cache = context.cache { summary.cache = (cache.store.name, cache.counts) }
        index.shard = nil
        summary.index = index
        summary.figures = SummaryFigures(index: index)
        return summary
    }
}

/// One finished image, for progress reports.
public struct BuildProgress: Sendable {
    public var done: Int
    public var total: Int
    public var path: String
}
