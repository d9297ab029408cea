/// Paths in the index are relative to the index's own folder; the manifest's are relative to root.
public struct IndexPaths: Sendable {
    /// The index's folder, relative to root ("" when the index sits in root).
    public let folder: String

    public init(indexPath: String) {
        folder = indexPath.split(separator: "/").dropLast().joined(separator: "/")
    }

    /// A root-relative path as the index writes it: `photos/a.jpg`, or `../photos/a.jpg` when the
    /// index is in a subfolder.
    public func relative(_ path: String) -> String {
        guard !folder.isEmpty else { return path }
        var base = folder.split(separator: "/")
        var parts = path.split(separator: "/")
        while let first = base.first, let other = parts.first, first == other, parts.count > 1 {
            base.removeFirst()
            parts.removeFirst()
        }
        return (Array(repeating: "..", count: base.count) + parts.map(String.init)).joined(separator: "/")
    }

    /// The root-relative path of an index path (the inverse of `relative`).
    public func rootRelative(_ path: String) -> String {
        var parts = folder.split(separator: "/").map(String.init)
        for part in path.split(separator: "/") {
            if part == "..", !parts.isEmpty { parts.removeLast() } else { parts.append(String(part)) }
        }
        return parts.joined(separator: "/")
    }
}
