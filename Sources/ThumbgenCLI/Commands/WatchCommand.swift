import CSystem
import Glibc
import ThumbgenKit

extension Request.Command {
    public static let watch = Self(WatchCommand.self)
}

/// `thumbgen watch`: build, then build again whenever the manifest or an original changes,
/// until SIGINT or SIGTERM. A signal during a build lets it finish (its writes are atomic and
/// its temporaries removed), then the command ends with status 0; a second signal ends it at
/// once, and the next build finishes the job.
enum WatchCommand: Command {
    static let name = "watch"
    static let summary: String? = "build, then build again whenever the manifest or an original changes (Ctrl-C stops)"
    static let help = """
        thumbgen watch [MANIFEST] [--jobs N] [--quiet] [--verbose]
        Builds, then watches the manifest and the folders under root (inotify) and builds again
        after each change: an edited or replaced original, a new file a glob matches, an edited
        manifest. Editors' saves (a temporary file renamed over the original) count once a burst
        of changes has been quiet for 0.1 s. One line per build; a broken manifest prints its
        errors and waits. Ctrl-C (or SIGTERM) stops it, after the build under way, with status 0.
          thumbgen watch site/manifest.yaml
        """

    static func run(_ request: Request, console: Console, diagnostics: DiagnosticsEngine) {
        let signals = tg_signals_to_pipe()
        guard signals >= 0, let events = FolderEvents() else {
            diagnostics.error("cannot watch for changes: \(String(cString: strerror(errno)))", category: .stopped)
            return
        }
        let session = WatchSession(request: request, console: console)
        let waiter = ChangeWaiter(events: events, signals: signals)
        var warnedLimit = false
        var first = true
        while true {
            if let manifest = session.load() {
                // Watched before the build starts, so that what changes during it is seen.
                if let failure = events.watch(session.site.folders), !warnedLimit {
                    warnedLimit = true
                    let advice = failure.errno == ENOSPC ? "; raise the limit with 'sysctl fs.inotify.max_user_watches=524288'" : ""
                    console.err("thumbgen: warning: cannot watch \(failure.folder): \(String(cString: strerror(failure.errno)))\(advice); changes there go unnoticed\n")
                }
                session.build(manifest, first: first, watching: events.watchedFolders.count)
                first = false
            } else {
                events.watch(events.watchedFolders.union(session.site.folders))
            }
            if waiter.signalled() || waiter.wait(for: session.site) == .stopped { break }
        }
        if !request.quiet { console.err("thumbgen: stopped watching\n") }
    }
}
