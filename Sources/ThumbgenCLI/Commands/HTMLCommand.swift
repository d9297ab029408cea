import FoundationEssentials
import Renditions
import ThumbgenKit

extension Request.Command {
    public static let html = Self(HTMLCommand.self)
}

/// `thumbgen html [PATH…] [--manifest MANIFEST] [--site-root DIR]`: rewrite the images of built
/// pages from the index (Outputs/HTML holds how).
enum HTMLCommand: ManifestCommand {
    static let name = "html"
    static let summary: String? = "rewrite the <img> tags of built pages from the index: html [PATH...] [--manifest M]"
    static let help = """
        thumbgen html [PATH...] [--manifest MANIFEST] [--site-root DIR] [--strict] [--quiet]
        Rewrites the images of built HTML pages (folders are searched for .html and .htm; no PATH:
        the manifest's web.site) from the index alone, so the page needs no JavaScript: every <img>
        whose src names an original (relative, root-relative, or a full URL under web.url), every
        <img data-image>, and every other element with data-image and data-slot (a background).
        The slot is data-slot, else web.slot; with neither the tag is left alone (a note, exit 1
        with --strict). Links run from each page's place in the built site (--site-root, else
        web.site, else the manifest's root) and keep the author's form. Only the rewritten tags
        change, and a second run changes nothing. An image or slot the index does not know, or a
        <picture data-thumbgen> holding more than thumbgen writes, stays as it is with a warning
        (exit 1 with --strict). A tag thumbgen wrote for an image since taken out of the index,
        or out of the tag's slot, names none of the renditions a build pruned: it shows the
        original (no other slot is guessed), with a warning.
          thumbgen html example-site/index.html
          hugo && thumbgen html --manifest manifest.yaml      # web: { site: public }
        """

    /// Pages larger than this are left as they are, with a warning.
    static let maxPageBytes = 64 << 20

    static func parse(_ words: [String], options: [String: String], into request: inout Request) throws(UsageError) {
        request.htmlPaths = words
        request.manifest = options["--manifest"] ?? "manifest.yaml"
        request.siteRoot = options["--site-root"]
    }

    static func run(_ request: Request, manifest: Manifest, console: Console, diagnostics: DiagnosticsEngine) {
        let folder = IndexPaths(indexPath: manifest.indexPath).folder
        guard let index = builtIndex(manifest, uses: "the pages get what a build wrote", diagnostics: diagnostics) else { return }
        guard let sitePath = siteFolder(request, manifest: manifest) else {
            diagnostics.error("usage: thumbgen html PATH... [--manifest MANIFEST] [--site-root DIR], or name the built site as web.site in the manifest", category: .usage)
            return
        }
        let site: RootDirectory, pages: [HTMLPages.Page]
        do {
            site = try RootDirectory(path: sitePath)
            pages = try HTMLPages.find(request.htmlPaths.isEmpty ? [sitePath] : request.htmlPaths, site: site)
        } catch let error as HTMLPages.Problem {
            diagnostics.error(error.description, category: .usage)
            return
        } catch {
            diagnostics.error("the built site \(sitePath): \(error)", category: .usage)
            return
        }
        var changed = 0, tags = 0, warnings = 0
        let journal = CommandJournal(command: "html", manifest: manifest)
        for page in pages {
            let bytes: [UInt8]
            do {
                bytes = try site.read(page.relative, limit: maxPageBytes)
            } catch {
                diagnostics.emit(Diagnostic(.warning, file: page.path, message: "\(readProblem(error)); it is left as it is", category: .image))
                warnings += 1
                continue
            }
            let links = PageLinks(page: page.relative, indexFolder: folder, url: manifest.web.url)
            let result = HTMLRewriter.rewrite(bytes, index: index, links: links, web: manifest.web)
            tags += result.tags
            for warning in result.warnings {
                if !warning.isNote { warnings += 1 }
                diagnostics.emit(Diagnostic(warning.isNote ? .note : .warning, file: page.path, line: warning.line,
                                            message: warning.message, category: .image))
            }
            guard result.html != bytes else { continue }
            do {
                let parent = page.relative.parentPath
                try site.writeAtomically(result.html, to: page.relative,
                                         temporaryName: journal.temporaryName(in: parent.isEmpty ? sitePath : sitePath + "/" + parent),
                                         keepingModeAndOwner: true)
            } catch {
                diagnostics.error("\(page.path): \(error.description)", category: .stopped)
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

    /// The built site's folder: `--site-root`, else `web.site` (relative to the manifest's
    /// folder), else the manifest's root when PATHs are given; nil when there is nothing to rewrite.
    static func siteFolder(_ request: Request, manifest: Manifest) -> String? {
        if let root = request.siteRoot { return root }
        if let site = manifest.web.site {
            return site.hasPrefix("/") ? site : URL(fileURLWithPath: site, relativeTo: URL(fileURLWithPath: manifest.directory.path, isDirectory: true)).standardizedFileURL.path
        }
        return request.htmlPaths.isEmpty ? nil : manifest.root.path
    }

    private static func readProblem(_ error: WriteError) -> String {
        if case .tooLarge = error.cause { return "the page is larger than \(maxPageBytes >> 20) MiB" }
        return "cannot read the page: \(error.description)"
    }
}
