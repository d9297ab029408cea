import FoundationEssentials

/// `thumbgen merge`: join the shard indexes into the index.
enum MergeCommand {
    static func run(_ request: Request, manifest: Manifest, console: Console) -> ExitCode {
        let generator = Generator(manifest: manifest, options: BuildOptions())
        guard let lock = BuildLock.forCommand(request, manifest: manifest, generator: generator, console: console) else {
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
