/// A document's lines as characters, for explaining a syntax error by what the user wrote around
/// it. Lines and columns are 1-based and count characters, as libyaml's marks do.
struct SourceLines {
    private let lines: [[Character]]

    init(_ bytes: [UInt8]) {
        lines = String(decoding: bytes, as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { Array($0.hasSuffix("\r") ? $0.dropLast() : $0) }
    }

    var count: Int { lines.count }

    /// The characters of line `number`, or none past the end.
    func line(_ number: Int) -> [Character] {
        lines.indices.contains(number - 1) ? lines[number - 1] : []
    }

    /// The character at a mark, or nil at the end of its line or of the document.
    func character(at mark: Mark) -> Character? {
        let text = line(mark.line)
        return text.indices.contains(mark.column - 1) ? text[mark.column - 1] : nil
    }

    /// Leading spaces of a line (tabs end the count: they are not indentation in YAML).
    func indentation(_ number: Int) -> Int {
        line(number).prefix { $0 == " " }.count
    }

    /// True for a line with something besides spaces and a comment.
    func hasContent(_ number: Int) -> Bool {
        guard let first = line(number).first(where: { $0 != " " && $0 != "\t" }) else { return false }
        return first != "#"
    }

    /// True when only spaces and tabs come before `mark` on its line.
    func startsItsLine(_ mark: Mark) -> Bool {
        line(mark.line).prefix(mark.column - 1).allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// The text of a line from `column` to its end, without a trailing comment or spaces.
    func text(of number: Int, from column: Int = 1) -> String {
        let characters = Array(line(number).dropFirst(column - 1))
        var end = characters.count
        for index in characters.indices where characters[index] == "#" && (index == 0 || characters[index - 1] == " ") {
            end = index
            break
        }
        return String(characters[..<end]).trimmingSpaces
    }

    /// The value starting at `mark`, as far as a flow collection or a comment would let it run:
    /// `*.jpg` in `path: *.jpg  # photos` or in `{ path: *.jpg, slots: [t] }`.
    func value(at mark: Mark) -> String {
        var value = ""
        for character in line(mark.line).dropFirst(mark.column - 1) {
            if character == "," || character == "]" || character == "}" { break }
            if character == "#", value.last == " " { break }
            value.append(character)
        }
        return value.trimmingSpaces
    }

    /// The key before `mark` on its line, less indentation, a list item's `- ` and an enclosing
    /// flow collection: `path: ` in `  - path: *.jpg` and in `- { path: *.jpg }`.
    func lead(before mark: Mark) -> String {
        var text = Substring(String(line(mark.line).prefix(mark.column - 1)))
        if let flow = text.lastIndex(where: { $0 == "{" || $0 == "[" || $0 == "," }) { text = text[text.index(after: flow)...] }
        text = text.drop { $0 == " " }
        while text.hasPrefix("- ") { text = text.dropFirst(2).drop { $0 == " " } }
        return String(text)
    }

    /// The nearest line above `number` that holds something, if any.
    func contentLine(above number: Int) -> Int? {
        stride(from: number - 1, through: 1, by: -1).first { hasContent($0) }
    }

    /// The mark of byte `offset`, counting characters.
    func mark(ofByte offset: Int, in bytes: [UInt8]) -> Mark {
        UTF8Check.mark(ofByte: offset, in: bytes)
    }
}

extension String {
    /// Without leading or trailing spaces and tabs.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
