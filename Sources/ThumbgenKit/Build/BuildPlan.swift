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

    public var items: [Item] = []
    public var problems: [ImageProblem] = []
    public var index: IndexState = .upToDate

    /// True when a build would change nothing.
    public var isUpToDate: Bool {
        index == .upToDate && !items.contains { $0.mark != .reuse }
    }
}

extension Generator {
    /// Finds what a build would do, reading the originals (to hash what changed) but never
    /// decoding or writing anything.
    public func plan() throws(BuildFailure) -> BuildPlan {
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
            let index = IndexAssembler.assemble(outcomes, context: context, generator: GeneratorVersion.name)
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
            // What the build would list: the files it keeps and those it makes.
            let listed = Set(outcomes.flatMap { $0.reused + $0.pending })
            for path in session.stale(keeping: listed) where context.files.entry(path) != .missing {
                plan.items.append(.init(mark: .prune, path: path, image: nil, exists: true, reasons: []))
            }
        }
        plan.problems.sort { ($0.file, $0.message) < ($1.file, $1.message) }
        return plan
    }
}
