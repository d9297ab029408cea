import ThumbgenKit

/// The options every command reads the same way (`--jobs`, `--json`, `--format`, `--shard`…),
/// checked in one order, so that a command line with two mistakes always names the same one.
enum SharedOptions {
    /// Options only some commands take (`Command.takes`), and what any other command given one says.
    static let restricted = [
        "--profile": "--profile is for 'build' (without --dry-run)",
        "--accept": "--accept is for 'lookup': media types such as image/avif,image/webp",
        "--shard": "--shard is for 'build'; 'merge' then joins the shards",
        "--cache": "--cache, --cache-read-only and --no-cache are for 'build'",
    ]

    static func read(_ tokens: ArgumentParser.Tokens, environment: [String: String], command: any Command.Type,
                     into request: inout Request) throws(UsageError) {
        readFlags(tokens.flags, into: &request)
        if request.profile, !command.takes("--profile", in: request) { throw refusal("--profile") }
        let options = tokens.options
        switch options["--format"] {
        case nil: request.githubAnnotations = environment["GITHUB_ACTIONS"] == "true"
        case "github": request.githubAnnotations = true
        case "text": request.githubAnnotations = false
        case let other?: throw UsageError("--format must be 'github' or 'text', but it is '\(other)'")
        }
        if let accept = options["--accept"] {
            request.accept = accept.split(separator: ",").map { String($0).trimmedSpaces }.filter { !$0.isEmpty }
            guard command.takes("--accept", in: request), request.accept.allSatisfy({ $0.hasPrefix("image/") }) else {
                throw refusal("--accept")
            }
        }
        if let jobs = options["--jobs"] {
            guard let value = Int(jobs), (1...1024).contains(value) else { throw UsageError("--jobs must be a whole number from 1 to 1024, but it is '\(jobs)'") }
            request.jobs = value
        }
        request.environment = environment
        request.cacheURL = options["--cache"]
        if request.cacheURL != nil || request.cacheReadOnly || request.noCache, !command.takes("--cache", in: request) {
            throw refusal("--cache")
        }
        if let url = request.cacheURL, let problem = CacheSettings.problem(url) { throw UsageError("--cache: \(problem)") }
        if let pixels = options["--max-pixels"] {
            guard let value = Int(pixels), value > 0 else { throw UsageError("--max-pixels must be a whole number above 0, but it is '\(pixels)'") }
            request.maxPixels = value
        }
        // The environment names a share of a build only: a `merge` or `lookup` in the same job ignores it.
        let takesShard = command.takes("--shard", in: request)
        request.shard = try shard(options["--shard"], environment: takesShard ? environment : [:])
        if request.shard != nil, !takesShard { throw refusal("--shard") }
    }

    private static func readFlags(_ flags: Set<String>, into request: inout Request) {
        request.dryRun = flags.contains("--dry-run")
        request.force = flags.contains("--force")
        request.quiet = flags.contains("--quiet")
        request.strict = flags.contains("--strict")
        request.json = flags.contains("--json")
        request.profile = flags.contains("--profile")
        request.verbose = flags.contains("--verbose")
        request.cacheReadOnly = flags.contains("--cache-read-only")
        request.noCache = flags.contains("--no-cache")
    }

    private static func refusal(_ option: String) -> UsageError {
        UsageError(restricted[option] ?? "\(option) is not for this command")
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
