import FoundationEssentials
import Renditions

/// What a build would do, found without decoding or writing anything: for `check` and
/// `--dry-run`.
public struct BuildPlan: Sendable {
    public enum Mark: String, Sendable, Codable {
        /// Written: missing, or there but no longer what a build makes.
        case new
        /// Kept as it is.
        case reuse
        /// Deleted: this manifest made it and no longer needs it.
        case prune
    }

    /// One file of the plan.
    public struct Item: Sendable, Equatable {
        public var mark: Mark
        /// Root-relative.
        public var path: String
        /// The original it belongs to, root-relative; nil for a pruned file.
        public var image: String?
        /// True when a file is there now (for `new`: it would be replaced).
        public var exists: Bool
        /// Why it is made again (for `new`).
        public var reasons: [StaleReason]
    }

    /// The state of the index itself.
    public enum IndexState: Sendable, Equatable {
        case upToDate, missing, damaged, stale
    }

    /// A slice of the index (`index: { split: folder }`) a build would write or delete.
    public struct Slice: Sendable, Equatable {
        public enum State: String, Sendable {
            /// Not there: a build writes it.
            case missing
            /// There, but not what the index a build writes gives.
            case stale
            /// Its folder has no images any more: a build deletes it.
            case prune
        }

        public var state: State
        /// Root-relative.
        public var path: String
    }

    public var items: [Item] = []
    public var problems: [ImageProblem] = []
    public var index: IndexState = .upToDate
    /// Only the slices a build would change, by path.
    public var slices: [Slice] = []

    /// True when a build would change nothing.
    public var isUpToDate: Bool {
        index == .upToDate && slices.isEmpty && !items.contains { $0.mark != .reuse }
    }
}

extension Generator {
    /// Finds what a build would do, reading the originals (to hash what changed) but never
    /// decoding or writing anything. With `answersFromSeal` (`check`), a seal that still holds is
    /// the answer: nothing to do, and the sealed build's problems; the plan's items (what a build
    /// keeps) are then not listed.
    public func plan() throws(BuildFailure) -> BuildPlan {
        if let seal = holdingSeal {
            var plan = BuildPlan()
            plan.problems = BuildSummary(sealed: seal.summary).problems
            return plan
        }
        let session = try BuildSession(generator: self, readOnly: true)
        let context = session.context
        var plan = BuildPlan()
        let outcomes = WorkerPool.run(images.map { ImageJob(entry: $0, context: context, checkOnly: true) }, workers: options.jobs) { _, _ in }
        // Out of descriptors or memory: what a build would do cannot be told (exit 3).
        if let stopped = outcomes.lazy.compactMap(\.stop).first { throw BuildFailure(description: stopped.description) }
        for outcome in outcomes {
            plan.problems += outcome.problems
            for path in outcome.reused.sorted() {
                plan.items.append(.init(mark: .reuse, path: path, image: outcome.path, exists: true, reasons: []))
            }
            for path in outcome.pending {
                let exists = context.files.entry(path) != .missing
                if exists, !context.ownership.owns(path) {
                    plan.problems.append(ImageProblem(kind: .inTheWay, file: path,
                                                      message: "is not a file thumbgen wrote (no index lists it), and a rendition must go there; move it or delete it"))
                }
                plan.items.append(.init(mark: .new, path: path, image: outcome.path, exists: exists, reasons: outcome.stale))
            }
        }
        if outcomes.allSatisfy({ $0.pending.isEmpty }) {
            var index = IndexAssembler.assemble(outcomes, context: context, generator: GeneratorVersion.name)
            if options.shard == nil { index.slices = slices.listing(of: index, split: manifest.indexSplit) }
            plan.slices = planSlices(slices.contents(of: index), session: session)
            let existing = IndexStore(files: context.files).bytes(outputIndex)
            if existing == nil {
                plan.index = context.files.entry(outputIndex) == .missing ? .missing : .damaged
            } else if existing != [UInt8](index.encoded()) {
                plan.index = context.reuse.previous == nil ? .damaged : .stale
            }
            for path in session.stale(keeping: index) where context.files.entry(path) != .missing {
                plan.items.append(.init(mark: .prune, path: path, image: nil, exists: true, reasons: []))
            }
        } else {
            if context.reuse.previous == nil {
                plan.index = context.files.entry(outputIndex) == .missing ? .missing : .damaged
            }
            // Which slices a build writes follows from the manifest; what they hold, not yet.
            let expected = options.shard == nil && manifest.indexSplit == .folder ? slices.files(forImages: manifest.images.map(\.path)) : []
            plan.slices = planSlices(expected.map { ($0, nil) }, session: session)
            // What the build would list: the files it keeps and those it makes.
            let listed = Set(outcomes.flatMap { $0.reused + $0.pending })
            for path in session.stale(keeping: listed) where context.files.entry(path) != .missing {
                plan.items.append(.init(mark: .prune, path: path, image: nil, exists: true, reasons: []))
            }
        }
        plan.problems.sort { ($0.file, $0.message) < ($1.file, $1.message) }
        return plan
    }

    /// The slices a build would change: of `expected` (each with what it would hold, when that
    /// is known), those missing or holding something else, then the earlier ones it would delete.
    private func planSlices(_ expected: [(path: String, slice: RenditionIndex?)], session: BuildSession) -> [BuildPlan.Slice] {
        guard options.shard == nil else { return [] }
        let files = session.files
        var changes: [BuildPlan.Slice] = []
        for (path, slice) in expected {
            if files.entry(path) == .missing {
                changes.append(.init(state: .missing, path: path))
            } else if let slice, IndexStore(files: files).bytes(path) != [UInt8](slice.encoded()) {
                changes.append(.init(state: .stale, path: path))
            }
        }
        let stale = slices.stale(session.earlierSlices, keeping: Set(expected.map(\.path)), files: files, foreign: session.foreign)
        return changes + stale.map { .init(state: .prune, path: $0) }
    }
}
