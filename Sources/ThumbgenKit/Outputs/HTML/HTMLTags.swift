/// The tags `thumbgen html` may rewrite, with their exact byte spans, found by `HTMLTokenizer`:
/// every `<img>` with a `src` or a `data-image`, every other element with `data-image` and
/// `data-slot` (a background), and each `<picture data-thumbgen>` a run wrote before, whole,
/// when it holds exactly what thumbgen writes (`ThumbgenPicture`). An `<img>` inside any other
/// `<picture>` is the author's art direction and stays.
struct HTMLTags {
    struct Tag {
        /// The bytes a rewrite replaces: the `<img …>` or start tag, or the whole picture.
        var range: Range<Int>
        /// 1-based line of the tag's start.
        var line: Int
        /// `img`, or the element a background goes on.
        var element: String
        /// The `<img>`'s (or element's) attributes, in page order, names lowercase, values decoded.
        var attributes: [TagMarkup.Attribute]
        /// Why the tag is left as it is, when it is (a warning naming its line).
        var problem: String?
    }

    /// Why a whole page is left as it is.
    struct Refusal: Error, Equatable {
        var message: String
    }

    /// Open elements past which a page is left alone: no browser shows that much nesting, and
    /// the count is what bounds the memory a page can make this take.
    static let maxDepth = 100_000

    static let voidElements: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                                            "source", "track", "wbr", "param", "keygen", "frame", "basefont", "bgsound"]

    /// The tags of a UTF-8 page, none when it cannot be read.
    static func find(in bytes: [UInt8]) -> [Tag] {
        (try? find(in: bytes, encoding: .utf8)) ?? []
    }

    /// The tags of `bytes` (a page in `encoding`), in page order.
    static func find(in bytes: [UInt8], encoding: PageEncoding) throws(Refusal) -> [Tag] {
        var tokens = TokenQueue(HTMLTokenizer(bytes))
        var lines = LineCounter(bytes)
        var open: [String] = []
        var pictures = 0  // open <picture> elements thumbgen did not write
        var tags: [Tag] = []
        while let token = tokens.next() {
            switch token.kind {
            case .startTag:
                if token.name == "picture", has(token, "data-thumbgen", in: bytes) {
                    let picture = ThumbgenPicture.read(after: token, from: &tokens, bytes: bytes, encoding: encoding)
                    if let tag = picture.tag(line: lines.line(at: token.range.lowerBound)) { tags.append(tag) }
                    if picture.isWhole { continue }
                }
                if pictures == 0, let tag = candidate(token, in: bytes, encoding: encoding, line: &lines) { tags.append(tag) }
                guard !voidElements.contains(token.name) else { continue }
                open.append(token.name)
                if token.name == "picture" { pictures += 1 }
                if open.count > maxDepth {
                    throw Refusal(message: "the page nests more than \(maxDepth) elements (line \(lines.line(at: token.range.lowerBound))); it is left as it is")
                }
            case .endTag:
                guard let index = open.lastIndex(of: token.name) else { continue }
                pictures -= open[index...].count { $0 == "picture" }
                open.removeSubrange(index...)
            default: continue
            }
        }
        return tags
    }

    /// The tag to rewrite `token` is, if it is one.
    private static func candidate(_ token: HTMLTokenizer.Token, in bytes: [UInt8], encoding: PageEncoding,
                                  line: inout LineCounter) -> Tag? {
        let isImage = token.name == "img"
        if isImage {
            guard has(token, "src", in: bytes) || has(token, "data-image", in: bytes) else { return nil }
        } else {
            guard token.name != "source", token.name != "picture",
                  has(token, "data-image", in: bytes), has(token, "data-slot", in: bytes) else { return nil }
        }
        var tag = Tag(range: token.range, line: line.line(at: token.range.lowerBound), element: token.name, attributes: [])
        if token.tooManyAttributes {
            tag.problem = "<\(token.name)> has more than \(HTMLTokenizer.maxAttributes) attributes; it is left as it is"
        } else if !encoding.canRead(bytes[token.range]) {
            tag.problem = "<\(token.name)> holds characters thumbgen cannot read in this page's encoding (\(encoding)); write them as character references (&#…;) or save the page in UTF-8; it is left as it is"
        } else {
            tag.attributes = encoding.attributes(of: token, in: bytes)
        }
        return tag
    }

    /// Whether the tag has an attribute of that (lowercase ASCII) name.
    static func has(_ token: HTMLTokenizer.Token, _ name: String, in bytes: [UInt8]) -> Bool {
        let wanted = Array(name.utf8)
        return token.attributes.contains { attribute in
            attribute.name.count == wanted.count && zip(bytes[attribute.name], wanted).allSatisfy { $0.asciiLowercased == $1 }
        }
    }
}

/// Tokens from the tokenizer, with those a look ahead took and gave back first.
struct TokenQueue {
    private var tokenizer: HTMLTokenizer
    private var returned: [HTMLTokenizer.Token] = []

    init(_ tokenizer: HTMLTokenizer) { self.tokenizer = tokenizer }

    mutating func next() -> HTMLTokenizer.Token? {
        returned.popLast() ?? tokenizer.next()
    }

    /// Puts `tokens` back, to come out again in their order.
    mutating func giveBack(_ tokens: [HTMLTokenizer.Token]) {
        returned += tokens.reversed()
    }
}

/// 1-based line numbers of offsets asked for in increasing order (CR LF, CR and LF each end a line).
struct LineCounter {
    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func line(at target: Int) -> Int {
        while offset < min(target, bytes.count) {
            if bytes[offset] == 0x0A || (bytes[offset] == 0x0D && (offset + 1 >= bytes.count || bytes[offset + 1] != 0x0A)) { line += 1 }
            offset += 1
        }
        return line
    }
}
