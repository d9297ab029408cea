/// `/`-separated paths as text, without Foundation's NSString.
extension StringProtocol {
    /// `photos/beach.jpg` → `photos`; a bare name → "".
    var parentPath: String {
        guard let slash = lastIndex(of: "/") else { return "" }
        return slash == startIndex ? "/" : String(self[..<slash])
    }

    /// `photos/beach.jpg` → `beach.jpg`.
    var lastPathPart: String {
        guard let slash = lastIndex(of: "/") else { return String(self) }
        return String(self[index(after: slash)...])
    }

    /// `photos/beach.jpg` → `photos/beach`; a leading dot of a name is not an extension.
    var removingPathExtension: String {
        let name = lastPathPart
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return String(self) }
        return String(dropLast(name.distance(from: dot, to: name.endIndex)))
    }
}

enum PathText {
    /// A path for a line of text output: tabs, newlines and other control characters escaped
    /// (`\t`, `\n`, `\u{1B}`), so one path is always one field of one line.
    static func escaped(_ path: String) -> String {
        var text = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "\t": text += "\\t"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\\": text += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    text += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text
    }
}
