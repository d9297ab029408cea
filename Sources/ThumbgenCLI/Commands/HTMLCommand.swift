import FoundationEssentials
import Renditions
import ThumbgenKit

extension Request.Command {
    public static let html = Self(HTMLCommand.self)
}

/// `thumbgen html PATH… [--manifest MANIFEST] [--site-root DIR]`: rewrite the
/// `<img data-image data-slot>` tags of built pages from the index (Web/ holds how).
enum HTMLCommand: ManifestCommand {
    static let name = "html"
    static let summary: String? = "rewrite <img data-image data-slot> tags of built pages: html PATH... [--manifest M]"
    static let help = """
        thumbgen html PATH... [--manifest MANIFEST] [--site-root DIR] [--strict] [--quiet]
        Rewrites each <img data-image="…" data-slot="…"> of the HTML files (folders are searched for
        .html and .htm) into a <picture data-thumbgen> with srcset, sizes, width, height and the
        placeholder, from the index alone, so the page needs no JavaScript. Every other byte stays;
        a second run changes nothing. Links run from each page to the index's folder within the
        site root: --site-root, else the manifest's root when the page is in it, else the folder
        given. An image or slot the index does not know is a warning (exit 1 with --strict).
          thumbgen html example-site/index.html
          hugo && thumbgen html public/ --manifest manifest.yaml
        """

    static func parse(_ words: [String], options: [String: String], into request: inout Request) throws(UsageError) {
        guard !words.isEmpty else { throw UsageError("usage: thumbgen html PATH... [--manifest MANIFEST] [--site-root DIR]") }
        request.htmlPaths = words
        request.manifest = options["--manifest"] ?? "manifest.yaml"
        request.siteRoot = options["--site-root"]
    }

    static func run(_ request: Request, manifest: Manifest, console: Console, diagnostics: DiagnosticsEngine) {
        let paths = IndexPaths(indexPath: manifest.indexPath)
        guard let index = builtIndex(manifest, uses: "the pages get what a build wrote", diagnostics: diagnostics) else { return }
        let pages: [HTMLPages.Page]
        do {
            pages = try HTMLPages.find(request.htmlPaths, manifestRoot: manifest.root.path, siteRoot: request.siteRoot)
        } catch {
            diagnostics.error(error.description, category: .usage)
            return
        }
        var changed = 0, tags = 0, warnings = 0
        let journal = CommandJournal(command: "html", manifest: manifest)
        for page in pages {
            guard let bytes = FileManager.default.contents(atPath: page.path).map(Array.init) else {
                diagnostics.error("\(page.path): cannot read the page", category: .stopped)
                return
            }
            let base = HTMLRewriter.base(fromPage: page.relative, toIndexFolder: paths.folder)
            let result = HTMLRewriter.rewrite(bytes, index: index, base: base)
            tags += result.tags
            warnings += result.warnings.count
            for warning in result.warnings {
                diagnostics.emit(Diagnostic(.warning, file: page.path, line: warning.line, message: warning.message, category: .image))
            }
            guard result.html != bytes else { continue }
            do {
                // The page's folder as the user named it; nothing at or below it through a link.
                let folder = page.path.parentPath.isEmpty ? "." : page.path.parentPath
                try RootDirectory(path: folder).writeAtomically(result.html, to: page.path.lastPathPart,
                                                                temporaryName: journal.temporaryName(in: folder))
            } catch {
                diagnostics.error(error.description, category: .stopped)
                return
            }
            changed += 1
        }
        diagnostics.report("pages", .int(pages.count))
        diagnostics.report("rewritten", .int(changed))
        diagnostics.report("tags", .int(tags))
        if !request.quiet && !request.json {
            let problems = warnings == 0 ? "" : "; \(warnings) warning\(warnings == 1 ? "" : "s")"
            console.err("thumbgen: \(tags) image tag\(tags == 1 ? "" : "s") in \(pages.count) page\(pages.count == 1 ? "" : "s"), \(changed) page\(changed == 1 ? "" : "s") rewritten\(problems)\n")
        }
    }
}
