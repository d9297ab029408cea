/// A `<picture data-thumbgen>` met in a page: replaced whole only when it is thumbgen's own
/// (`ThumbgenMark.OwnPicture`, the one rule) and this page's encoding can read it all. Anything
/// else (a `<figcaption>`, an author's `<source media>` with other attributes, a comment, white
/// space, no end tag) is the author's now: it stays, byte for byte, with a warning.
struct ThumbgenPicture {
    /// The tag to rewrite (the whole picture), or the warning's tag (the start tag, with `problem`).
    private var found: HTMLTags.Tag
    /// True when the picture is thumbgen's and its tokens, end tag included, were taken.
    private(set) var isWhole: Bool

    /// More tokens than any picture thumbgen writes (a source per type and art-directed slot).
    static let maxChildren = 64

    /// Reads the picture that `start` opens from `tokens`: when it is thumbgen's, its tokens are
    /// consumed; otherwise they are given back, to be read as the author's markup.
    static func read(after start: HTMLTokenizer.Token, from tokens: inout TokenQueue, bytes: [UInt8],
                     encoding: PageEncoding) -> ThumbgenPicture {
        var taken: [HTMLTokenizer.Token] = []
        var picture = ThumbgenMark.OwnPicture(attributes: start.tooManyAttributes ? [] : encoding.attributes(of: start, in: bytes))
        var problem = "a <picture data-thumbgen> without its </picture>"
        while taken.count <= maxChildren, let token = tokens.next() {
            taken.append(token)
            if token.kind == .endTag, token.name == "picture" {
                if picture.finalProblem == nil, let image = picture.image, encoding.canRead(bytes[start.range.lowerBound..<token.range.upperBound]) {
                    let tag = HTMLTags.Tag(range: start.range.lowerBound..<token.range.upperBound, line: 0, element: "img", attributes: image)
                    return ThumbgenPicture(found: tag, isWhole: true)
                }
                problem = picture.finalProblem ?? "a <picture data-thumbgen> thumbgen cannot read in this page's encoding"
                break
            }
            if let why = read(token, into: &picture, bytes: bytes, encoding: encoding) {
                problem = why
                break
            }
        }
        tokens.giveBack(taken)
        let tag = HTMLTags.Tag(range: start.range, line: 0, element: "picture", attributes: [],
                               problem: "\(problem): thumbgen replaces only what it wrote, so it and what it holds stay as they are (remove data-thumbgen to make it the page's own, or put back a plain <img>)")
        return ThumbgenPicture(found: tag, isWhole: false)
    }

    /// Gives `token` to the rule as the picture's next child node. Returns why the picture
    /// cannot be read to its end, when it cannot: an end tag other than `</picture>` ends it
    /// unclosed (what the rule says of the children matters only for a picture read whole).
    private static func read(_ token: HTMLTokenizer.Token, into picture: inout ThumbgenMark.OwnPicture,
                             bytes: [UInt8], encoding: PageEncoding) -> String? {
        switch token.kind {
        case .text: picture.add("#text", attributes: [])
        case .startTag where token.tooManyAttributes:
            return "a <picture data-thumbgen> whose <\(token.name)> has more than \(HTMLTokenizer.maxAttributes) attributes"
        case .startTag: picture.add(token.name, attributes: encoding.attributes(of: token, in: bytes))
        case .endTag: return "a <picture data-thumbgen> that holds a </\(token.name)>"
        case .comment: picture.add("#comment", attributes: [])
        case .other: return "a <picture data-thumbgen> that holds markup thumbgen does not write"
        }
        return nil
    }

    /// The tag, placed at `line`.
    func tag(line: Int) -> HTMLTags.Tag? {
        var tag = found
        tag.line = line
        return tag
    }
}
