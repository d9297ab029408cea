import FoundationEssentials

/// `thumbgen merge`: join the shard indexes into the index.
enum MergeCommand {
    static func run(_ request: Request, manifest: Manifest, console: Console) -> ExitCode {
        let generator = Generator(manifest: manifest, options: BuildOptions())
        let lock: BuildLock
        do {
            lock = try BuildLock(stateFolder: generator.stateFolder, shard: nil) {
                if !request.quiet { console.err("thumbgen: a build of \(manifest.file) is running; waiting for it to finish\n") }
            }
        } catch {
            console.err("thumbgen: error: \(error)\n")
            return .ioFailure
        }
        do {
            let index = try withExtendedLifetime(lock) { () throws(Merger.Failure) in try Merger(manifest: manifest).merge() }
            if !request.quiet {
                console.err("thumbgen: merged \(index.images.count) image\(index.images.count == 1 ? "" : "s") into \(manifest.indexPath)\n")
            }
            return .success
        } catch {
            console.err("thumbgen: error: \(error)\n")
            return .usage
        }
    }
}
