import Raster
import ThumbgenKit

/// Turns `argv` into a `Request`. Knows nothing of manifests or images: the words go to the
/// command they name (`Commands.all`), the shared options to `SharedOptions`.
public enum ArgumentParser {
    static let flags = ["--dry-run", "--force", "--quiet", "--strict", "--json", "--profile", "--help", "--version", "--verbose",
                        "--cache-read-only", "--no-cache", "--man"]
    static let valued = ["--jobs", "--shard", "--max-pixels", "--slot", "--scale", "--pixels", "--manifest", "--site-root", "--format", "--accept", "--cache"]

    /// The arguments sorted: the words (the command, manifests, paths), each valued option's
    /// value (the last one given wins), and the flags given.
    struct Tokens {
        var words: [String] = []
        var options: [String: String] = [:]
        var flags: Set<String> = []
    }

    public static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(UsageError) -> Request {
        var tokens = try tokenize(arguments)
        if tokens.flags.contains("--version") { return Request(command: .version) }
        if tokens.flags.contains("--help") {
            var request = Request(command: .help)
            request.helpTopic = tokens.words.first
            request.manPage = tokens.flags.contains("--man")
            return request
        }
        let command = try command(taking: &tokens.words)
        if tokens.flags.contains("--man"), command.name != HelpCommand.name { throw UsageError("--man is for 'help': thumbgen help --man") }
        var request = Request(command: Request.Command(command))
        try command.parse(tokens.words, options: tokens.options, into: &request)
        request.manPage = tokens.flags.contains("--man")
        guard command.readsSharedOptions else { return request }
        try SharedOptions.read(tokens, environment: environment, command: command, into: &request)
        return request
    }

    /// Sorts the arguments into words, options and flags; `--` ends the options.
    static func tokenize(_ arguments: [String]) throws(UsageError) -> Tokens {
        var tokens = Tokens()
        var iterator = arguments.makeIterator()
        var onlyWords = false
        while let argument = iterator.next() {
            if onlyWords || !argument.hasPrefix("-") || argument == "-" {
                tokens.words.append(argument)
                continue
            }
            if argument == "--" {
                onlyWords = true
                continue
            }
            // `-j4` is `--jobs 4`, as make and ninja take it.
            if argument.hasPrefix("-j"), argument.count > 2, !argument.hasPrefix("-j=") {
                tokens.options["--jobs"] = String(argument.dropFirst(2))
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let name = expand(parts[0])
            if valued.contains(name) {
                guard let value = parts.count == 2 ? parts[1] : iterator.next() else {
                    throw UsageError("\(name) needs a value")
                }
                tokens.options[name] = value
            } else if flags.contains(name) {
                guard parts.count == 1 else { throw UsageError("\(name) takes no value, but was given '\(parts[1])'") }
                tokens.flags.insert(name)
            } else {
                throw UsageError("unknown option '\(parts[0])'\(Suggestion.hint(for: parts[0], among: flags + valued)); see 'thumbgen --help'")
            }
        }
        return tokens
    }

    /// The command the first word names, taken off the words; `build` when the first word is
    /// none (or looks like a manifest's path).
    static func command(taking words: inout [String]) throws(UsageError) -> any Command.Type {
        guard let first = words.first else { return BuildCommand.self }
        if let named = Commands.named(first) {
            words.removeFirst()
            return named
        }
        guard first.contains(".") || first.contains("/") else {
            throw UsageError("unknown command '\(first)'\(Suggestion.hint(for: first, among: Commands.names)); see 'thumbgen --help'")
        }
        return BuildCommand.self
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
}
