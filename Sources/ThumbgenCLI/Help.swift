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
}
