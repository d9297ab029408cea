/// Taking the build lock for a command, the same way for build, clean and merge.
extension BuildLock {
    /// Takes the lock of `manifest`'s root (waiting, and saying so unless quiet), or reports why
    /// it cannot and returns nil.
    static func forCommand(_ request: Request, generator: Generator, console: Console,
                           diagnostics: DiagnosticsEngine) -> BuildLock? {
        do {
            return try BuildLock(root: generator.manifest.root.path, state: generator.state, shard: generator.options.shard) {
                if !request.quiet { console.err("thumbgen: another build over \(generator.manifest.root.path) is running; waiting for it to finish\n") }
            }
        } catch {
            diagnostics.error(error.description, category: .stopped)
            return nil
        }
    }
}
