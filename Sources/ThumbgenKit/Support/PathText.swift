/// `/`-separated paths as text, without Foundation's NSString.
extension StringProtocol {
    /// `photos/beach.jpg` → `photos`; a bare name → "". Split at the last `/` byte: a slash
    /// followed by a combining mark is one Character to Swift, but still a slash on disk.
    package var parentPath: String {
        guard let slash = lastSlash else { return "" }
        return slash == utf8.startIndex ? "/" : String(decoding: utf8[..<slash], as: UTF8.self)
    }

    /// `photos/beach.jpg` → `beach.jpg`.
    package var lastPathPart: String {
        guard let slash = lastSlash else { return String(self) }
        return String(decoding: utf8[utf8.index(after: slash)...], as: UTF8.self)
    }

    /// Where the last `/` byte is.
    private var lastSlash: UTF8View.Index? {
        var found: UTF8View.Index?
        var position = utf8.startIndex
        while position != utf8.endIndex {
            if utf8[position] == UInt8(ascii: "/") { found = position }
            utf8.formIndex(after: &position)
        }
        return found
    }

    /// `photos/beach.jpg` → `photos/beach`; a leading dot of a name is not an extension.
    var removingPathExtension: String {
        let name = lastPathPart
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return String(self) }
        return String(dropLast(name.distance(from: dot, to: name.endIndex)))
    }
}

