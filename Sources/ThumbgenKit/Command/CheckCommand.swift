import FoundationEssentials

/// `thumbgen check`: exit 1 and the list of what is stale or missing, or exit 0.
enum CheckCommand {
    static func run(_ request: Request, manifest: Manifest, console: Console) -> ExitCode {
        let generator = Generator(manifest: manifest, options: BuildOptions(
            jobs: request.jobs ?? ProcessInfo.processInfo.activeProcessorCount))
        let report = generator.check()
        if request.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            struct Output: Encodable { var items: [CheckReport.Item]; var up_to_date: Bool }
            let data = (try? encoder.encode(Output(items: report.items, up_to_date: report.isClean))) ?? Data()
            console.out(String(decoding: data, as: UTF8.self) + "\n")
        } else {
            for item in report.items { console.out("\(item.kind)\t\(item.path)\t\(item.reason)\n") }
            if !request.quiet {
                console.err(report.isClean
                    ? "thumbgen: up to date\n"
                    : "thumbgen: \(report.items.count) thing\(report.items.count == 1 ? "" : "s") to do; run 'thumbgen build \(manifest.file)'\n")
            }
        }
        return report.isClean ? .success : .workFound
    }
}

/// `thumbgen clean`: delete the renditions the index lists, then the index; nothing else.
enum CleanCommand {
    static func run(_ request: Request, manifest: Manifest, console: Console) -> ExitCode {
        let generator = Generator(manifest: manifest, options: BuildOptions())
        guard let lock = BuildLock.forCommand(request, manifest: manifest, generator: generator, console: console) else {
            return .ioFailure
        }
        let deleted: (renditions: Int, index: Bool)
        do {
            deleted = try withExtendedLifetime(lock) { () throws(BuildFailure) in try generator.clean() }
        } catch {
            console.err("thumbgen: error: \(error)\n")
            return .usage
        }
        if !request.quiet {
            console.err("thumbgen: deleted \(deleted.renditions) rendition\(deleted.renditions == 1 ? "" : "s")\(deleted.index ? " and the index" : "; there was no index")\n")
        }
        return .success
    }
}
