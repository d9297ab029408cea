/// libyaml's account of a syntax error ("mapping values are not allowed in this context"),
/// turned into what a person editing the file did and what to write instead. The explanation
/// reads the lines around the error; what it cannot recognise keeps libyaml's words.
struct SyntaxExplanation {
    /// What libyaml reported.
    struct Report {
        var problem: String
        var problemMark: Mark
        var context: String?
        var contextMark: Mark
        /// The byte offset of the problem, for the reader's errors (which carry no line).
        var offset: Int
    }

    let report: Report
    let source: SourceLines
    let bytes: [UInt8]

    init(_ report: Report, bytes: [UInt8]) {
        self.report = report
        self.bytes = bytes
        source = SourceLines(bytes)
    }

    var error: YAMLError {
        explained ?? YAMLError(mark: report.problemMark, message: libyamlWords)
    }

    /// "YAML syntax: did not find expected key (while parsing a block mapping at line 3, column 3)"
    var libyamlWords: String {
        var message = "YAML syntax: \(report.problem)"
        if let context = report.context {
            message += " (\(context) at line \(report.contextMark.line), column \(report.contextMark.column))"
        }
        return message
    }

    private var explained: YAMLError? {
        let problem = report.problem, context = report.context ?? ""
        let at = report.problemMark
        switch problem {
        case "found character that cannot start any token" where source.character(at: at) == "\t",
             "found a tab character that violates indentation",
             "found a tab character where an indentation space is expected":
            return tab(at: problem.hasPrefix("found a tab") ? firstTab(on: at.line) ?? at : at)
        case "found character that cannot start any token":
            guard let character = source.character(at: at) else { return nil }
            return YAMLError(mark: at, message: "a value cannot start with '\(character)'; put it in quotes: \(quoted(at: at))")
        case "did not find expected alphabetic or numeric character" where context == "while scanning an alias" || context == "while scanning an anchor":
            let mark = report.contextMark
            let sign = source.character(at: mark) ?? "*"
            let meaning = sign == "*" ? "is an alias (a reference to an '&' anchor)" : "names an anchor"
            return YAMLError(mark: mark, message: "'\(source.value(at: mark))' must be in quotes: in YAML a value that starts with '\(sign)' \(meaning); write \(quoted(at: mark))")
        case "found unexpected end of stream" where context == "while scanning a quoted scalar",
             "found unexpected document indicator" where context == "while scanning a quoted scalar":
            let quote = source.character(at: report.contextMark) ?? "\""
            return YAMLError(mark: report.contextMark, message: "this \(quote) opens a quoted value that is never closed; add the closing \(quote) where the value ends")
        case "found unknown escape character":
            return YAMLError(mark: at, message: "in double quotes '\\' starts an escape such as '\\n', and '\\\(source.character(at: Mark(line: at.line, column: at.column + 1)).map(String.init) ?? "")' is none; write paths with '/', or put the value in single quotes, where '\\' is an ordinary character")
        case "did not find expected ',' or ']'", "did not find expected ',' or '}'":
            let list = problem.hasSuffix("']'")
            let opener = report.contextMark
            if at.line == opener.line, let character = source.character(at: at), character != "]", character != "}" {
                return YAMLError(mark: at, message: "a ',' is missing between two \(list ? "items of the list" : "entries of the mapping") that the '\(list ? "[" : "{")' at line \(opener.line), column \(opener.column) opens (or its closing '\(list ? "]" : "}")' is)")
            }
            return YAMLError(mark: at, message: "the '\(list ? "[" : "{")' at line \(opener.line), column \(opener.column) opens a \(list ? "list" : "mapping") that is not closed before \(found(at: at)); add '\(list ? "]" : "}")' after its last \(list ? "item" : "entry"), and ',' between \(list ? "items" : "entries")")
        case "could not find expected ':'" where context == "while scanning a simple key":
            return missingColon(key: report.contextMark)
        case "block sequence entries are not allowed in this context":
            let lead = source.lead(before: at).trimmingSpaces
            guard lead.hasSuffix(":") else { return nil }
            return YAMLError(mark: at, message: "a list item cannot start on the same line as '\(lead)'; put '\(IndentationExplanation.shortened(source.text(of: at.line, from: at.column)))' on the next line, indented under it")
        case "did not find expected node content" where source.character(at: at) == ",":
            return YAMLError(mark: at, message: "two ',' with nothing between them; remove one")
        case "control characters are not allowed":
            let mark = source.mark(ofByte: report.offset, in: bytes)
            let code = report.offset < bytes.count ? bytes[report.offset] : 0
            return YAMLError(mark: mark, message: "the file holds a control character (byte 0x\(Self.hex(code))), which YAML does not allow; remove it")
        case "mapping values are not allowed in this context":
            return misplacedColon(at: at)
        case "did not find expected key", "did not find expected '-' indicator", "did not find expected <document start>":
            if source.startsItsLine(at) { return IndentationExplanation(source: source).explain(line: at.line) }
            return strayText(at: at)
        default:
            return nil
        }
    }

    private func tab(at mark: Mark) -> YAMLError {
        source.startsItsLine(mark)
            ? YAMLError(mark: mark, message: "this line is indented with a tab; YAML indents with spaces only, so replace the tab with spaces")
            : YAMLError(mark: mark, message: "a tab cannot stand here; use spaces")
    }

    private func firstTab(on line: Int) -> Mark? {
        source.line(line).firstIndex(of: "\t").map { Mark(line: line, column: $0 + 1) }
    }

    /// `path: "*.jpg"`: the value at `mark` in double quotes, after its key.
    private func quoted(at mark: Mark) -> String {
        let value = source.value(at: mark).replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"")
        return source.lead(before: mark) + "\"" + value + "\""
    }

    private func found(at mark: Mark) -> String {
        if mark.line > report.contextMark.line, source.startsItsLine(mark), source.hasContent(mark.line) {
            return "line \(mark.line)"
        }
        guard mark.line <= source.count, let character = source.character(at: mark) else {
            return mark.line >= source.count ? "the end of the file" : "the end of line \(mark.line)"
        }
        return "'\(character)'"
    }

    /// `slots` alone on its line, or `index:renditions.json` without a space after the colon.
    private func missingColon(key mark: Mark) -> YAMLError {
        let text = source.text(of: mark.line, from: mark.column)
        if let colon = text.firstIndex(of: ":"), text.index(after: colon) < text.endIndex {
            let fixed = text[...colon] + " " + text[text.index(after: colon)...]
            return YAMLError(mark: mark, message: "a key needs a space after its ':': write '\(IndentationExplanation.shortened(fixed))'")
        }
        return YAMLError(mark: mark, message: "'\(IndentationExplanation.shortened(text))' is not followed by ':'; write '\(IndentationExplanation.shortened(text)):' to make it a key")
    }

    /// A `:` where no key may start: inside a value (`root: a: b`), on a line indented under a key
    /// that already has its value, or after a line that lacks its own `:`.
    private func misplacedColon(at mark: Mark) -> YAMLError? {
        let before = String(source.line(mark.line).prefix(mark.column - 1))
        if before.contains(": ") {
            var entry = Substring(source.text(of: mark.line, from: source.indentation(mark.line) + 1))
            while entry.hasPrefix("- ") { entry = entry.dropFirst(2).drop { $0 == " " } }
            guard let colon = entry.firstRange(of: ": ") else { return nil }
            let value = String(entry[colon.upperBound...]).trimmingSpaces.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"")
            return YAMLError(mark: mark, message: "a value that holds ': ' must be in quotes: write \(entry[..<colon.lowerBound]): \"\(value)\"")
        }
        if let above = source.contentLine(above: mark.line) {
            if source.indentation(mark.line) > source.indentation(above) {
                return IndentationExplanation(source: source).explain(line: mark.line)
            }
            let text = source.text(of: above, from: source.indentation(above) + 1)
            if !text.contains(":"), let space = text.firstIndex(of: " "), !text.hasPrefix("-") {
                let fixed = text[..<space] + ":" + text[space...]
                return YAMLError(mark: Mark(line: above, column: source.indentation(above) + 1),
                                 message: "'\(IndentationExplanation.shortened(text))' has no ':' after its key; write '\(IndentationExplanation.shortened(fixed))'")
            }
        }
        return nil
    }

    /// Something after a complete value on its line: a closing bracket too many, or text after a
    /// closing quote (often a quote left open on an earlier line).
    private func strayText(at mark: Mark) -> YAMLError? {
        guard let character = source.character(at: mark) else { return nil }
        if character == "}" || character == "]" {
            return YAMLError(mark: mark, message: "this '\(character)' closes nothing: there is one too many, or its '\(character == "}" ? "{" : "[")' is missing")
        }
        let before = source.line(mark.line).prefix(mark.column - 1).reversed().drop { $0 == " " }
        guard let quote = before.first, quote == "\"" || quote == "'" else { return nil }
        if let opening = openingQuote(before: Mark(line: mark.line, column: before.count), quote: quote), opening.line < mark.line {
            return YAMLError(mark: opening, message: "this \(quote) opens a quoted value that is not closed on its line, so it runs on to the \(quote) on line \(mark.line); add the closing \(quote) on line \(opening.line)")
        }
        return YAMLError(mark: mark, message: "'\(IndentationExplanation.shortened(source.value(at: mark)))' follows the closing \(quote) of a quoted value; put it inside the quotes, or remove it")
    }

    /// The quote that the one at `closing` ends, searching back through earlier lines.
    private func openingQuote(before closing: Mark, quote: Character) -> Mark? {
        var line = closing.line, limit = closing.column - 1
        while line >= 1 {
            let characters = source.line(line).prefix(line == closing.line ? limit : Int.max)
            if let index = characters.lastIndex(of: quote) { return Mark(line: line, column: index + 1) }
            line -= 1
            limit = Int.max
        }
        return nil
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }
}

extension String {
    /// Every `target` replaced (the YAML module does without Foundation).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
