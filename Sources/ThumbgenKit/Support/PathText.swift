/// `/`-separated paths as text, without Foundation's NSString.
extension StringProtocol {
    /// `photos/beach.jpg` → `photos`; a bare name → "".
    package var parentPath: String {
        guard let slash = lastIndex(of: "/") else { return "" }
        return slash == startIndex ? "/" : String(self[..<slash])
    }

    /// `photos/beach.jpg` → `beach.jpg`.
    package var lastPathPart: String {
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

