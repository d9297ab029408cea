import Renditions

/// What a build did, for the human summary and `--json`.
public struct BuildSummary: Sendable {
    public var images = 0
    public var written = 0
    public var reused = 0
    public var pruned: [String] = []
    public var bytesWritten = 0
    public var seconds = 0.0
    /// The index the build wrote; empty when the build was answered from its seal (`BuildSeal`).
    public var index = RenditionIndex(generator: "")
    /// What the index says, for the summary: set with the index, or taken from the seal.
    public var figures = SummaryFigures()
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

    /// A build answered from its seal: the sealed build's summary, nothing written or pruned.
    init(sealed: BuildSeal.Summary) {
        images = sealed.images
        reused = sealed.reused
        problems = sealed.problems.compactMap { problem in
            ImageProblem.Kind(sealed: problem.kind).map { ImageProblem(kind: $0, file: problem.file, message: problem.message) }
        }
        figures = SummaryFigures(sealed: sealed)
    }

    /// Images by status.
    public var statusCounts: [ImageStatus: Int] { figures.statusCounts }

    /// Images left as they are because they are animated, by path.
    public var animated: [String] { figures.animated }
}

/// What the end-of-build summary says of an index: images by status, the animated ones, the
/// memory a client decodes and the bytes a page downloads.
public struct SummaryFigures: Sendable {
    public var statusCounts: [ImageStatus: Int] = [:]
    /// By path.
    public var animated: [String] = []
    public var memory = DecodedMemory()
    public var download = DownloadBytes()

    public init() {}

    public init(index: RenditionIndex) {
        for record in index.images.values { statusCounts[record.status, default: 0] += 1 }
        animated = index.images.filter { $0.value.status == .animated }.map(\.key).sorted()
        memory = DecodedMemory(index: index)
        download = DownloadBytes(index: index)
    }

    init(sealed: BuildSeal.Summary) {
        for (name, count) in sealed.statuses { if let status = ImageStatus(rawValue: name) { statusCounts[status] = count } }
        animated = sealed.animated
        func figures(_ pair: [Int]) -> DecodedMemory.Figures {
            DecodedMemory.Figures(originals: pair.first ?? 0, renditions: pair.count > 1 ? pair[1] : 0)
        }
        memory.slots = sealed.memory.mapValues(figures)
        memory.total = figures(sealed.memoryTotal)
        download = DownloadBytes(originals: sealed.download.first ?? 0, renditions: sealed.download.count > 1 ? sealed.download[1] : 0)
    }

    /// As the seal keeps them, beside the build's count of images and reused files and its problems.
    func sealed(images: Int, reused: Int, problems: [ImageProblem]) -> BuildSeal.Summary {
        BuildSeal.Summary(images: images, reused: reused,
                          problems: problems.map { .init(kind: $0.kind.sealed, file: $0.file, message: $0.message) },
                          statuses: Dictionary(uniqueKeysWithValues: statusCounts.map { ($0.key.rawValue, $0.value) }),
                          animated: animated, memory: memory.slots.mapValues { [$0.originals, $0.renditions] },
                          memoryTotal: [memory.total.originals, memory.total.renditions],
                          download: [download.originals, download.renditions])
    }
}

extension ImageProblem.Kind {
    /// The kinds a seal keeps: verdicts on an original's bytes, which the next build repeats.
    init?(sealed name: String) {
        switch name {
        case "unreadable": self = .unreadable
        case "unsupported": self = .unsupported
        default: return nil
        }
    }

    var sealed: String { self == .unsupported ? "unsupported" : "unreadable" }

    /// True for a verdict on the original's bytes, which a build with the same bytes repeats.
    var isVerdict: Bool { self == .unreadable || self == .unsupported }
}
