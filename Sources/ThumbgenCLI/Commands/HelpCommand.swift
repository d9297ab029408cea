import ThumbgenKit

extension Request.Command {
    public static let help = Self(HelpCommand.self)
}

/// `thumbgen help [COMMAND]` (and `--help`): the overview, or one command's own help.
enum HelpCommand: Command {
    static let name = "help"
    static let help = "thumbgen help [COMMAND]: describe thumbgen, or one command."
    static let readsSharedOptions = false

    static func parse(_ words: [String], options: [String: String], into request: inout Request) throws(UsageError) {
        request.helpTopic = words.first
    }

    static func run(_ request: Request, console: Console, diagnostics: DiagnosticsEngine) {
        guard let topic = request.helpTopic else { return console.out(Help.overview + "\n") }
        if let text = Help.text(for: topic) {
            console.out(text + "\n")
        } else {
            diagnostics.error("no command '\(topic)'\(Suggestion.hint(for: topic, among: Commands.names))", category: .usage)
        }
    }
}
