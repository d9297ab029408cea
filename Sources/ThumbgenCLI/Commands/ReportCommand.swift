import FoundationEssentials
import Renditions
import ThumbgenKit

extension Request.Command {
    public static let report = Self(ReportCommand.self)
}

/// `thumbgen report`: write report.html beside the index, from the index.
enum ReportCommand: ManifestCommand {
    static let name = "report"
    static let summary: String? = "write report.html beside the index"
    static let help = """
        thumbgen report [MANIFEST]
        Writes report.html beside the index: every image with its renditions, what was skipped and
        why, and the decoded-memory saving per slot.
          thumbgen report && xdg-open example-site/report.html
        """

    static func run(_ request: Request, manifest: Manifest, console: Console, diagnostics: DiagnosticsEngine) {
        let paths = IndexPaths(indexPath: manifest.indexPath)
        let files = SiteFiles(root: manifest.root.path)
        guard let index = builtIndex(manifest, uses: "the report shows what a build wrote", diagnostics: diagnostics) else { return }
        do {
            let journal = CommandJournal(command: "report", manifest: manifest)
            let folder = paths.report.parentPath
            try files.write(Array(ReportPage.html(index: index, manifestName: manifest.file).utf8), to: paths.report,
                            temporaryName: journal.temporaryName(in: folder.isEmpty ? files.root : files.root + "/" + folder))
        } catch {
            diagnostics.error(error.description, category: .stopped)
            return
        }
        diagnostics.report("report", .string(DisplayPaths(root: manifest.root.path).show(paths.report)))
        if !request.quiet && !request.json { console.err("thumbgen: wrote \(DisplayPaths(root: manifest.root.path).show(paths.report))\n") }
    }
}
