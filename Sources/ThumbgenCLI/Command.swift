import Renditions
import ThumbgenKit

/// One command of thumbgen, declared in one file (`Commands/`): its name, its line in
/// `thumbgen --help`, its help text, how it reads the words after its name and the options it
/// alone takes, and its run. `Commands.all` lists them; the parser, `help` and the suggestions
/// read that list, so a new command is one file and one line there.
protocol Command: SendableMetatype {
    /// The word on the command line: `build`.
    static var name: String { get }
    /// Its line in `thumbgen --help`'s list of commands; nil leaves it out (`help`, `version`).
    static var summary: String? { get }
    /// `thumbgen help NAME`.
    static var help: String { get }
    /// The words its first argument can be (`export xcassets`, `help build`), for completions;
    /// empty when it takes paths or nothing.
    static var arguments: [String] { get }
    /// Whether the options every command shares (`--jobs`, `--json`, `--shard`…) are read and
    /// checked; `help`, `version` and `schema` stop at their words.
    static var readsSharedOptions: Bool { get }

    /// Whether this command takes `option`, one of the options only some commands take
    /// (`SharedOptions.restricted`), in `request` as parsed so far.
    static func takes(_ option: String, in request: Request) -> Bool

    /// Reads the words after the command's name, and the valued options it alone reads, into
    /// `request`; a mistake is a usage error (exit 2).
    static func parse(_ words: [String], options: [String: String], into request: inout Request) throws(UsageError)

    /// Runs `request`: everything it finds goes to `diagnostics`, which picks the exit status.
    static func run(_ request: Request, console: Console, diagnostics: DiagnosticsEngine)
}

extension Command {
    static var summary: String? { nil }
    static var arguments: [String] { [] }
    static var readsSharedOptions: Bool { true }
    static func takes(_ option: String, in request: Request) -> Bool { false }

    /// The words of most commands: at most one manifest (default `manifest.yaml`).
    static func parse(_ words: [String], options: [String: String], into request: inout Request) throws(UsageError) {
        guard words.count <= 1 else { throw UsageError("\(name) takes one manifest, but got: \(words.joined(separator: " "))") }
        request.manifest = words.first ?? "manifest.yaml"
    }
}

/// A command that works on a manifest: it runs once the manifest has loaded, and a manifest
/// with errors stops it before it starts (exit 2, nothing written).
protocol ManifestCommand: Command {
    static func run(_ request: Request, manifest: Manifest, console: Console, diagnostics: DiagnosticsEngine)
}

extension ManifestCommand {
    static func run(_ request: Request, console: Console, diagnostics: DiagnosticsEngine) {
        guard let manifest = Thumbgen.loadManifest(request, console: console, diagnostics: diagnostics) else { return }
        run(request, manifest: manifest, console: console, diagnostics: diagnostics)
    }

    /// The index the manifest's last build wrote, for a command made from it (report, html,
    /// export); nil once the error is reported, with what `uses` the index and how to build it.
    static func builtIndex(_ manifest: Manifest, uses: String, diagnostics: DiagnosticsEngine) -> RenditionIndex? {
        do {
            return try IndexStore(root: manifest.root.path).read(manifest.indexPath, name: manifest.indexPath)
        } catch {
            diagnostics.error("\(error); run 'thumbgen build \(manifest.file)' first: \(uses)", category: .usage)
            return nil
        }
    }
}

/// Every command, in the order suggestions weigh them (the first of equally close names wins)
/// and `thumbgen --help` lists them.
enum Commands {
    static let all: [any Command.Type] = [
        BuildCommand.self,
        CheckCommand.self,
        CleanCommand.self,
        MergeCommand.self,
        ReportCommand.self,
        HTMLCommand.self,
        LookupCommand.self,
        ExportCommand.self,
        HelpCommand.self,
        VersionCommand.self,
        WatchCommand.self,
        SchemaCommand.self,
        CompletionsCommand.self,
    ]

    /// The command named `name`, if there is one.
    static func named(_ name: String) -> (any Command.Type)? {
        all.first { $0.name == name }
    }

    /// Every command's name.
    static var names: [String] { all.map { $0.name } }
}
