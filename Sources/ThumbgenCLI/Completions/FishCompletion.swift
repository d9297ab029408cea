/// `thumbgen completions fish`: `complete` lines for fish, as the file
/// /usr/share/fish/vendor_completions.d/thumbgen.fish.
enum FishCompletion {
    static var text: String {
        var lines = ["# fish completion for thumbgen, made by 'thumbgen completions fish'", "complete -c thumbgen -f"]
        let entries = CompletionScript.entries
        let names = entries.map(\.name).joined(separator: " ")
        let first = "not __fish_seen_subcommand_from \(names)"
        for entry in entries {
            lines.append("complete -c thumbgen -n '\(first)' -a \(entry.name) -d \(quoted(entry.summary))")
        }
        lines.append("complete -c thumbgen -n '\(first)' -F -a '(__fish_complete_suffix .yaml)'")
        for option in CompletionScript.globalOptions {
            lines.append("complete -c thumbgen -n '\(first)' \(spec(option))")
        }
        for entry in entries {
            let seen = "-n '__fish_seen_subcommand_from \(entry.name)'"
            for option in entry.options {
                lines.append("complete -c thumbgen \(seen) \(spec(option))")
            }
            if !entry.arguments.isEmpty {
                lines.append("complete -c thumbgen \(seen) -a '\(entry.arguments.joined(separator: " "))'")
            }
            if entry.takesPaths {
                lines.append("complete -c thumbgen \(seen) -F")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `-l jobs -r`: a long option, with what its value is when it takes one.
    static func spec(_ option: String) -> String {
        let name = "-l " + option.dropFirst(2)
        if let words = CompletionScript.values[option] { return name + " -x -a '\(words.joined(separator: " "))'" }
        if CompletionScript.fileOptions.contains(option) { return name + " -r -F" }
        if CompletionScript.folderOptions.contains(option) { return name + " -x -a '(__fish_complete_directories)'" }
        return CompletionScript.valued.contains(option) ? name + " -x" : name
    }

    static func quoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
