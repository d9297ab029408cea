import FoundationEssentials

/// `thumbgen check`: exit 1 and the list of what a build would change, or exit 0.
enum CheckCommand {
    static func run(_ request: Request, manifest: Manifest, console: Console, diagnostics: DiagnosticsEngine) {
        let generator = Generator(manifest: manifest, options: BuildOptions(
            jobs: request.jobs ?? ProcessInfo.processInfo.activeProcessorCount))
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
