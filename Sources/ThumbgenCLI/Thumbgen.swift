import FoundationEssentials
import ThumbgenKit

/// The whole program behind `main`: parse the arguments, run the command, and let the
/// diagnostics engine pick the exit code, once.
public enum Thumbgen {
    public static let version = GeneratorVersion.number

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
        Commands.named(request.command.rawValue)?.run(request, console: console, diagnostics: diagnostics)
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
