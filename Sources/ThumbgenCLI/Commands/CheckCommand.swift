import FoundationEssentials
import ThumbgenKit

extension Request.Command {
    public static let check = Self(CheckCommand.self)
}

/// `thumbgen check`: exit 1 and the list of what a build would change, or exit 0.
enum CheckCommand: ManifestCommand {
    static let name = "check"
    static let summary: String? = "exit 1 if any rendition or the index is missing or stale; writes nothing"
    static let help = """
        thumbgen check [MANIFEST] [--json] [--strict] [--format github] [--verbose]
        Writes nothing. Exit 0 when the index and every rendition are up to date, 1 when a build
        has work to do, saying why in words (the original changed, a slot changed size, the
        quality changed, a file was edited by hand), grouped by cause, and what a build would
        prune. --strict also fails on unreadable or unsupported images and files in the way.
          thumbgen check || thumbgen build
          thumbgen check --strict --format github
        """

    static func run(_ request: Request, manifest: Manifest, console: Console, diagnostics: DiagnosticsEngine) {
        var options = BuildOptions(jobs: request.jobs ?? ProcessInfo.processInfo.activeProcessorCount, narrator: request.narrator(console))
        options.answersFromSeal = true
        let generator = Generator(manifest: manifest, options: options)
        let plan: BuildPlan
        do {
            plan = try generator.plan()
        } catch {
            diagnostics.error("\(error)", category: .stopped)
            return
        }
        let display = DisplayPaths(root: manifest.root.path)
        for problem in plan.problems {
            let severity: Diagnostic.Severity = request.strict ? .error : .warning
            diagnostics.emit(Diagnostic(severity, file: display.show(problem.file), message: problem.message, category: .image))
        }
        let lines = CheckReport.lines(plan, manifest: manifest)
        if request.json {
            for (key, value) in CheckReport.json(plan) { diagnostics.report(key, value) }
        } else {
            for line in lines { console.out(line + "\n") }
        }
        if plan.isUpToDate {
            if !request.quiet { console.err("thumbgen: up to date\n") }
        } else {
            if !request.quiet { for group in CheckReport.groups(plan) { console.err("thumbgen: \(group)\n") } }
            diagnostics.emit(Diagnostic(.note, file: nil, message: "\(lines.count) thing\(lines.count == 1 ? "" : "s") to do; run 'thumbgen build \(manifest.file)'",
                                        category: .pending))
        }
    }
}
