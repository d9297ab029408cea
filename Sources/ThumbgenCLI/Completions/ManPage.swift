/// thumbgen(1), in roff (`thumbgen help --man`): the overview's paragraphs as the page's
/// sections and every command's own help under COMMANDS, line for line the text `thumbgen
/// --help` and `thumbgen help COMMAND` print, kept as printed (no filling).
enum ManPage {
    /// The overview's headings and the man page's name for each; the first paragraph is the
    /// description.
    static let titles = ["": "DESCRIPTION", "usage": "SYNOPSIS", "commands": "COMMANDS", "options": "OPTIONS",
                         "examples": "EXAMPLES", "exit status": "EXIT STATUS"]
    /// The man page's order.
    static let order = ["usage", "", "commands", "options", "examples", "exit status"]

    static var text: String {
        let sections = Dictionary(Help.sections.map { ($0.heading, $0.lines) }, uniquingKeysWith: { first, _ in first })
        var page = [".TH THUMBGEN 1 \"\" \"thumbgen \(Help.version)\" \"User Commands\"", ".SH NAME", "thumbgen \\- " + roff(name)]
        for heading in order {
            guard let lines = sections[heading] else { continue }
            page.append(".SH " + quoted(titles[heading] ?? heading.uppercased()))
            page += verbatim(lines)
            if heading == "commands" {
                for command in Commands.all {
                    page.append(".SS " + command.name)
                    page += verbatim(command.help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
                }
            }
        }
        return page.joined(separator: "\n") + "\n"
    }

    /// What thumbgen does, from the description's first sentence: `decode each image once, …`.
    static var name: String {
        let description = (Help.sections.first?.lines ?? []).joined(separator: " ")
        let afterVersion = description.split(separator: ": ", maxSplits: 1).last ?? Substring(description)
        let sentence = afterVersion.split(separator: ". ", maxSplits: 1).first ?? afterVersion
        return String(sentence.hasSuffix(".") ? sentence.dropLast() : sentence)
    }

    /// Lines shown as they are: no filling, no adjusting.
    static func verbatim(_ lines: [String]) -> [String] {
        [".nf"] + lines.map(roff) + [".fi"]
    }

    /// Four or more upper-case hex digits, as groff names a character.
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    static func quoted(_ title: String) -> String {
        title.contains(" ") ? "\"\(title)\"" : title
    }

    /// A line of text in roff: backslashes, hyphens and quotes as themselves (ASCII in a
    /// terminal), other than ASCII by its code point (`\[u2026]`), and a line that would start
    /// with a control character made text.
    static func roff(_ line: String) -> String {
        var escaped = ""
        for scalar in line.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case "'": escaped += "\\(aq"
            case "`": escaped += "\\(ga"
            case _ where scalar.value > 0x7F: escaped += "\\[u" + hex(scalar.value) + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped.hasPrefix(".") ? "\\&" + escaped : escaped
    }
}
