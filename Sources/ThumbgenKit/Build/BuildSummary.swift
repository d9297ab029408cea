import Renditions

/// What a build did, for the human summary and `--json`.
public struct BuildSummary: Sendable {
    public var images = 0
    public var written = 0
    public var reused = 0
    public var pruned: [String] = []
    public var bytesWritten = 0
    public var seconds = 0.0
    /// The index the build wrote.
    public var index = RenditionIndex(generator: "")
    /// What the user should hear about single images, sorted by file.
    public var problems: [ImageProblem] = []
    /// `build --profile`: CPU seconds by stage, summed over the workers.
    public var profile: BuildProfile?
    /// What the shared cache did, and its name; nil without one.
    public var cache: (name: String, counts: CacheCounts)?

    init(outcomes: [ImageOutcome]) {
        images = outcomes.count
        for outcome in outcomes {
            written += outcome.written.count
            reused += outcome.reused.count
            bytesWritten += outcome.bytesWritten
            problems += outcome.problems
        }
        problems.sort { ($0.file, $0.message) < ($1.file, $1.message) }
    }

    /// Images by status.
    public var statusCounts: [ImageStatus: Int] {
        var counts: [ImageStatus: Int] = [:]
        for record in index.images.values { counts[record.status, default: 0] += 1 }
        return counts
    }

    /// Images left as they are because they are animated, by path.
    public var animated: [String] {
        index.images.filter { $0.value.status == .animated }.map(\.key).sorted()
    }
}
