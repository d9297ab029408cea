import FoundationEssentials
import Renditions

/// `thumbgen html PATH… [--manifest MANIFEST] [--site-root DIR]`: rewrite the
/// `<img data-image data-slot>` tags of built pages from the index (Web/ holds how).
enum HTMLCommand {
    static func run(_ request: Request, manifest: Manifest, console: Console) -> ExitCode {
        let indexFile = Generator(manifest: manifest, options: BuildOptions()).indexFile
        let index: RenditionIndex
        do {
            index = try RenditionIndex.load(from: URL(fileURLWithPath: indexFile))
        } catch {
            console.err("thumbgen: error: \(error)\nthumbgen: run 'thumbgen build \(manifest.file)' first; the pages get what a build wrote\n")
            return .usage
        }
        let pages: [HTMLPages.Page]
        do {
            pages = try HTMLPages.find(request.htmlPaths, manifestRoot: manifest.root.path, siteRoot: request.siteRoot)
        } catch {
            console.err("thumbgen: error: \(error)\n")
            return .usage
        }
        let indexFolder = manifest.indexPath.parentPath
        var changed = 0, tags = 0, warnings = 0
        for page in pages {
            guard let bytes = FileManager.default.contents(atPath: page.path).map(Array.init) else {
                console.err("thumbgen: error: \(page.path): cannot read it\n")
                return .ioFailure
            }
            let base = HTMLRewriter.base(fromPage: page.relative, toIndexFolder: indexFolder)
            let result = HTMLRewriter.rewrite(bytes, index: index, base: base)
            tags += result.tags
            for warning in result.warnings {
                warnings += 1
                console.err(Diagnostic(.warning, file: page.path, line: warning.line, message: warning.message).description + "\n")
            }
            guard result.html != bytes else { continue }
            do {
                try AtomicFile.write(result.html, to: page.path)
            } catch {
                console.err("thumbgen: error: \(error)\n")
                return .ioFailure
            }
            changed += 1
        }
        if !request.quiet {
            let problems = warnings == 0 ? "" : "; \(warnings) warning\(warnings == 1 ? "" : "s")"
            console.err("thumbgen: \(tags) image tag\(tags == 1 ? "" : "s") in \(pages.count) page\(pages.count == 1 ? "" : "s"), \(changed) page\(changed == 1 ? "" : "s") rewritten\(problems)\n")
        }
        return request.strict && warnings > 0 ? .workFound : .success
    }
}
