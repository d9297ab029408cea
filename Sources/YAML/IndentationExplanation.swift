/// Explains a line whose indentation does not fit the lines above it, by naming the keys it could
/// line up with and how many spaces each has. libyaml only says "did not find expected key" or
/// "mapping values are not allowed in this context"; a person needs to know which key and
/// how far to move.
struct IndentationExplanation {
    /// One column a line below could line up with: a key, or a list item's `-`.
    struct Level {
        var indent: Int
        var line: Int
        /// `'size'` or `the '-'`.
        var name: String
        var isDash: Bool
    }

    let source: SourceLines

    /// The problem for line `number`, or nil when its indentation is not what is wrong.
    func explain(line number: Int) -> YAMLError? {
        let indent = source.indentation(number)
        let mark = Mark(line: number, column: indent + 1)
        let text = source.text(of: number, from: indent + 1)
        if text.hasPrefix("-"), text.count > 1, !text.hasPrefix("- "), !text.hasPrefix("--") {
            let fixed = "- " + text.dropFirst()
            return YAMLError(mark: mark, message: "'\(Self.shortened(text))' needs a space after '-' to be a list item: write '\(Self.shortened(fixed))'")
        }
        let levels = self.levels(above: number)
        guard let nearest = levels.first else { return nil }
        let subject = text.hasPrefix("-") ? "this '-'" : "'\(Self.key(in: text))'"
        let isDash = text.hasPrefix("-")

        if indent > nearest.indent {
            var message = "\(subject) is indented more than \(nearest.name) on line \(nearest.line) (\(Self.spaces(indent)) against \(nearest.indent))"
            if !nearest.isDash, hasValue(nearest) {
                message += ", but \(nearest.name) already has its value on that line"
            }
            return YAMLError(mark: mark, message: message + "; \(Self.move(subject, to: nearest))")
        }
        if let same = levels.first(where: { $0.indent == indent }) {
            if isDash, !same.isDash {
                let list = levels.first { $0.isDash && $0.indent < indent }
                let fix = list.map { "to add an item to the list of line \($0.line), indent the '-' by \(Self.spaces($0.indent)), like \($0.name) there" }
                    ?? "start the list on the line after a key that ends with ':'"
                return YAMLError(mark: mark, message: "this '-' is indented like \(same.name) on line \(same.line), a key, so it cannot start a list item there; \(fix)")
            }
            if !isDash, same.isDash,
               let item = levels.last(where: { $0.line == same.line && $0.indent > indent }) {
                return YAMLError(mark: mark, message: "\(subject) is indented like \(same.name) on line \(same.line) (\(Self.spaces(indent))), where a new list item would start; indent it by \(Self.spaces(item.indent)), like \(item.name), to put it in that item")
            }
            return nil
        }
        if let deeper = levels.last(where: { $0.indent > indent }), let shallower = levels.first(where: { $0.indent < indent }) {
            return YAMLError(mark: mark, message: "\(subject) is indented by \(Self.spaces(indent)), which lines up with nothing above: \(shallower.name) on line \(shallower.line) has \(shallower.indent) and \(deeper.name) on line \(deeper.line) has \(deeper.indent); indent it by \(Self.spaces(deeper.indent)), like \(deeper.name), or \(shallower.indent == 0 ? "start it at the beginning of the line" : "by \(shallower.indent)"), like \(shallower.name)")
        }
        let first = levels.last!
        return YAMLError(mark: mark, message: "\(subject) is indented less than \(first.name) on line \(first.line) (\(Self.spaces(indent)) against \(first.indent)), the first key of the file; give every top-level key the same indentation (none is usual)")
    }

    /// The columns open at `number`: the deepest key or `-` of the nearest line above, then each
    /// shallower one on the lines above that, up to the left edge.
    func levels(above number: Int) -> [Level] {
        var levels: [Level] = []
        var limit = Int.max
        var line = number - 1
        while line >= 1, limit > 0 {
            defer { line -= 1 }
            guard source.hasContent(line) else { continue }
            let characters = source.line(line)
            let indent = source.indentation(line)
            // `- - key: value` opens a column at each `-` and one at the key.
            var columns = [indent]
            var index = indent
            while index < characters.count, characters[index] == "-",
                  index + 1 == characters.count || characters[index + 1] == " " {
                index += 1
                while index < characters.count, characters[index] == " " { index += 1 }
                if index < characters.count { columns.append(index) }
            }
            for column in columns.reversed() where column < limit {
                let text = source.text(of: line, from: column + 1)
                let isDash = text == "-" || text.hasPrefix("- ")
                levels.append(Level(indent: column, line: line, name: isDash ? "the '-'" : "'\(Self.key(in: text))'", isDash: isDash))
            }
            limit = min(limit, indent)
        }
        return levels
    }

    /// Does the key at `level` have a value after its `:` on the same line?
    private func hasValue(_ level: Level) -> Bool {
        let text = source.text(of: level.line, from: level.indent + 1)
        guard let colon = text.firstIndex(of: ":") else { return false }
        return !String(text[text.index(after: colon)...]).trimmingSpaces.isEmpty
    }

    /// "indent 'scales' by 4 spaces, like 'size'", or, at the left edge, "start it at the
    /// beginning of the line".
    private static func move(_ subject: String, to level: Level) -> String {
        level.indent == 0 ? "start \(subject) at the beginning of the line, like \(level.name)"
            : "indent \(subject) by \(spaces(level.indent)), like \(level.name)"
    }

    /// "1 space", "4 spaces".
    static func spaces(_ count: Int) -> String {
        count == 1 ? "1 space" : "\(count) spaces"
    }

    /// The key of `size: 60x60`, or the start of a line that has none.
    static func key(in text: String) -> String {
        let characters = Array(text)
        for index in characters.indices where characters[index] == ":" {
            if index + 1 == characters.count || characters[index + 1] == " " {
                return shortened(String(characters[..<index]))
            }
        }
        return shortened(text)
    }

    /// At most 40 characters, for quoting a line in a message.
    static func shortened(_ text: some StringProtocol) -> String {
        text.count <= 40 ? String(text) : String(text.prefix(39)) + "…"
    }
}
