import Raster

/// Turns `argv` into a `Request`. Knows nothing of manifests or images.
public enum ArgumentParser {
    static let flags = ["--dry-run", "--force", "--quiet", "--strict", "--json", "--profile", "--help", "--version"]
    static let valued = ["--jobs", "--shard", "--max-pixels", "--slot", "--scale", "--pixels", "--manifest", "--site-root", "--format", "--accept"]

    public static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(UsageError) -> Request {
        var words: [String] = []
        var options: [String: String] = [:]
        var setFlags: Set<String> = []
        var iterator = arguments.makeIterator()
        var onlyWords = false
        while let argument = iterator.next() {
            if onlyWords || !argument.hasPrefix("-") || argument == "-" {
                words.append(argument)
                continue
            }
            if argument == "--" {
                onlyWords = true
                continue
            }
            // `-j4` is `--jobs 4`, as make and ninja take it.
            if argument.hasPrefix("-j"), argument.count > 2, !argument.hasPrefix("-j=") {
                options["--jobs"] = String(argument.dropFirst(2))
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let name = expand(parts[0])
            if valued.contains(name) {
                guard let value = parts.count == 2 ? parts[1] : iterator.next() else {
                    throw UsageError("\(name) needs a value")
                }
                options[name] = value
            } else if flags.contains(name) {
                guard parts.count == 1 else { throw UsageError("\(name) takes no value, but was given '\(parts[1])'") }
                setFlags.insert(name)
            } else {
                throw UsageError("unknown option '\(parts[0])'\(Suggestion.hint(for: parts[0], among: flags + valued)); see 'thumbgen --help'")
            }
        }

        if setFlags.contains("--version") { return Request(command: .version) }
        if setFlags.contains("--help") {
            var request = Request(command: .help)
            request.helpTopic = words.first
            return request
        }
        var command = Request.Command.build
        if let first = words.first, let named = Request.Command(rawValue: first) {
            command = named
            words.removeFirst()
        } else if let first = words.first, !first.contains("."), !first.contains("/") {
            throw UsageError("unknown command '\(first)'\(Suggestion.hint(for: first, among: Request.Command.allCases.map(\.rawValue))); see 'thumbgen --help'")
        }
        var request = Request(command: command)
        switch command {
        case .help:
            request.helpTopic = words.first
            return request
        case .version:
            return request
        case .schema:
            guard words.isEmpty else { throw UsageError("schema takes no manifest: it describes every manifest; see 'thumbgen help schema'") }
            return request
        case .lookup:
            try parseLookup(words, options, into: &request)
        case .export:
            try parseExport(words, into: &request)
        case .html:
            guard !words.isEmpty else { throw UsageError("usage: thumbgen html PATH... [--manifest MANIFEST] [--site-root DIR]") }
            request.htmlPaths = words
            request.manifest = options["--manifest"] ?? "manifest.yaml"
            request.siteRoot = options["--site-root"]
        default:
            guard words.count <= 1 else { throw UsageError("\(command.rawValue) takes one manifest, but got: \(words.joined(separator: " "))") }
            request.manifest = words.first ?? "manifest.yaml"
        }
        request.dryRun = setFlags.contains("--dry-run")
        request.force = setFlags.contains("--force")
        request.quiet = setFlags.contains("--quiet")
        request.strict = setFlags.contains("--strict")
        request.json = setFlags.contains("--json")
        request.profile = setFlags.contains("--profile")
        if request.profile, command != .build || request.dryRun {
            throw UsageError("--profile is for 'build' (without --dry-run)")
        }
        switch options["--format"] {
        case nil: request.githubAnnotations = environment["GITHUB_ACTIONS"] == "true"
        case "github": request.githubAnnotations = true
        case "text": request.githubAnnotations = false
        case let other?: throw UsageError("--format must be 'github' or 'text', but it is '\(other)'")
        }
        if let accept = options["--accept"] {
            request.accept = accept.split(separator: ",").map { String($0).trimmedSpaces }.filter { !$0.isEmpty }
            guard request.command == .lookup, request.accept.allSatisfy({ $0.hasPrefix("image/") }) else {
                throw UsageError("--accept is for 'lookup': media types such as image/avif,image/webp")
            }
        }
        if let jobs = options["--jobs"] {
            guard let value = Int(jobs), (1...1024).contains(value) else { throw UsageError("--jobs must be a whole number from 1 to 1024, but it is '\(jobs)'") }
            request.jobs = value
        }
        if let pixels = options["--max-pixels"] {
            guard let value = Int(pixels), value > 0 else { throw UsageError("--max-pixels must be a whole number above 0, but it is '\(pixels)'") }
            request.maxPixels = value
        }
        // The environment names a share of a build only: a `merge` or `lookup` in the same job ignores it.
        request.shard = try shard(options["--shard"], environment: command == .build ? environment : [:])
        if request.shard != nil, command != .build {
            throw UsageError("--shard is for 'build'; 'merge' then joins the shards")
        }
        return request
    }

    /// `-j` and `-q` are short for `--jobs` and `--quiet`.
    private static func expand(_ name: String) -> String {
        switch name {
        case "-j": "--jobs"
        case "-q": "--quiet"
        case "-h": "--help"
        default: name
        }
    }

    private static func parseLookup(_ words: [String], _ options: [String: String], into request: inout Request) throws(UsageError) {
        let usage = "usage: thumbgen lookup INDEX IMAGE (--slot S --scale N | --pixels WxH)"
        guard words.count == 2 else { throw UsageError(usage) }
        request.lookupIndex = words[0]
        request.lookupImage = words[1]
        if let pixels = options["--pixels"] {
            let sides = pixels.split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
            guard sides.count == 2, let width = sides[0], let height = sides[1], width > 0, height > 0 else {
                throw UsageError("--pixels must be WIDTHxHEIGHT in pixels, like 640x480, but it is '\(pixels)'")
            }
            request.lookupPixels = PixelSize(width: width, height: height)
        } else if let slot = options["--slot"], let scaleText = options["--scale"] {
            guard let scale = ExactDecimal(parsing: scaleText), !scale.isZero else {
                throw UsageError("--scale must be a number above 0, like 2 or 1.5, but it is '\(scaleText)'")
            }
            request.lookupSlot = slot
            request.lookupScale = scale.doubleValue
        } else {
            throw UsageError(usage)
        }
    }

    /// `export xcassets DIR [MANIFEST]`: the only kind of export is an Xcode asset catalog.
    private static func parseExport(_ words: [String], into request: inout Request) throws(UsageError) {
        let usage = "usage: thumbgen export xcassets DIR [MANIFEST]"
        guard let kind = words.first else { throw UsageError(usage) }
        guard kind == "xcassets" else {
            throw UsageError("unknown export '\(kind)'\(Suggestion.hint(for: kind, among: ["xcassets"])); \(usage)")
        }
        guard words.count == 2 || words.count == 3 else { throw UsageError(usage) }
        request.exportCatalog = words[1]
        request.manifest = words.count == 3 ? words[2] : "manifest.yaml"
    }

    /// `--shard K/N`, else `THUMBGEN_SHARD=K/N`, else a Kubernetes Indexed Job's 0-based
    /// `JOB_COMPLETION_INDEX` with `THUMBGEN_SHARD_COUNT`.
    static func shard(_ option: String?, environment: [String: String]) throws(UsageError) -> Shard? {
        if let (text, source) = option.map({ ($0, "--shard") }) ?? environment["THUMBGEN_SHARD"].map({ ($0, "THUMBGEN_SHARD") }) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 2, let index = parts[0], let count = parts[1], let shard = Shard(index: index, count: count) else {
                throw UsageError("\(source) must be K/N with 1 ≤ K ≤ N, like 2/3, but it is '\(text)'")
            }
            return shard
        }
        if let indexText = environment["JOB_COMPLETION_INDEX"], let countText = environment["THUMBGEN_SHARD_COUNT"] {
            guard let index = Int(indexText), let count = Int(countText), let shard = Shard(index: index + 1, count: count) else {
                throw UsageError("JOB_COMPLETION_INDEX=\(indexText) and THUMBGEN_SHARD_COUNT=\(countText) do not make a shard (the index counts from 0 and must be below the count)")
            }
            return shard
        }
        return nil
    }
}
