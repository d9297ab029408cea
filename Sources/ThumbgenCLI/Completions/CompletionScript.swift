/// What the completion scripts offer, read from the command table (`Commands.all`) and the help
/// texts, so a new command or option is offered once its help names it.
enum CompletionScript {
    static let shells = ["bash", "zsh", "fish"]

    /// One command as a shell completes it.
    struct Entry {
        let name: String
        let summary: String
        /// The long options its help's synopsis names, and `--help`.
        let options: [String]
        /// The words its first argument can be.
        let arguments: [String]
        /// Whether it takes paths (a manifest, pages, a folder): the commands that read the shared options.
        let takesPaths: Bool
    }

    static var entries: [Entry] {
        Commands.all.map { command in
            let options = Help.options(in: Help.synopsis(command.help))
            return Entry(name: command.name, summary: command.summary ?? firstSentence(command.help),
                         options: options + (options.contains("--help") ? [] : ["--help"]), arguments: command.arguments,
                         takesPaths: command.readsSharedOptions)
        }
    }

    /// The options before any command: those the overview lists.
    static var globalOptions: [String] {
        let lines = Help.sections.first { $0.heading == "options" }?.lines ?? []
        return Help.options(in: lines.filter { $0.hasPrefix("  -") })
    }

    /// Options whose value is the next word.
    static let valued = ArgumentParser.valued
    /// The values an option can take, where they are a few words.
    static let values = ["--format": ["github", "text"]]
    /// The options with a few values, in order, each with its values as one line of words.
    static var valueLists: [(option: String, words: String)] {
        values.sorted { $0.key < $1.key }.map { ($0.key, $0.value.joined(separator: " ")) }
    }
    /// `--jobs|--shard|…`: every valued option as a shell's case pattern.
    static var valuedPattern: String { valued.joined(separator: "|") }
    /// Options whose value is a file (`--manifest`) or a folder (`--site-root`).
    static let fileOptions = ["--manifest"]
    static let folderOptions = ["--site-root"]

    /// For a command with no summary (`help`, `version`): its description's first sentence, or
    /// what follows a one-line help's colon.
    static func firstSentence(_ help: String) -> String {
        let lines = help.split(separator: "\n").map(String.init)
        let synopsis = Help.synopsis(help)
        if lines.count > synopsis.count {
            let line = lines[synopsis.count]
            return line.split(separator: ". ", maxSplits: 1).first.map(String.init) ?? line
        }
        return lines[0].split(separator: ":", maxSplits: 1).last.map { $0.trimmingPrefix(" ") }.map(String.init) ?? lines[0]
    }

    static func text(for shell: String) -> String {
        switch shell {
        case "zsh": ZshCompletion.text
        case "fish": FishCompletion.text
        default: BashCompletion.text
        }
    }
}
