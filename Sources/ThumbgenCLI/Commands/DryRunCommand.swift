import FoundationEssentials
import ThumbgenKit

/// `thumbgen build --dry-run`: the plan, one line per rendition file, marked `new`, `reuse` or
/// `prune`; nothing is written. Not a command of its own: `build` runs it when asked.
enum DryRunCommand {
    static func run(_ request: Request, manifest: Manifest, console: Console, diagnostics: DiagnosticsEngine) {
        let generator = Generator(manifest: manifest, options: BuildOptions(
            jobs: request.jobs ?? ProcessInfo.processInfo.activeProcessorCount, shard: request.shard,
            narrator: request.narrator(console)))
        do {
            let plan = try generator.plan()
            let display = DisplayPaths(root: manifest.root.path)
            for problem in plan.problems {
                diagnostics.emit(Diagnostic(request.strict ? .error : .warning, file: display.show(problem.file), message: problem.message,
                                            category: .image))
            }
            if request.json {
                diagnostics.report("plan", .array(plan.items.map { item in
                    .object(["mark": .string(item.mark.rawValue), "path": .string(item.path), "image": item.image.map { .string($0) } ?? .null])
                }))
                return
            }
            for item in plan.items {
                let image = item.image.map { "\t" + NameText.displayed($0) } ?? ""
                console.out("\(item.mark.rawValue)\t\(NameText.displayed(item.path))\(image)\n")
            }
        } catch {
            diagnostics.error("\(error)", category: .stopped)
        }
    }
}
