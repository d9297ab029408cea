import FoundationEssentials
import Renditions

/// `thumbgen build`: lock, build, report, and the exit code.
enum BuildCommand {
    static func run(_ request: Request, manifest: Manifest, console: Console) -> ExitCode {
        let generator = Generator(manifest: manifest, options: BuildOptions(
            jobs: request.jobs ?? ProcessInfo.processInfo.activeProcessorCount, force: request.force, shard: request.shard))
        guard let lock = BuildLock.forCommand(request, manifest: manifest, generator: generator, shard: request.shard,
                                              console: console) else { return .ioFailure }
        let progress = request.quiet ? nil : ProgressReporter(console: console)
        let summary: BuildSummary
        do {
            summary = try withExtendedLifetime(lock) { () throws(BuildFailure) -> BuildSummary in
                defer { progress?.finish() }
                return try generator.build { progress?.update(done: $0.done, total: $0.total) }
            }
        } catch {
            console.err("thumbgen: error: \(error)\n")
            console.err("thumbgen: the build stopped; the index lists only complete files, and the next build finishes the job\n")
            return .ioFailure
        }
        if !request.quiet {
            console.err(SummaryReport.warnings(summary))
        } else if request.strict {
            // --strict makes them fatal: say which, even when quiet.
            for (path, reason) in summary.unreadable { console.err("thumbgen: error: \(path): \(reason)\n") }
        }
        if request.json {
            console.out(SummaryReport.json(summary) + "\n")
        } else if !request.quiet {
            console.err(SummaryReport.text(summary))
        }
        return request.strict && !summary.unreadable.isEmpty ? .workFound : .success
    }
}
