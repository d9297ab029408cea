/// File names as text for messages: a name is shown so that what is printed is one line and
/// says exactly which bytes the name holds.
public enum NameText {
    /// `name` with control characters escaped (`\t`, `\n`, `\r`, `\u{1B}` …).
    public static func displayed(_ name: String) -> String {
        var text = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\t": text += "\\t"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// A name read from the disk: valid UTF-8 as it is (escaped), otherwise each byte that is
    /// not part of valid UTF-8 as `\xFF`.
    public static func displayed(bytes: [UInt8]) -> String {
        if let name = String(validating: bytes, as: UTF8.self) { return displayed(name) }
        var text = ""
        var rest = bytes[...]
        while !rest.isEmpty {
            // The longest valid prefix (at most 4 bytes make one scalar), else one bad byte.
            let valid = (1...min(4, rest.count)).reversed().first { String(validating: rest.prefix($0), as: UTF8.self) != nil }
            if let valid {
                text += displayed(String(validating: rest.prefix(valid), as: UTF8.self)!)
                rest = rest.dropFirst(valid)
            } else {
                text += "\\x" + (rest.first! < 16 ? "0" : "") + String(rest.first!, radix: 16, uppercase: true)
                rest = rest.dropFirst()
            }
        }
        return text
    }
}
