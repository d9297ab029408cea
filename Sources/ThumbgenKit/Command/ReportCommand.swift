import FoundationEssentials
import Renditions

/// `thumbgen report`: write report.html beside the index, from the index.
enum ReportCommand {
    static func run(_ request: Request, manifest: Manifest, console: Console) -> ExitCode {
        let generator = Generator(manifest: manifest, options: BuildOptions())
        let index: RenditionIndex
        do {
            index = try RenditionIndex.load(from: URL(fileURLWithPath: generator.indexFile))
        } catch {
            console.err("thumbgen: error: \(error)\nthumbgen: run 'thumbgen build \(manifest.file)' first; the report shows what a build wrote\n")
            return .usage
        }
        let path = generator.indexFile.parentPath + "/report.html"
        do {
            try AtomicFile.write(Array(ReportPage.html(index: index, manifestName: manifest.file).utf8), to: path)
        } catch {
            console.err("thumbgen: error: \(error)\n")
            return .ioFailure
        }
        if !request.quiet { console.err("thumbgen: wrote \(path)\n") }
        return .success
    }
}
