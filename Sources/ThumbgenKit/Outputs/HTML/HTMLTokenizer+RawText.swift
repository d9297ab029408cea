/// What follows a start tag that switches the tokenizer out of markup: its text runs to the
/// matching end tag, and no `<img>` inside it is a tag.
enum RawTextKind: Equatable {
    /// `style`, `xmp`, `iframe`, `noembed`, `noframes` (RAWTEXT) and `textarea`, `title`
    /// (RCDATA): up to `</name`. (Character references in RCDATA do not matter here.)
    case text(String)
    /// `script`: script data, whose `<!--` and `<script` escapes can hide a `</script>`.
    case script
    /// `plaintext`: the rest of the page.
    case plaintext

    static func after(_ name: String) -> RawTextKind? {
        switch name {
        case "script": .script
        case "plaintext": .plaintext
        // noscript is raw text only with scripting on; thumbgen writes for readers with it off.
        case "style", "xmp", "iframe", "noembed", "noframes", "textarea", "title": .text(name)
        default: nil
        }
    }
}

extension HTMLTokenizer {
    /// Where the raw text that starts at `start` ends: at its end tag's `<`, or the page's end.
    func rawTextEnd(from start: Int, kind: RawTextKind) -> Int {
        switch kind {
        case .plaintext: return bytes.count
        case .text(let name):
            var index = start
            while index < bytes.count {
                if endTag(name, at: index) { return index }
                index += 1
            }
            return bytes.count
        case .script: return scriptEnd(from: start)
        }
    }

    /// Script data (§13.2.5.4 to §13.2.5.30): `<!--` enters the escaped state, in which
    /// `<script` enters the double-escaped one, where `</script>` only goes back; `-->` leaves both.
    private func scriptEnd(from start: Int) -> Int {
        enum State { case data, escaped, doubleEscaped }
        var state = State.data
        var index = start
        while index < bytes.count {
            switch state {
            case .data:
                if endTag("script", at: index) { return index }
                if has("<!--", at: index) {
                    state = .escaped
                    index += 2  // the dashes of `<!--` also count towards a `-->` (`<!-->`)
                    continue
                }
            case .escaped:
                if has("-->", at: index) {
                    state = .data
                    index += 3
                    continue
                }
                if endTag("script", at: index) { return index }
                if startTag("script", at: index) {
                    state = .doubleEscaped
                    index += 7
                    continue
                }
            case .doubleEscaped:
                if has("-->", at: index) {
                    state = .data
                    index += 3
                    continue
                }
                if endTag("script", at: index) {
                    state = .escaped
                    index += 8
                    continue
                }
            }
            index += 1
        }
        return bytes.count
    }

    /// `</name` followed by a space, `/` or `>` at `index` (an appropriate end tag).
    private func endTag(_ name: String, at index: Int) -> Bool {
        guard index + 2 < bytes.count, bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "/") else { return false }
        return named(name, at: index + 2)
    }

    private func startTag(_ name: String, at index: Int) -> Bool {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "<") else { return false }
        return named(name, at: index + 1)
    }

    private func named(_ name: String, at index: Int) -> Bool {
        let utf8 = Array(name.utf8)
        guard index + utf8.count < bytes.count else { return false }
        for offset in utf8.indices where bytes[index + offset].asciiLowercased != utf8[offset] { return false }
        return bytes[index + utf8.count].isTagNameEnd
    }
}

/// Which namespace the tokenizer is in, as far as it matters to it: inside `<svg>` or `<math>`
/// CDATA sections exist and `<style>`, `<title>` or `<script>` hold markup, not raw text; an
/// HTML element such as `<img>` or `<p>` breaks out (§13.2.6.5); `foreignObject`, `desc`,
/// `title` and MathML's text elements hold HTML again. A stack of the open foreign elements is
/// all it takes.
struct ForeignContent {
    private var open: [String] = []

    /// In SVG or MathML, not in an HTML integration point within it.
    var isForeign: Bool { open.last.map { !Self.integrationPoints.contains($0) } ?? false }

    /// Takes a start tag; returns the raw text it opens, if any.
    mutating func startTag(_ name: String, selfClosing: Bool, attributes: [String: String]) -> RawTextKind? {
        if isForeign {
            let breaksOut = Self.breakouts.contains(name)
                || (name == "font" && ["color", "face", "size"].contains { attributes[$0] != nil })
            if breaksOut {
                while isForeign { open.removeLast() }
                return RawTextKind.after(name)
            }
            if !selfClosing {
                let encoding = attributes["encoding"] ?? ""
                open.append(name == "annotation-xml" && (encoding == "text/html" || encoding == "application/xhtml+xml") ? "annotation-xml html" : name)
            }
            return nil
        }
        if name == "svg" || name == "math" {
            if !selfClosing { open.append(name) }
            return nil
        }
        return RawTextKind.after(name)
    }

    /// Takes an end tag: closes the innermost open foreign element of that name.
    mutating func endTag(_ name: String) {
        if isForeign, name == "p" || name == "br" {
            while isForeign { open.removeLast() }
            return
        }
        if let index = open.lastIndex(where: { $0 == name || $0 == "annotation-xml html" && name == "annotation-xml" }) {
            open.removeSubrange(index...)
        }
    }

    static let integrationPoints: Set<String> = ["foreignobject", "desc", "title", "mi", "mo", "mn", "ms", "mtext", "annotation-xml html"]

    static let breakouts: Set<String> = [
        "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "embed", "h1", "h2", "h3",
        "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "meta", "nobr", "ol", "p", "pre", "ruby", "s",
        "small", "span", "strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var",
    ]
}
