/// Finds bytes that are not UTF-8 before libyaml sees them, so the error can name a line and column.
enum UTF8Check {
    /// The offset of the first byte that does not belong to a well-formed UTF-8 sequence.
    static func firstInvalidByte(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            // A sequence cut short is reported at its lead byte: that is the character that is wrong.
            if (1..<length).contains(where: { bytes[index + $0] & 0xC0 != 0x80 }) { return index }
            if length > 1 {
                let second = bytes[index + 1]
                // Overlong forms, surrogates and code points past U+10FFFF.
                if (lead == 0xE0 && second < 0xA0) || (lead == 0xED && second > 0x9F)
                    || (lead == 0xF0 && second < 0x90) || (lead == 0xF4 && second > 0x8F) {
                    return index
                }
            }
            index += length
        }
        return nil
    }

    /// The line and column of a byte offset, counting columns in characters as libyaml does.
    static func mark(ofByte offset: Int, in bytes: [UInt8]) -> Mark {
        var line = 1
        var column = 1
        for byte in bytes[..<offset] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return Mark(line: line, column: column)
    }
}
