/// `thumbgen clean`: delete the renditions the index lists, then the index; nothing else.
enum CleanCommand {
    static func run(_ request: Request, manifest: Manifest, console: Console, diagnostics: DiagnosticsEngine) {
        let generator = Generator(manifest: manifest, options: BuildOptions())
        guard let lock = BuildLock.forCommand(request, generator: generator, console: console, diagnostics: diagnostics) else { return }
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
