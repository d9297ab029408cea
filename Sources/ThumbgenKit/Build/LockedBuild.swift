/// A build as a command runs it: under the root's lock, with progress drawn while it runs. A
/// failure that stops it is emitted as an error (exit 3 for a one-shot command); what happens
/// next is the caller's (`build` ends, `watch` waits for the next change).
extension Generator {
    func buildLocked(_ request: Request, console: Console, diagnostics: DiagnosticsEngine,
                     progress: ProgressReporter?) -> BuildSummary? {
        guard let lock = BuildLock.forCommand(request, generator: self, console: console, diagnostics: diagnostics) else { return nil }
        do {
            return try withExtendedLifetime(lock) { () throws(BuildFailure) -> BuildSummary in
                defer { progress?.finish() }
                return try build { progress?.update(done: $0.done, total: $0.total) }
            }
        } catch {
            diagnostics.error("\(error)", category: .stopped)
            return nil
        }
    }
}
