import ThumbgenKit

extension Request.Command {
    public static let completions = Self(CompletionsCommand.self)
}

/// `thumbgen completions SHELL`: a completion script for bash, zsh or fish, made from the
/// command table (`Commands.all`), so it offers what the parser takes.
enum CompletionsCommand: Command {
    static let name = "completions"
    static let summary: String? = "print a completion script for bash, zsh or fish"
    static let help = """
        thumbgen completions bash|zsh|fish
        Prints a script that completes thumbgen's commands, options and manifests in that shell.
        The Debian package installs all three; otherwise:
          thumbgen completions bash > ~/.local/share/bash-completion/completions/thumbgen
          thumbgen completions zsh > ~/.zfunc/_thumbgen      (a folder on $fpath)
          thumbgen completions fish > ~/.config/fish/completions/thumbgen.fish
        """
    static let readsSharedOptions = false
    static let arguments = CompletionScript.shells

    static func parse(_ words: [String], options: [String: String], into request: inout Request) throws(UsageError) {
        guard words.count == 1, let shell = words.first, arguments.contains(shell) else {
            throw UsageError("completions takes one shell, bash, zsh or fish, but got: '\(words.joined(separator: " "))'")
        }
        request.completionShell = shell
    }

    static func run(_ request: Request, console: Console, diagnostics: DiagnosticsEngine) {
        console.out(CompletionScript.text(for: request.completionShell ?? "bash"))
    }
}
