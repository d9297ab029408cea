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

    init(outcomes: [ImageOutcome]) {
        images = outcomes.count
        for outcome in outcomes {
            written += outcome.written.count
            reused += outcome.reused.count
            bytesWritten += outcome.bytesWritten
        }
    }

    /// Images by status.
    public var statusCounts: [ImageStatus: Int] {
        var counts: [ImageStatus: Int] = [:]
        for record in index.images.values { counts[record.status, default: 0] += 1 }
        return counts
    }

    /// Unreadable images and why, sorted by path.
    public var unreadable: [(path: String, reason: String)] {
        index.images.filter { $0.value.status == .unreadable }.sorted { $0.key < $1.key }
            .map { ($0.key, $0.value.error ?? "unreadable") }
    }
}
