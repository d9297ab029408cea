import Raster
import ThumbgenKit

/// What the user asked for, parsed from the command line and checked, before anything runs.
public struct Request: Equatable, Sendable {
    /// A command's name. Each command declares its own (`BuildCommand.swift`: `.build`), and the
    /// names are those of `Commands.all`, in its order.
    public struct Command: RawRepresentable, Hashable, CaseIterable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        init(_ command: any ThumbgenCLI.Command.Type) { rawValue = command.name }

        public static var allCases: [Command] { Commands.all.map { Command($0) } }
        public var description: String { rawValue }
    }

    public var command: Command
    /// The manifest's path as given (default `manifest.yaml`).
    public var manifest = "manifest.yaml"
    public var jobs: Int?
    public var dryRun = false
    public var force = false
    public var quiet = false
    public var strict = false
    public var json = false
    /// `build --profile`: CPU seconds by stage after the summary (and in `--json`).
    public var profile = false
    /// `--verbose`: every decision the stages make, one line each on standard error.
    public var verbose = false
    /// Also print every problem as a GitHub Actions workflow command (`--format github`, or
    /// `GITHUB_ACTIONS=true`).
    public var githubAnnotations = false
    /// `lookup --accept`: media types the client shows, best first.
    public var accept: [String] = []
    public var shard: Shard?
    /// Overrides `limits.pixels` of the manifest.
    public var maxPixels: Int?
    /// `build`: the shared cache, from `--cache URL`, `--cache-read-only` and `--no-cache` over
    /// the environment's `THUMBGEN_CACHE_*` (the manifest's `cache:` under both, at run time).
    public var cacheURL: String?
    public var cacheReadOnly = false
    public var noCache = false
    public var environment: [String: String] = [:]
    /// `lookup`: the index and the image, then a slot and scale or a pixel size.
    public var lookupIndex: String?
    public var lookupImage: String?
    public var lookupSlot: String?
    public var lookupScale: Double?
    public var lookupPixels: PixelSize?
    /// `html`: the pages or folders to rewrite, and the built site's root if given.
    public var htmlPaths: [String] = []
    public var siteRoot: String?
    /// `export xcassets DIR`: the catalog folder, as given.
    public var exportCatalog: String?
    /// `help`: the command to describe, if any.
    public var helpTopic: String?
    /// `help --man`: the manual page thumbgen(1), in roff, instead of the help text.
    public var manPage = false
    /// `completions SHELL`: bash, zsh or fish.
    public var completionShell: String?

    public init(command: Command) { self.command = command }
}

/// A mistake on the command line; exit status 2.
public struct UsageError: Error, Equatable, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
