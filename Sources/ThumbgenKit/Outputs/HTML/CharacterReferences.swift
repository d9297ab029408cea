/// Character references in attribute values (§13.2.5.72 to §13.2.5.80): `&amp;`, `&eacute;`,
/// `&#233;`, `&#xE9;`, the legacy names without `;` — decoded the way a browser decodes them,
/// so that `src="a&amp;b.jpg"` names `a&b.jpg` and an author's `alt` survives a rewrite whole.
enum CharacterReferences {
    /// `text` (an attribute's value, already decoded from the page's encoding) with its
    /// references replaced.
    static func decodeAttribute(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "&", index + 1 < scalars.count else {
                result.append(scalars[index])
                index += 1
                continue
            }
            let decoded = scalars[index + 1] == "#" ? numeric(scalars, at: index) : named(scalars, at: index)
            if let decoded {
                result.append(contentsOf: decoded.text.unicodeScalars)
                index = decoded.end
            } else {
                result.append("&")
                index += 1
            }
        }
        return String(result)
    }

    /// `&#…;` at `start`: its text and the index after it, or nil when no digit follows.
    private static func numeric(_ scalars: [Unicode.Scalar], at start: Int) -> (text: String, end: Int)? {
        var index = start + 2
        let hex = index < scalars.count && (scalars[index] == "x" || scalars[index] == "X")
        if hex { index += 1 }
        var value: UInt32 = 0
        let digitsStart = index
        while index < scalars.count, let digit = Self.digit(scalars[index], hex: hex) {
            value = min(value &* (hex ? 16 : 10) &+ digit, 0x110000)  // past the last code point: U+FFFD
            index += 1
        }
        guard index > digitsStart else { return nil }
        if index < scalars.count, scalars[index] == ";" { index += 1 }
        return (String(Character(scalar(for: value))), index)
    }

    private static func digit(_ scalar: Unicode.Scalar, hex: Bool) -> UInt32? {
        switch scalar.value {
        case 0x30...0x39: scalar.value - 0x30
        case 0x41...0x46 where hex: scalar.value - 0x41 + 10
        case 0x61...0x66 where hex: scalar.value - 0x61 + 10
        default: nil
        }
    }

    /// A numeric reference's character: NUL, surrogates and past U+10FFFF become U+FFFD; 0x80
    /// to 0x9F are read as windows-1252, as browsers do.
    private static func scalar(for value: UInt32) -> Unicode.Scalar {
        if value == 0 || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) { return "\u{FFFD}" }
        if (0x80...0x9F).contains(value), let mapped = PageEncoding.windows1252High[Int(value - 0x80)] { return mapped }
        return Unicode.Scalar(value)!
    }

    /// `&name;` at `start`: the longest name in the table, or nil. In an attribute, a legacy
    /// name without `;` followed by `=` or a letter or digit stays as written (`?a=1&copy=2`).
    private static func named(_ scalars: [Unicode.Scalar], at start: Int) -> (text: String, end: Int)? {
        var candidate = ""
        var index = start + 1
        while index < scalars.count, candidate.unicodeScalars.count < NamedCharacterReferences.longest {
            let scalar = scalars[index]
            guard scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == ";" else { break }
            candidate.unicodeScalars.append(scalar)
            index += 1
            if scalar == ";" { break }
        }
        var name = Substring(candidate)
        while !name.isEmpty {
            if let text = NamedCharacterReferences.table[String(name)] {
                let end = start + 1 + name.unicodeScalars.count
                if !name.hasSuffix(";"), end < scalars.count {
                    let next = scalars[end]
                    if next == "=" || (next.isASCII && (next.properties.isAlphabetic || ("0"..."9").contains(next))) { return nil }
                }
                return (text, end)
            }
            name = name.dropLast()
        }
        return nil
    }
}
