/// The character encoding a page is in, found as a browser finds it (a byte order mark, else a
/// `<meta charset>` in its first 1024 bytes, WHATWG's prescan), and what follows for a rewrite:
/// the tokenizer reads bytes, so any ASCII-compatible encoding can be rewritten; the text
/// written into it is ASCII (anything else as character references), so it is never mixed.
enum PageEncoding: Equatable {
    case utf8
    /// windows-1252, which the labels `iso-8859-1`, `latin1` and `us-ascii` mean on the web.
    case windows1252
    /// Another encoding whose bytes below 0x80 are ASCII (Shift_JIS, EUC-KR, ISO-8859-5, …):
    /// only tags written in ASCII alone can be read, and so rewritten.
    case asciiCompatible(String)

    /// Why a page cannot be rewritten in its encoding, for the warning.
    struct Refusal: Error, Equatable {
        var message: String
    }

    /// The page's encoding, or why it is left alone: UTF-16, ISO-2022-JP and the like (whose
    /// bytes are not ASCII's), or bytes that are not valid UTF-8 in a page that is taken as UTF-8.
    static func of(_ bytes: [UInt8]) -> Result<PageEncoding, Refusal> {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return validUTF8(bytes, declared: "a UTF-8 byte order mark") }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            return .failure(Refusal(message: "the page is in UTF-16 (its byte order mark says so); thumbgen rewrites pages in UTF-8 or an ASCII-compatible encoding, so it is left as it is"))
        }
        guard let label = declaredLabel(bytes) else { return validUTF8(bytes, declared: nil) }
        switch label {
        case _ where utf8Labels.contains(label): return validUTF8(bytes, declared: "its <meta charset=\"\(label)\">")
        case _ where windows1252Labels.contains(label): return .success(.windows1252)
        case _ where notASCIICompatible.contains(label):
            return .failure(Refusal(message: "the page is in \(label), whose bytes are not ASCII's; it is left as it is"))
        default: return .success(.asciiCompatible(label))
        }
    }

    private static func validUTF8(_ bytes: [UInt8], declared: String?) -> Result<PageEncoding, Refusal> {
        if String(validating: bytes, as: UTF8.self) != nil { return .success(.utf8) }
        let why = declared.map { "is not valid UTF-8, though \($0) says it is" } ?? "is not valid UTF-8 and names no charset (add <meta charset=\"…\">)"
        return .failure(Refusal(message: "the page \(why); it is left as it is rather than mixing encodings"))
    }

    /// The charset label the page's first 1024 bytes declare in a `<meta>`, lowercase; labels
    /// no browser knows are passed over, as the prescan does.
    static func declaredLabel(_ bytes: [UInt8]) -> String? {
        var tokenizer = HTMLTokenizer(Array(bytes.prefix(1024)))
        while let token = tokenizer.next() {
            guard token.kind == .startTag, token.name == "meta" else { continue }
            let attributes = PageEncoding.utf8.attributes(of: token, in: tokenizer.bytes)
            func value(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
            var label = value("charset")
            if label == nil, value("http-equiv")?.lowercased() == "content-type", let content = value("content")?.lowercased(),
               let range = content.firstRange(of: "charset=") {
                label = String(content[range.upperBound...].prefix { $0 != ";" && $0 != " " }).replacing("\"", with: "").replacing("'", with: "")
            }
            guard let label = label?.lowercased().trimmingHTMLSpace, !label.isEmpty else { continue }
            // A page in UTF-16 could not have been read this far as ASCII: the prescan takes UTF-8.
            if label.hasPrefix("utf-16") || label == "unicode" || label == "ucs-2" { return "utf-8" }
            if utf8Labels.contains(label) || windows1252Labels.contains(label) || notASCIICompatible.contains(label)
                || otherLabels.contains(where: { label.hasPrefix($0) }) { return label }
        }
        return nil
    }

    static let utf8Labels: Set<String> = ["utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"]
    static let windows1252Labels: Set<String> = ["ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1",
                                                 "iso-ir-100", "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1",
                                                 "us-ascii", "windows-1252", "x-cp1252"]
    static let notASCIICompatible: Set<String> = ["iso-2022-jp", "csiso2022jp", "csiso2022kr", "hz-gb-2312", "iso-2022-cn",
                                                  "iso-2022-cn-ext", "iso-2022-kr", "replacement", "utf-16be", "utf-16le"]
    /// Beginnings of the other labels of WHATWG's Encoding standard (all ASCII-compatible).
    static let otherLabels = ["iso-8859", "iso8859", "iso_8859", "windows-", "cp125", "x-cp125", "koi", "shift_jis", "sjis", "ms_kanji",
                              "windows-31j", "x-sjis", "csshiftjis", "euc-", "cseuc", "x-euc", "gb", "x-gbk", "chinese", "csgb2312",
                              "big5", "cn-big5", "csbig5", "x-x-big5", "ks_c_5601", "korean", "csksc56011987", "iso-ir-149",
                              "macintosh", "mac", "x-mac", "csmacintosh", "ibm866", "866", "cp866", "csibm866", "latin", "l2",
                              "l3", "l4", "l5", "l6", "l9", "tis-620", "dos-874", "cyrillic", "arabic", "greek", "hebrew",
                              "logical", "visual", "csisolatin", "csiso88596", "csiso88598", "ecma-114", "ecma-118", "elot_928",
                              "asmo-708", "iso-ir-", "sun_eu_greek", "x-user-defined", "csibm", "cskoi8r", "csmac"]

    /// windows-1252's characters for bytes 0x80 to 0x9F (nil where it has none: the C1 control stays).
    static let windows1252High: [Unicode.Scalar?] = [
        "\u{20AC}", nil, "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", nil, "\u{017D}", nil,
        nil, "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", nil, "\u{017E}", "\u{0178}",
    ]
}

extension StringProtocol {
    /// Without leading and trailing HTML spaces (tab, LF, FF, CR, space), as URL attributes are read.
    var trimmingHTMLSpace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\u{0C}" || $0 == "\r" || $0 == "\r\n" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
