import Renditions

/// How the markup spells what it writes. Every value goes through `escape`, whatever it came
/// from (the page, the index, the manifest), so none can end an attribute or open a tag.
enum MarkupText {
    /// An attribute value for double quotes: `&`, `"`, `<` and `>` as character references.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// `text` with A-Z as a-z and nothing else changed, as HTML compares keywords.
    static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf8.map(\.asciiLowercased), as: UTF8.self)
    }

    /// ` name="value"`, or ` name` for an empty value (as a parser reads both).
    static func attribute(_ attribute: TagMarkup.Attribute) -> String {
        attribute.value.isEmpty ? " \(attribute.name)" : " \(attribute.name)=\"\(escape(attribute.value))\""
    }

    /// `<name a="1" b>`.
    static func startTag(_ name: String, _ attributes: [TagMarkup.Attribute]) -> String {
        "<" + name + attributes.map(attribute).joined() + ">"
    }

    /// What every URL of `image` ends in: `?v=` and its recipe's first 8 hex digits with
    /// `web.versioned` (`versionQuery`), else nothing.
    static func query(index: RenditionIndex, image: String, web: WebSettings) -> String {
        web.versioned ? index.versionQuery(image: image) ?? "" : ""
    }

    /// The URL of `file` from the page: `base`, the path URL-escaped, then `query` (`?v=…`).
    static func url(_ file: String, base: String, query: String) -> String {
        base + RenditionIndex.urlPath(file) + query
    }

    /// `url('…')` for CSS: in single quotes, with the characters that could end the string or
    /// the declaration (`'`, `"`, `\`, line breaks and other controls) percent-escaped, which a
    /// URL means the same.
    static func cssURL(_ url: String) -> String {
        var out = ""
        for scalar in url.unicodeScalars {
            if scalar == "'" || scalar == "\"" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F {
                let value = UInt8(scalar.value)
                out += "%" + String(value >> 4, radix: 16, uppercase: true) + String(value & 15, radix: 16, uppercase: true)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return "url('" + out + "')"
    }
}
