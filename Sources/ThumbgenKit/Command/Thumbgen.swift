import FoundationEssentials
import Renditions

/// The whole program behind `main`: parse the arguments, run the command, report, pick the exit code.
public enum Thumbgen {
    public static let version = Help.version

    public static func run(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
                           console: Console = .standard) -> ExitCode {
        let request: Request
        do {
            request = try ArgumentParser.parse(arguments, environment: environment)
        } catch {
            console.err("thumbgen: error: \(error)\n")
            return .usage
        }
        switch request.command {
        case .version:
            console.out("thumbgen \(version)\n")
            return .success
        case .help:
            guard let topic = request.helpTopic else {
                console.out(Help.overview + "\n")
                return .success
            }
            guard let text = Help.text(for: topic) else {
                console.err("thumbgen: error: no command '\(topic)'\(Suggestion.hint(for: topic, among: Request.Command.allCases.map(\.rawValue)))\n")
                return .usage
            }
            console.out(text + "\n")
            return .success
        case .lookup:
            return Lookup.run(request, console: console)
        case .build where request.dryRun:
            return withManifest(request, console: console) { manifest in
                for line in DryRun.lines(for: manifest, shard: request.shard) { console.out(line + "\n") }
                return .success
            }
        case .build:
            return withManifest(request, console: console) { manifest in
                BuildCommand.run(request, manifest: manifest, console: console)
            }
        case .check:
            return withManifest(request, console: console) { CheckCommand.run(request, manifest: $0, console: console) }
        case .clean:
            return withManifest(request, console: console) { CleanCommand.run(request, manifest: $0, console: console) }
        case .report:
            return withManifest(request, console: console) { ReportCommand.run(request, manifest: $0, console: console) }
        case .merge:
            return withManifest(request, console: console) { MergeCommand.run(request, manifest: $0, console: console) }
        case .html:
            return withManifest(request, console: console) { HTMLCommand.run(request, manifest: $0, console: console) }
        }
    }

    /// Loads the request's manifest, printing every error (exit 2) or running `body` with it.
    static func withManifest(_ request: Request, console: Console, _ body: (Manifest) -> ExitCode) -> ExitCode {
        do {
            let manifest = try ManifestLoader.load(request.manifest) { limits in
                if let pixels = request.maxPixels { limits.pixels = pixels }
            }
            return body(manifest)
        } catch {
            for diagnostic in error.diagnostics { console.err(diagnostic.description + "\n") }
            let count = error.diagnostics.count
            console.err("thumbgen: \(count) error\(count == 1 ? "" : "s") in \(request.manifest); nothing was written\n")
            return .usage
        }
    }
}
