import ThumbgenKit

extension Request.Command {
    public static let help = Self(HelpCommand.self)
}

/// `thumbgen help [COMMAND]` (and `--help`): the overview, or one command's own help; with
/// `--man`, the manual page made from the same texts.
enum HelpCommand: Command {
    static let name = "help"
    static let help = """
        thumbgen help [COMMAND] [--man]
        Describes thumbgen, or one command. --man prints the manual page thumbgen(1) in roff, made
        from the same texts as this help:
          thumbgen help --man > thumbgen.1 && man -l thumbgen.1
        """
    static let readsSharedOptions = false
    static var arguments: [String] { Commands.names }

    static func parse(_ words: [String], options: [String: String], into request: inout Request) throws(UsageError) {
        request.helpTopic = words.first
    }

    static func run(_ request: Request, console: Console, diagnostics: DiagnosticsEngine) {
        if request.manPage { return console.out(ManPage.text) }
        guard let topic = request.helpTopic else { return console.out(Help.overview + "\n") }
        if let text = Help.text(for: topic) {
            console.out(text + "\n")
        } else {
            diagnostics.error("no command '\(topic)'\(Suggestion.hint(for: topic, among: Commands.names))", category: .usage)
        }
    }
}
