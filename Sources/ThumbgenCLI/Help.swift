import ThumbgenKit

/// The text of `thumbgen --help`; `thumbgen help COMMAND` is each command's own `help`.
enum Help {
    static let version = GeneratorVersion.number

    static let overview = """
        thumbgen \(version): decode each image once, straight to the pixel sizes its display slots
        need, write the renditions beside the originals and a JSON index for clients.

        usage: thumbgen [COMMAND] [MANIFEST] [OPTIONS]      (MANIFEST defaults to ./manifest.yaml)

        commands:
        \(commandList)
        options:
          -j, --jobs N       workers (default: the number of cores)
          --dry-run          print the plan, each line marked new, reuse or prune, and write nothing
          --force            redo every rendition
          -q, --quiet        print errors only
          --strict           unreadable or unsupported images and files in the way fail build and
                             check (exit 1), each one named
          --json             print the result as one JSON object on standard output, with its
                             problems (severity, file, line, column, message)
          --format github    print problems as GitHub workflow commands, so they show on the lines
                             of a pull request (on by itself when GITHUB_ACTIONS=true)
          --profile          after the summary, CPU seconds by stage (decode, resample, each encoder…)
          --verbose          say each decision on standard error: the decode scale, why an image was
                             reused or made again, what was pruned (build, check, clean, merge, watch)
          --shard K/N        build one deterministic share of the images (also THUMBGEN_SHARD=K/N,
                             or JOB_COMPLETION_INDEX with THUMBGEN_SHARD_COUNT)
          --max-pixels N     refuse originals over N pixels (overrides limits.pixels)
          --version, --help

        examples:
          thumbgen                          build ./manifest.yaml
          thumbgen build site/manifest.yaml --jobs 4
          thumbgen --dry-run                show what would be written
          thumbgen check || thumbgen build  rebuild only when something is stale
          thumbgen lookup site/renditions.json photos/beach.jpg --slot thumb --scale 2

        exit status: 0 done; 1 check found work, or --strict met a problem;
        2 usage or manifest error (nothing written); 3 the build could not finish (I/O failure).
        'thumbgen help COMMAND' describes one command.
        """

    /// `  build     build or update…`: one line per command the overview lists, each ending in a
    /// line feed, the summaries lined up.
    static var commandList: String {
        Commands.all.compactMap { command in
            command.summary.map { "  " + command.name + String(repeating: " ", count: max(1, 10 - command.name.count)) + $0 + "\n" }
        }.joined()
    }

    /// `thumbgen help TOPIC`: the command's own help, or nil for no such command.
    static func text(for topic: String) -> String? {
        Commands.named(topic)?.help
    }

    /// The overview's paragraphs, each a heading (`options`; empty for the first) and its lines,
    /// the heading taken off the first: what the man page's sections hold.
    static var sections: [(heading: String, lines: [String])] {
        overview.split(separator: "\n\n", omittingEmptySubsequences: true).enumerated().map { number, paragraph in
            var lines = paragraph.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard number > 0, let colon = lines[0].firstIndex(of: ":") else { return ("", lines) }
            let heading = String(lines[0][..<colon])
            let rest = lines[0][lines[0].index(after: colon)...].drop { $0 == " " }
            if rest.isEmpty { lines.removeFirst() } else { lines[0] = String(rest) }
            return (heading, lines)
        }
    }

    /// The lines of a command's help that show how it is called: the first, and those indented
    /// under it before the description starts.
    static func synopsis(_ help: String) -> [String] {
        let lines = help.split(separator: "\n").map(String.init)
        return [lines[0]] + lines.dropFirst().prefix { $0.hasPrefix(" ") }
    }

    /// Every long option the `lines` name (`--jobs`, `--format`), once each, in their order.
    static func options(in lines: [String]) -> [String] {
        var found: [String] = []
        for line in lines {
            for match in line.matches(of: /--[a-z][a-z-]*/) where !found.contains(String(match.output)) {
                found.append(String(match.output))
            }
        }
        return found
    }
}
