/// JSON string literals for the documents thumbgen lays out by hand, in an order of its own
/// (`OrderedJSON` for the schema, `ContentsJSON` for Xcode), where JSONEncoder cannot be used.
enum JSONString {
    /// `"` and backslash escaped, control characters as `\n`, `\r`, `\t` or `\uXXXX`, `/` left
    /// as it is (as Xcode leaves it); every other character as its UTF-8.
    static func quoted(_ string: String) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
