/// A tag's slot as written: one slot (`hero`), or art direction in the syntax of `sizes`,
/// `(max-width: 600px) hero-tall, hero`: a slot per media condition, in order, and the last slot
/// for every other screen. A slot name is letters, digits, `-` and `_` (the manifest allows no
/// other), so the last word of each entry is its slot and what comes before is its condition.
struct ArtDirection: Equatable {
    struct Choice: Equatable {
        /// The media condition, as written (trimmed); nil for the last choice.
        var media: String?
        var slot: String
    }

    /// The conditional choices, in order, then the one for every other screen.
    var choices: [Choice]

    /// The slot every other screen gets: the `<img>`'s.
    var fallback: String { choices[choices.count - 1].slot }
    var conditional: ArraySlice<Choice> { choices.dropLast() }
    var slots: [String] { choices.map(\.slot) }

    init(choices: [Choice]) {
        self.choices = choices
    }

    /// The choices of `text`, or nil when it is not one slot nor a list whose every entry but
    /// the last has a condition and whose last has none.
    init?(_ text: String) {
        let entries = Self.entries(text)
        var choices: [Choice] = []
        for (position, entry) in entries.enumerated() {
            let words = entry.split(whereSeparator: Self.isHTMLSpace)
            guard let last = words.last, Self.isSlotName(last) else { return nil }
            let media = entry.dropLast(last.count).trimmingHTMLSpace
            guard media.isEmpty == (position == entries.count - 1) else { return nil }
            choices.append(Choice(media: media.isEmpty ? nil : String(media), slot: String(last)))
        }
        guard !choices.isEmpty else { return nil }
        self.choices = choices
    }

    /// The entries of a `sizes`-like list, split at commas outside parentheses, trimmed.
    private static func entries(_ text: String) -> [Substring] {
        var entries: [Substring] = []
        var depth = 0, start = text.startIndex
        for index in text.indices {
            switch text[index] {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            case "," where depth == 0:
                entries.append(text[start..<index].trimmingHTMLSpace)
                start = text.index(after: index)
            default: break
            }
        }
        entries.append(text[start...].trimmingHTMLSpace)
        return entries
    }

    /// HTML's white space: space, tab, line feed, form feed, carriage return (and CR LF, which
    /// Swift reads as one character).
    static func isHTMLSpace(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\n" || character == "\r" || character == "\u{0C}" || character == "\r\n"
    }

    private static func isSlotName(_ word: Substring) -> Bool {
        !word.isEmpty && word.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
    }
}

extension Substring {
    /// Without leading and trailing HTML white space.
    var trimmingHTMLSpace: Substring {
        guard let first = firstIndex(where: { !ArtDirection.isHTMLSpace($0) }), let last = lastIndex(where: { !ArtDirection.isHTMLSpace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
