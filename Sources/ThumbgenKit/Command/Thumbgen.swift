import FoundationEssentials
import ImageCodecs
import Renditions

/// The whole program behind `main`: parse the arguments, run the command, and let the
/// diagnostics engine pick the exit code, once.
public enum Thumbgen {
    public static let version = Help.version

    /// `--version`: thumbgen's version on the first line (scripts read it), then the rendering
    /// version and the codec libraries' as this process loaded them: what a recipe holds.
    static var versionText: String {
        (["thumbgen \(version)", Recipe.rendering] + CodecLibraries.current.lines(CodecLibraries.Library.allCases))
            .joined(separator: "\n") + "\n"
    }

    public static func run(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
                           console: Console = .standard) -> ExitCode {
        let request: Request
        do {
            request = try ArgumentParser.parse(arguments, environment: environment)
        } catch {
            let diagnostics = DiagnosticsEngine(console: console)
            diagnostics.error("\(error)", category: .usage)
            if arguments.contains("--json") { console.out(diagnostics.json.text + "\n") }
            return diagnostics.exitCode(strict: false)
        }
        let diagnostics = DiagnosticsEngine(console: console, quiet: request.quiet)
        switch request.command {
        case .version:
            console.out(versionText)
        case .help:
            if let topic = request.helpTopic {
                if let text = Help.text(for: topic) {
                    console.out(text + "\n")
                } else {
                    diagnostics.error("no command '\(topic)'\(Suggestion.hint(for: topic, among: Request.Command.allCases.map(\.rawValue)))",
                                      category: .usage)
                }
            } else {
                console.out(Help.overview + "\n")
            }
        case .lookup:
            Lookup.run(request, console: console, diagnostics: diagnostics)
        case .schema:
            SchemaCommand.run(console: console)
        case .watch:
            WatchCommand.run(request, console: console, diagnostics: diagnostics)
        default:
            guard let manifest = loadManifest(request, console: console, diagnostics: diagnostics) else { break }
            switch request.command {
            case .build where request.dryRun: DryRunCommand.run(request, manifest: manifest, console: console, diagnostics: diagnostics)
            case .build: BuildCommand.run(request, manifest: manifest, console: console, diagnostics: diagnostics)
            case .check: CheckCommand.run(request, manifest: manifest, console: console, diagnostics: diagnostics)
            case .clean: CleanCommand.run(request, manifest: manifest, console: console, diagnostics: diagnostics)
            case .report: ReportCommand.run(request, manifest: manifest, console: console, diagnostics: diagnostics)
            case .merge: MergeCommand.run(request, manifest: manifest, console: console, diagnostics: diagnostics)
            case .html: HTMLCommand.run(request, manifest: manifest, console: console, diagnostics: diagnostics)
            case .export: ExportCommand.run(request, manifest: manifest, console: console, diagnostics: diagnostics)
            case .help, .version, .lookup, .schema, .watch: break
            }
        }
        finish(request, console: console, diagnostics: diagnostics)
        return diagnostics.exitCode(strict: request.strict)
    }

    /// What goes to standard output once the command is done: the `--json` object (with every
    /// problem) and the workflow commands that annotate a pull request (on standard error when
    /// standard output carries JSON).
    static func finish(_ request: Request, console: Console, diagnostics: DiagnosticsEngine) {
        let json = request.json && request.command != .help && request.command != .version
        if json { console.out(diagnostics.json.text + "\n") }
        if request.githubAnnotations {
            let commands = diagnostics.problems.map { $0.workflowCommand + "\n" }.joined()
            if json { console.err(commands) } else { console.out(commands) }
        }
    }

    /// Loads the request's manifest, or reports every error in it and returns nil.
    static func loadManifest(_ request: Request, console: Console, diagnostics: DiagnosticsEngine) -> Manifest? {
        do {
            let manifest = try ManifestLoader.load(request.manifest) { limits in
                if let pixels = request.maxPixels { limits.pixels = pixels }
            }
            diagnostics.emit(manifest.warnings)
            return manifest
        } catch {
            diagnostics.emit(error.diagnostics)
            let count = error.diagnostics.count
            console.err("thumbgen: \(count) error\(count == 1 ? "" : "s") in \(request.manifest); nothing was written\n")
            return nil
        }
    }
}

/// `thumbgen build --dry-run`: the plan, one line per rendition file, marked `new`, `reuse` or
/// `prune`; nothing is written.
enum DryRunCommand {
    static func run(_ request: Request, manifest: Manifest, console: Console, diagnostics: DiagnosticsEngine) {
        let generator = Generator(manifest: manifest, options: BuildOptions(
            jobs: request.jobs ?? ProcessInfo.processInfo.activeProcessorCount, shard: request.shard))
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
