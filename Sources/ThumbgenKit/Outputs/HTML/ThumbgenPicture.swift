/// A `<picture data-thumbgen>` met in a page: replaced whole only when it holds exactly what
/// thumbgen writes — `<source>` elements with thumbgen's attributes, then one `<img data-image>`,
/// then `</picture>`, nothing else but white space. Anything else (a `<figcaption>`, an author's
/// `<source media>` with other attributes, a comment, no end tag) is the author's now: it stays,
/// byte for byte, with a warning.
struct ThumbgenPicture {
    /// The tag to rewrite (the whole picture), or the warning's tag (the start tag, with `problem`).
    private var found: HTMLTags.Tag
    /// True when the picture is thumbgen's and its tokens, end tag included, were taken.
    private(set) var isWhole: Bool

    /// More tokens than any picture thumbgen writes (a source per type and art-directed slot).
    static let maxChildren = 64

    /// The attributes thumbgen writes on a `<source>`.
    static let sourceAttributes: Set<String> = ["type", "srcset", "sizes", "media", "width", "height"]

    /// Reads the picture that `start` opens from `tokens`: when it is thumbgen's, its tokens are
    /// consumed; otherwise they are given back, to be read as the author's markup.
    static func read(after start: HTMLTokenizer.Token, from tokens: inout TokenQueue, bytes: [UInt8],
                     encoding: PageEncoding) -> ThumbgenPicture {
        var taken: [HTMLTokenizer.Token] = []
        var image: [TagMarkup.Attribute]?
        var problem = "a <picture data-thumbgen> without its </picture>"
        while taken.count <= maxChildren, let token = tokens.next() {
            taken.append(token)
            if token.kind == .endTag, token.name == "picture" {
                if let image, encoding.canRead(bytes[start.range.lowerBound..<token.range.upperBound]) {
                    let tag = HTMLTags.Tag(range: start.range.lowerBound..<token.range.upperBound, line: 0, element: "img", attributes: image)
                    return ThumbgenPicture(found: tag, isWhole: true)
                }
                problem = image == nil ? "a <picture data-thumbgen> without its <img data-image>" : "a <picture data-thumbgen> thumbgen cannot read in this page's encoding"
                break
            }
            if let why = refusal(token, image: &image, bytes: bytes, encoding: encoding) {
                problem = why
                break
            }
        }
        tokens.giveBack(taken)
        let tag = HTMLTags.Tag(range: start.range, line: 0, element: "picture", attributes: [],
                               problem: "\(problem): thumbgen replaces only what it wrote, so it and what it holds stay as they are (remove data-thumbgen to make it the page's own, or put back a plain <img>)")
        return ThumbgenPicture(found: tag, isWhole: false)
    }

    /// Why `token` cannot be inside a picture thumbgen wrote, or nil when it can.
    private static func refusal(_ token: HTMLTokenizer.Token, image: inout [TagMarkup.Attribute]?,
                                bytes: [UInt8], encoding: PageEncoding) -> String? {
        switch token.kind {
        case .text where bytes[token.range].allSatisfy(\.isHTMLSpace): return nil
        case .startTag where token.name == "source" && image == nil:
            let names = encoding.attributes(of: token, in: bytes).map(\.name)
            return names.allSatisfy(sourceAttributes.contains) ? nil : "a <picture data-thumbgen> whose <source> has attributes thumbgen does not write"
        case .startTag where token.name == "img" && image == nil:
            let attributes = encoding.attributes(of: token, in: bytes)
            guard !token.tooManyAttributes, attributes.contains(where: { $0.name == "data-image" }) else {
                return "a <picture data-thumbgen> whose <img> has no data-image"
            }
            image = attributes
            return nil
        case .startTag: return "a <picture data-thumbgen> that holds a <\(token.name)>"
        case .endTag: return "a <picture data-thumbgen> that holds a </\(token.name)>"
        default: return "a <picture data-thumbgen> that holds text or a comment"
        }
    }

    /// The tag, placed at `line`.
    func tag(line: Int) -> HTMLTags.Tag? {
        var tag = found
        tag.line = line
        return tag
    }
}
