/// Reading a tag's attributes out of a page in its encoding, and writing text into it.
extension PageEncoding {
    /// The tag's attributes as a browser has them: names ASCII-lowercased, values decoded from
    /// the page's encoding and of their character references, the first of a repeated name only.
    /// Empty when the tag's bytes cannot be read in this encoding (`canRead`).
    func attributes(of token: HTMLTokenizer.Token, in bytes: [UInt8]) -> [TagMarkup.Attribute] {
        var found: [TagMarkup.Attribute] = []
        for attribute in token.attributes {
            let name = String(decoding: bytes[attribute.name].map(\.asciiLowercased), as: UTF8.self)
            guard !found.contains(where: { $0.name == name }) else { continue }
            let raw = attribute.value.map { text(bytes[$0]) } ?? ""
            found.append((name, CharacterReferences.decodeAttribute(raw)))
        }
        return found
    }

    /// Whether this encoding can read the bytes of `range` (for other ASCII-compatible encodings:
    /// ASCII only, since thumbgen has no decoder for them).
    func canRead(_ bytes: ArraySlice<UInt8>) -> Bool {
        if case .asciiCompatible = self { return bytes.allSatisfy { $0 < 0x80 } }
        return true
    }

    private func text(_ bytes: ArraySlice<UInt8>) -> String {
        switch self {
        case .utf8: return String(decoding: bytes, as: UTF8.self)
        case .windows1252, .asciiCompatible:
            var scalars = String.UnicodeScalarView()
            for byte in bytes {
                scalars.append((0x80...0x9F).contains(byte) ? Self.windows1252High[Int(byte - 0x80)] ?? Unicode.Scalar(byte) : Unicode.Scalar(byte))
            }
            return String(scalars)
        }
    }

    /// `html` as the page's bytes: UTF-8 as it is; in any other encoding every character past
    /// ASCII as a numeric character reference (markup carries them only in attribute values,
    /// where a reference means the same character in every encoding).
    func bytes(of html: String) -> [UInt8] {
        guard self != .utf8 else { return Array(html.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(html.utf8.count)
        for scalar in html.unicodeScalars {
            if scalar.isASCII { out.append(UInt8(scalar.value)) } else { out += Array("&#x\(String(scalar.value, radix: 16, uppercase: true));".utf8) }
        }
        return out
    }
}
