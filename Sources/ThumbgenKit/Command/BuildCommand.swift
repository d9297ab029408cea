import FoundationEssentials
import Renditions

/// `thumbgen build`: lock, build, report.
enum BuildCommand {
    static func run(_ request: Request, manifest: Manifest, console: Console, diagnostics: DiagnosticsEngine) {
        let generator = Generator(manifest: manifest, options: BuildOptions(
            jobs: request.jobs ?? ProcessInfo.processInfo.activeProcessorCount, force: request.force, shard: request.shard))
        guard let lock = BuildLock.forCommand(request, generator: generator, console: console, diagnostics: diagnostics) else { return }
        let progress = request.quiet ? nil : ProgressReporter(console: console)
        let summary: BuildSummary
        do {
            summary = try withExtendedLifetime(lock) { () throws(BuildFailure) -> BuildSummary in
                defer { progress?.finish() }
                return try generator.build { progress?.update(done: $0.done, total: $0.total) }
            }
        } catch {
            diagnostics.error("\(error)", category: .stopped)
            console.err("thumbgen: the build stopped; the index lists only complete files, and the next build finishes the job\n")
            return
        }
        let display = DisplayPaths(root: manifest.root.path)
        var found = SummaryReport.diagnostics(summary, display: display.show)
        if request.strict {
            for index in found.indices where found[index].category == .image { found[index].severity = .error }
        }
        diagnostics.emit(found)
        for (key, value) in SummaryReport.json(summary) { diagnostics.report(key, value) }
        if !request.json && !request.quiet {
            console.err(SummaryReport.text(summary))
        }
    }
}
