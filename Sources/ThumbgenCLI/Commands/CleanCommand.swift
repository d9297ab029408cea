import ThumbgenKit

extension Request.Command {
    public static let clean = Self(CleanCommand.self)
}

/// `thumbgen clean`: delete the renditions the index lists, then the index; nothing else.
enum CleanCommand: ManifestCommand {
    static let name = "clean"
    static let summary: String? = "delete the renditions the index lists, then the index; nothing else"
    static let help = """
        thumbgen clean [MANIFEST] [--verbose]
        Deletes the renditions the index lists, then the index. Originals and any file the index does
        not list are left alone.
          thumbgen clean site/manifest.yaml
        """

    static func run(_ request: Request, manifest: Manifest, console: Console, diagnostics: DiagnosticsEngine) {
        let generator = Generator(manifest: manifest, options: BuildOptions(narrator: request.narrator(console)))
        let observer = ConsoleObserver(console: console, quiet: request.quiet, drawsProgress: false)
        guard let lock = observer.lock(generator, diagnostics: diagnostics) else { return }
        let deleted: (renditions: Int, index: Bool, ignored: [ImageProblem])
        do {
            deleted = try withExtendedLifetime(lock) { () throws(BuildFailure) in try generator.clean() }
        } catch {
            diagnostics.error("\(error)", category: .usage)
            return
        }
        let display = DisplayPaths(root: manifest.root.path)
        for problem in deleted.ignored {
            diagnostics.emit(Diagnostic(.warning, file: display.show(problem.file), message: problem.message, category: .info))
        }
        diagnostics.report("deleted", .int(deleted.renditions))
        diagnostics.report("index_deleted", .bool(deleted.index))
        if !request.quiet && !request.json {
            console.err("thumbgen: deleted \(deleted.renditions) rendition\(deleted.renditions == 1 ? "" : "s")\(deleted.index ? " and the index" : "; there was no index")\n")
        }
    }
}
