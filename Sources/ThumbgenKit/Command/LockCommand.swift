/// Taking the build lock for a command, the same way for build, clean and merge.
extension BuildLock {
    /// Takes the lock of `manifest`'s builds (waiting, and saying so unless quiet), or prints why
    /// it cannot and returns nil: the command then exits 3.
    static func forCommand(_ request: Request, manifest: Manifest, generator: Generator, shard: Shard? = nil,
                           console: Console) -> BuildLock? {
        do {
            return try BuildLock(stateFolder: generator.stateFolder, shard: shard) {
                if !request.quiet { console.err("thumbgen: another build of \(manifest.file) is running; waiting for it to finish\n") }
            }
        } catch {
            console.err("thumbgen: error: \(error)\n")
            return nil
        }
    }
}
