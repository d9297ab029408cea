/// `thumbgen merge`: join the shard indexes into the index.
enum MergeCommand {
    static func run(_ request: Request, manifest: Manifest, console: Console, diagnostics: DiagnosticsEngine) {
        let generator = Generator(manifest: manifest, options: BuildOptions())
        guard let lock = BuildLock.forCommand(request, generator: generator, console: console, diagnostics: diagnostics) else { return }
        do {
            let index = try withExtendedLifetime(lock) { () throws(Merger.Failure) in try Merger(manifest: manifest).merge() }
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
