import FoundationEssentials
import Renditions
import ThumbgenKit

extension Request.Command {
    public static let build = Self(BuildCommand.self)
}

/// `thumbgen build`: lock, build, report. With `--dry-run`, the plan only (`DryRunCommand`).
enum BuildCommand: ManifestCommand {
    static let name = "build"
    static let summary: String? = "build or update renditions and the index (the default)"
    static let help = """
        thumbgen build [MANIFEST] [--jobs N] [--dry-run] [--force] [--quiet] [--strict] [--json]
                       [--format github] [--shard K/N] [--max-pixels N] [--profile] [--verbose]
                       [--cache URL] [--cache-read-only] [--no-cache]
        Decodes each image listed in MANIFEST once, writes every rendition its slots need beside it
        (name.Thumbnail(WxH).ext) and writes the index. Unchanged images are skipped; files the
        previous index listed and no longer needed are deleted.
          thumbgen build
          thumbgen build site/manifest.yaml --json > summary.json
          thumbgen build --force --profile     where the CPU time goes, stage by stage
          thumbgen build --cache file:///mnt/shared/thumbgen    share renditions between machines
        """

    /// A build's share (`--shard`) is a build's alone, and so is `--profile`, which times a build
    /// that runs (not a dry run).
    static func takes(_ option: String, in request: Request) -> Bool {
        switch option {
        case "--shard", "--cache": true
        case "--profile": !request.dryRun
        default: false
        }
    }

    static func run(_ request: Request, manifest: Manifest, console: Console, diagnostics: DiagnosticsEngine) {
        if request.dryRun { return DryRunCommand.run(request, manifest: manifest, console: console, diagnostics: diagnostics) }
        var options = BuildOptions(jobs: request.jobs ?? ProcessInfo.processInfo.activeProcessorCount, force: request.force,
                                   shard: request.shard, profile: request.profile, narrator: request.narrator(console))
        options.cache = CacheConfiguration.resolve(manifest.cache, environment: request.environment, url: request.cacheURL,
                                                   readOnly: request.cacheReadOnly, disabled: request.noCache)
        options.answersFromSeal = true
        if let url = options.cache?.url, let problem = CacheSettings.problem(url) {
            return diagnostics.error("the shared cache \(url): \(problem)", category: .usage)
        }
        let generator = Generator(manifest: manifest, options: options)
        let observer = ConsoleObserver(console: console, quiet: request.quiet, drawsProgress: !request.quiet)
        let summary: BuildSummary
        do {
            summary = try generator.buildLocked(observer: observer)
        } catch {
            diagnostics.error(error.description, category: .stopped)
            if case .build = error {
                console.err("thumbgen: the build stopped; the index lists only complete files, and the next build finishes the job\n")
            }
            return
        }
        let display = DisplayPaths(root: manifest.root.path)
        var found = SummaryReport.diagnostics(summary, display: display.show)
        if request.strict {
            for index in found.indices where found[index].category == .image { found[index].severity = .error }
        }
        diagnostics.emit(found)
        for (key, value) in SummaryReport.json(summary) { diagnostics.report(key, value) }
        if !request.json {
            if !request.quiet { console.err(SummaryReport.text(summary)) }
            if let profile = summary.profile { console.err(ProfileReport.text(profile)) }
        }
    }
}
