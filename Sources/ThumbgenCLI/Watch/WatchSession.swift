import CSystem
import FoundationEssentials
import Renditions
import ThumbgenKit

/// One `thumbgen watch`: each round reads the manifest again, builds under the lock, and says
/// in one line what changed. A broken manifest prints its errors and waits for the next change;
/// a build that stops (a full disk) does the same. Nothing here ends the process.
final class WatchSession {
    let request: Request
    let console: Console
    private(set) var site: WatchedSite
    /// The index the last build wrote: what "1 image changed" is counted against.
    private var previous: RenditionIndex?
    /// Warnings already shown, so that an unreadable original is named once, not every round.
    private var shown: Set<String> = []
    /// The most folders under root watched (`WatchedSite.maxFolders`; tests give fewer).
    private let folderLimit: Int
    /// The folder limit is said once a session, not every round.
    private var warnedFolderLimit = false

    init(request: Request, console: Console, folderLimit: Int = WatchedSite.maxFolders) {
        self.request = request
        self.console = console
        self.folderLimit = folderLimit
        site = WatchedSite(manifestPath: request.manifest, manifest: nil, folderLimit: folderLimit)
    }

    /// Reads the manifest; on success `site` follows it (the caller watches its folders before
    /// building, so that nothing changed during the build goes unseen).
    func load() -> Manifest? {
        let diagnostics = DiagnosticsEngine(console: console, quiet: request.quiet)
        guard let manifest = Thumbgen.loadManifest(request, console: console, diagnostics: diagnostics) else {
            if !request.quiet { console.err("thumbgen: waiting for the manifest to change (Ctrl-C to stop)\n") }
            return nil
        }
        site = WatchedSite(manifestPath: request.manifest, manifest: manifest, folderLimit: folderLimit)
        if !warnedFolderLimit, !request.quiet, let warning = site.folderLimitWarning {
            warnedFolderLimit = true
            console.err(warning)
        }
        return manifest
    }

    /// Builds `manifest` and prints one line; `watching` is the number of folders watched, said
    /// after the first build.
    func build(_ manifest: Manifest, first: Bool, watching: Int) {
        let started = ChangeWaiter.seconds()
        let diagnostics = DiagnosticsEngine(console: console, quiet: request.quiet)
        let generator = Generator(manifest: manifest, options: BuildOptions(
            jobs: request.jobs ?? ProcessInfo.processInfo.activeProcessorCount, force: request.force && first,
            narrator: request.narrator(console)))
        let observer = ConsoleObserver(console: console, quiet: request.quiet, drawsProgress: first && !request.quiet)
        tg_signals_set_busy(1)
        let built = Result { () throws(LockedBuildFailure) in try generator.buildLocked(observer: observer) }
        tg_signals_set_busy(0)
        let summary: BuildSummary
        switch built {
        case .success(let done): summary = done
        case .failure(let error):
            diagnostics.error(error.description, category: .stopped)
            if !request.quiet { console.err("thumbgen: the build did not finish; waiting for the next change to try again\n") }
            return
        }
        let found = SummaryReport.diagnostics(summary, display: DisplayPaths(root: manifest.root.path).show)
        diagnostics.emit(found.filter { !shown.contains($0.description) })
        shown = Set(found.map(\.description))
        if !request.quiet {
            console.err(Self.line(summary, previous: first ? nil : previous, seconds: ChangeWaiter.seconds() - started, watching: watching))
        }
        previous = summary.index
    }

    /// `thumbgen: rebuilt in 0.21 s: 1 image changed, 7 files written`, or after the first
    /// build `thumbgen: built in 9.42 s: 12 images, 159 files written, 0 reused; watching 3
    /// folders for changes (Ctrl-C to stop)`.
    static func line(_ summary: BuildSummary, previous: RenditionIndex?, seconds: Double, watching: Int) -> String {
        let time = fixed(seconds, 2) + " s"
        let pruned = summary.pruned.isEmpty ? "" : ", \(summary.pruned.count) pruned"
        guard let previous else {
            return "thumbgen: built in \(time): \(counted(summary.images, "image")), \(counted(summary.written, "file")) written, \(summary.reused) reused\(pruned); watching \(counted(watching, "folder")) for changes (Ctrl-C to stop)\n"
        }
        let paths = Set(previous.images.keys).union(summary.index.images.keys)
        let changed = paths.filter { previous.images[$0] != summary.index.images[$0] }.count
        if changed == 0, summary.written == 0, summary.pruned.isEmpty {
            return "thumbgen: rebuilt in \(time): nothing changed\n"
        }
        return "thumbgen: rebuilt in \(time): \(counted(changed, "image")) changed, \(counted(summary.written, "file")) written\(pruned)\n"
    }

    /// `1 image`, `7 images`.
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
