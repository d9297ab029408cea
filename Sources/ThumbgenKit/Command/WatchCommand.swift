import CSystem
import Glibc

/// `thumbgen watch`: build, then build again whenever the manifest or an original changes,
/// until SIGINT or SIGTERM. A signal during a build lets it finish (its writes are atomic and
/// its temporaries removed), then the command ends with status 0; a second signal ends it at
/// once, and the next build finishes the job.
enum WatchCommand {
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
