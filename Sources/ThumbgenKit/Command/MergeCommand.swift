import FoundationEssentials

/// `thumbgen merge`: join the shard indexes into the index.
enum MergeCommand {
    static func run(_ request: Request, manifest: Manifest, console: Console) -> ExitCode {
        let generator = Generator(manifest: manifest, options: BuildOptions())
        guard let lock = BuildLock.forCommand(request, manifest: manifest, generator: generator, console: console) else {
            return .ioFailure
        }
        do {
            let index = try withExtendedLifetime(lock) { () throws(Merger.Failure) in
                let index = try Merger(manifest: manifest).merge()
                // Shards cannot tell their temporary files from each other's; with every shard
                // done and the lock held, a killed one's leftovers go now.
                Generator.removeStrayTemporaries(generator.makeContext())
                return index
            }
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
