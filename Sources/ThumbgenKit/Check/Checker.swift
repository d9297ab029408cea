import FoundationEssentials
import Renditions

/// What `thumbgen check` found: everything a build would change. Empty when the index and every
/// rendition are up to date.
public struct CheckReport: Sendable, Equatable {
    public struct Item: Sendable, Equatable, Codable {
        /// `missing` (a rendition or the index is not there), `stale` (there, but a build would
        /// rewrite it), `prune` (a build would delete it).
        public var kind: String
        /// Relative to root.
        public var path: String
        public var reason: String
    }

    public var items: [Item] = []
    public var isClean: Bool { items.isEmpty }
}

extension Generator {
    /// Finds what a build would do, reading the originals (to hash what changed) but never
    /// decoding or writing anything.
    public func check() -> CheckReport {
        let context = makeContext()
        var report = CheckReport()
        if context.previous == nil {
            // No memory of the last build: say why first, since every rendition then looks new.
            let damaged = FileManager.default.fileExists(atPath: indexFile)
            report.items.append(.init(kind: damaged ? "stale" : "missing", path: manifest.indexPath,
                                      reason: damaged ? "the index is damaged; a build writes it again" : "the index"))
        }
        let jobs = manifest.images.map { ImageJob(entry: $0, context: context, checkOnly: true) }
        let outcomes = WorkerPool.run(jobs, workers: options.jobs) { _, _ in }
        for outcome in outcomes {
            for file in outcome.pending {
                let exists = FileStat(path: context.absolutePath(file)) != nil
                report.items.append(.init(kind: exists ? "stale" : "missing", path: file,
                                          reason: exists ? "\(outcome.path), its slots or the output settings changed" : "rendition of \(outcome.path)"))
            }
        }
        guard report.isClean else { return report }
        let index = Self.assemble(outcomes, context: context)
        if FileManager.default.contents(atPath: indexFile) != index.encoded() {
            report.items.append(.init(kind: "stale", path: manifest.indexPath, reason: "the index does not match the manifest and images"))
        }
        for file in Pruner.stale(previous: context.previous, current: index, context: context)
        where FileStat(path: context.absolutePath(file)) != nil {
            report.items.append(.init(kind: "prune", path: file, reason: "no longer needed"))
        }
        return report
    }
}
