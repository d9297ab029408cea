/// The tags of an HTML page with their exact byte spans, found by the HTML tokenizer's own rules
/// (WHATWG HTML §13.2.5) for tags, attributes, comments, doctypes, bogus comments, raw text
/// (`script`, `style`, `textarea`, `title`, …), CDATA in SVG and MathML, and `plaintext`.
///
/// It builds no tree: a page's nesting costs nothing, so no page can exhaust the stack or the
/// memory by depth, and every byte of the page belongs to exactly one token, in order. It reads
/// bytes, so it serves every ASCII-compatible encoding alike; attribute values stay as spans
/// until someone asks for them (`PageEncoding.value`).
struct HTMLTokenizer: IteratorProtocol {
    struct Token {
        enum Kind: Equatable { case startTag, endTag, text, comment, other }
        var kind: Kind
        /// The token's bytes in the page: `<img …>` from `<` to `>` for a tag.
        var range: Range<Int>
        /// Tag name, ASCII lowercase; empty for other kinds.
        var name = ""
        /// The attributes as written: name span and value span (nil when it has no value), in
        /// page order, duplicates included (the first one counts, as in a browser).
        var attributes: [(name: Range<Int>, value: Range<Int>?)] = []
        /// More than `maxAttributes`: the rest were not recorded, and the tag is not to be rewritten.
        var tooManyAttributes = false
        var selfClosing = false
    }

    /// Attributes recorded per tag; a tag with more is tokenized, never rewritten.
    static let maxAttributes = 1_000

    let bytes: [UInt8]
    private(set) var position = 0
    /// The end of the raw text (or RCDATA, script data) the last start tag opened, found when
    /// the next token is asked for.
    private var rawText: RawTextKind?
    /// The open SVG and MathML elements (lowercase), for CDATA and raw text (`ForeignContent`).
    private var foreign = ForeignContent()

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> Token? {
        guard position < bytes.count else { return nil }
        let start = position
        if let kind = rawText {
            rawText = nil
            let end = kind == .plaintext ? bytes.count : rawTextEnd(from: start, kind: kind)
            if end > start {
                position = end
                return Token(kind: .text, range: start..<end)
            }
        }
        guard bytes[start] == UInt8(ascii: "<"), start + 1 < bytes.count else { return text(from: start) }
        let next = bytes[start + 1]
        if next.isASCIILetter { return tag(from: start, kind: .startTag) }
        switch next {
        case UInt8(ascii: "/"):
            guard start + 2 < bytes.count else { return text(from: start) }
            if bytes[start + 2].isASCIILetter { return tag(from: start, kind: .endTag) }
            // `</>` is dropped; `</` and anything else opens a bogus comment up to `>`.
            if bytes[start + 2] == UInt8(ascii: ">") { return finish(.other, start, start + 3) }
            return finish(.comment, start, endOfBogusComment(from: start + 2))
        case UInt8(ascii: "!"): return markupDeclaration(from: start)
        case UInt8(ascii: "?"): return finish(.comment, start, endOfBogusComment(from: start + 1))
        default: return text(from: start)
        }
    }

    private mutating func finish(_ kind: Token.Kind, _ start: Int, _ end: Int) -> Token {
        position = end
        return Token(kind: kind, range: start..<end)
    }

    /// Text up to the next `<` that can open something (a `<` at the start is text itself).
    private mutating func text(from start: Int) -> Token {
        var end = start + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "<") { end += 1 }
        return finish(.text, start, end)
    }

    /// `<!--…-->`, `<!DOCTYPE …>`, `<![CDATA[…]]>` (in SVG and MathML), else a bogus comment.
    private mutating func markupDeclaration(from start: Int) -> Token {
        if has("<!--", at: start) {
            let body = start + 4
            // `<!-->` and `<!--->` close at once (abrupt-closing-of-empty-comment).
            if has(">", at: body) { return finish(.comment, start, body + 1) }
            if has("->", at: body) { return finish(.comment, start, body + 2) }
            var index = body
            while index < bytes.count {
                if has("-->", at: index) { return finish(.comment, start, index + 3) }
                if has("--!>", at: index) { return finish(.comment, start, index + 4) }
                index += 1
            }
            return finish(.comment, start, bytes.count)
        }
        if foreign.isForeign, has("<![CDATA[", at: start) {
            var index = start + 9
            while index < bytes.count, !has("]]>", at: index) { index += 1 }
            return finish(.text, start, min(index + 3, bytes.count))
        }
        // A doctype ends at the first `>` whatever its quotes hold; so does a bogus comment.
        let isDoctype = hasIgnoringCase("<!doctype", at: start)
        return finish(isDoctype ? .other : .comment, start, endOfBogusComment(from: start + 2))
    }

    private func endOfBogusComment(from index: Int) -> Int {
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: ">") { end += 1 }
        return min(end + 1, bytes.count)
    }

    /// A start or end tag from `<`. A tag cut off by the end of the page is no tag (eof-in-tag):
    /// its bytes come out as `.other`, never rewritten.
    private mutating func tag(from start: Int, kind: Token.Kind) -> Token {
        var token = Token(kind: kind, range: start..<start)
        var index = start + (kind == .startTag ? 1 : 2)
        let nameStart = index
        while index < bytes.count, !bytes[index].isTagNameEnd { index += 1 }
        token.name = String(decoding: bytes[nameStart..<index].map(\.asciiLowercased), as: UTF8.self)
        guard let end = attributes(from: index, into: &token) else { return finish(.other, start, bytes.count) }
        token.range = start..<end
        position = end
        if kind == .startTag {
            rawText = foreign.startTag(token.name, selfClosing: token.selfClosing, attributes: attributeText(token))
        } else {
            foreign.endTag(token.name)
        }
        return token
    }

    /// The attributes from `index` to the tag's `>`; the index after it, or nil at the page's end.
    private func attributes(from start: Int, into token: inout Token) -> Int? {
        var index = start
        while true {
            // Before an attribute name: spaces and stray slashes (a `/` right before `>` closes the tag).
            while index < bytes.count, bytes[index].isHTMLSpace || bytes[index] == UInt8(ascii: "/") {
                if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") {
                    token.selfClosing = true
                }
                index += 1
            }
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ">") { return index + 1 }
            // The name; a `=` first is part of it.
            let nameStart = index
            index += 1
            while index < bytes.count, !bytes[index].isAttributeNameEnd { index += 1 }
            let name = nameStart..<index
            while index < bytes.count, bytes[index].isHTMLSpace { index += 1 }
            guard index < bytes.count else { return nil }
            var value: Range<Int>?
            if bytes[index] == UInt8(ascii: "=") {
                index += 1
                while index < bytes.count, bytes[index].isHTMLSpace { index += 1 }
                guard index < bytes.count else { return nil }
                let quote = bytes[index]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    let valueStart = index + 1
                    index = valueStart
                    while index < bytes.count, bytes[index] != quote { index += 1 }
                    guard index < bytes.count else { return nil }
                    value = valueStart..<index
                    index += 1
                } else if quote == UInt8(ascii: ">") {
                    value = index..<index  // missing-attribute-value: the tag ends here
                } else {
                    let valueStart = index
                    while index < bytes.count, !bytes[index].isHTMLSpace, bytes[index] != UInt8(ascii: ">") { index += 1 }
                    guard index < bytes.count else { return nil }
                    value = valueStart..<index
                }
            }
            if token.attributes.count < Self.maxAttributes {
                token.attributes.append((name, value))
            } else {
                token.tooManyAttributes = true
            }
        }
    }

    /// The attribute names and values `ForeignContent` looks at (annotation-xml's encoding,
    /// font's color, face and size): ASCII lowercase.
    private func attributeText(_ token: Token) -> [String: String] {
        guard token.name == "annotation-xml" || token.name == "font" else { return [:] }
        var found: [String: String] = [:]
        for attribute in token.attributes {
            let name = String(decoding: bytes[attribute.name].map(\.asciiLowercased), as: UTF8.self)
            if found[name] == nil { found[name] = attribute.value.map { String(decoding: bytes[$0].map(\.asciiLowercased), as: UTF8.self) } ?? "" }
        }
        return found
    }

    func has(_ text: StaticString, at index: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[index + $0] == text.utf8Start[$0] }
    }

    func hasIgnoringCase(_ text: StaticString, at index: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[index + $0].asciiLowercased == text.utf8Start[$0] }
    }
}

extension UInt8 {
    var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
    var isASCIIDigit: Bool { (0x30...0x39).contains(self) }
    var asciiLowercased: UInt8 { (0x41...0x5A).contains(self) ? self + 0x20 : self }
    /// Tab, line feed, form feed, carriage return, space: what separates attributes.
    var isHTMLSpace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0C || self == 0x0D }
    var isTagNameEnd: Bool { isHTMLSpace || self == UInt8(ascii: "/") || self == UInt8(ascii: ">") }
    var isAttributeNameEnd: Bool { isTagNameEnd || self == UInt8(ascii: "=") }
}
