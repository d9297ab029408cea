import ThumbgenKit

extension Request.Command {
    public static let merge = Self(MergeCommand.self)
}

/// `thumbgen merge`: join the shard indexes into the index.
enum MergeCommand: ManifestCommand {
    static let name = "merge"
    static let summary: String? = "join shard indexes (from build --shard K/N) into the index"
    static let help = """
        thumbgen merge [MANIFEST] [--verbose]
        Joins the shard indexes written by 'build --shard K/N' into the index, byte for byte what one
        whole build writes, then removes them. Refuses missing, duplicated or foreign shards.
          thumbgen build --shard 1/2 && thumbgen build --shard 2/2 && thumbgen merge
        """

    static func run(_ request: Request, manifest: Manifest, console: Console, diagnostics: DiagnosticsEngine) {
        let generator = Generator(manifest: manifest, options: BuildOptions())
        let observer = ConsoleObserver(console: console, quiet: request.quiet, drawsProgress: false)
        guard let lock = observer.lock(generator, diagnostics: diagnostics) else { return }
        let merger = Merger(manifest: manifest, narrator: request.narrator(console))
        do {
            let index = try withExtendedLifetime(lock) { () throws(Merger.Failure) in try merger.merge() }
            diagnostics.report("images", .int(index.images.count))
            if !request.quiet && !request.json {
                console.err("thumbgen: merged \(index.images.count) image\(index.images.count == 1 ? "" : "s") into \(manifest.indexPath)\n")
            }
        } catch {
            switch error {
            case .refused(let reason): diagnostics.error(reason, category: .usage)
            case .stopped(let reason): diagnostics.error(reason, category: .stopped)
            }
        }
    }
}
