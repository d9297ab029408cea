import ThumbgenKit

/// How a command shows a build under the lock on the console: a line when it must wait for
/// another build over the same root (unless quiet), and the progress line while it runs.
struct ConsoleObserver: BuildObserver {
    let console: Console
    let quiet: Bool
    private let progress: ProgressReporter?

    init(console: Console, quiet: Bool, drawsProgress: Bool) {
        self.console = console
        self.quiet = quiet
        progress = drawsProgress ? ProgressReporter(console: console) : nil
    }

    func waitingForLock(root: String) {
        if !quiet { console.err("thumbgen: another build over \(root) is running; waiting for it to finish\n") }
    }

    /// The rate and the time left count from here, not from before the wait.
    func began() { progress?.restart() }

    func progressed(_ progress: BuildProgress) { self.progress?.update(done: progress.done, total: progress.total) }

    func ended() { progress?.finish() }

    /// The lock `clean` and `merge` hold while they change the root, or nil when it cannot be
    /// taken (the reason emitted as an error: exit 3).
    func lock(_ generator: Generator, diagnostics: DiagnosticsEngine) -> BuildLock? {
        do {
            return try generator.lock { waitingForLock(root: generator.manifest.root.path) }
        } catch {
            diagnostics.error(error.description, category: .stopped)
            return nil
        }
    }
}
