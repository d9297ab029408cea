/// The index's file and its siblings (shard indexes, the report), and how index paths relate to
/// root paths. The one place that knows these names.
public struct IndexPaths: Sendable {
    /// The index, relative to root.
    public let index: String
    /// The index's folder, relative to root ("" when the index sits in root).
    public let folder: String

    /// Lists the indexes of every manifest over one root, so that no build deletes a file another
    /// manifest's index lists. A hidden file in root, which globs never match.
    public static let registry = ".thumbgen.json"
    /// The report `thumbgen report` writes beside an index.
    static let reportName = "report.html"

    public init(indexPath: String) {
        index = indexPath
        folder = indexPath.split(separator: "/").dropLast().joined(separator: "/")
    }

    /// Why a path (its parts, root-relative) can never be an index, or nil: thumbgen's own files
    /// (the registry, a report, a shard index, a temporary, a catalog's record) and its state
    /// folder are never written as one.
    static func reservation(of parts: [String]) -> String? {
        guard let name = parts.last else { return nil }
        if parts.contains(StateFolder.name) { return "is inside \(StateFolder.name)/, where thumbgen keeps its state" }
        if name == registry { return "is the name of thumbgen's registry of the indexes under root" }
        if name == Self.reportName { return "is the name of the report thumbgen writes beside an index" }
        if name.hasPrefix(TemporaryNames.prefix) { return "starts with \(TemporaryNames.prefix), which names thumbgen's temporary files" }
        if name.hasSuffix(".slice.json") { return "is named like an index slice (name.slice.json), which thumbgen writes beside a split index" }
        if let marker = name.ranges(of: ".shard-").last,
           IndexPaths(indexPath: name[..<marker.lowerBound] + ".json").shard(named: name) != nil {
            return "is named like a shard index (name.shard-K-of-N.json), which thumbgen writes and deletes beside an index"
        }
        return nil
    }

    /// `report.html` beside the index, relative to root.
    public var report: String { sibling(Self.reportName) }

    /// `renditions.shard-2-of-3.json` beside `renditions.json`, relative to root.
    public func shardIndex(_ shard: Shard) -> String {
        sibling("\(index.lastPathPart.removingPathExtension)\(shard.nameSuffix).json")
    }

    /// The K and N of a shard index's file name, or nil for any other name.
    public func shard(named name: String) -> (index: Int, count: Int)? {
        let stem = index.lastPathPart.removingPathExtension
        guard name.hasPrefix(stem + ".shard-"), name.hasSuffix(".json") else { return nil }
        let parts = name.dropFirst(stem.count + ".shard-".count).dropLast(".json".count).split(separator: "-")
        guard parts.count == 3, parts[1] == "of", let k = Int(parts[0]), let n = Int(parts[2]), k >= 1, k <= n else { return nil }
        return (k, n)
    }

    /// Is `relative` (to root) one of thumbgen's own files: a rendition, the index or a slice of
    /// it (a file of the index's name in any folder), a shard index, the report, the registry,
    /// or a temporary file?
    public func isGeneratorFile(_ relative: String) -> Bool {
        let name = relative.lastPathPart
        if RenditionNaming.isRenditionName(name) || name.hasPrefix(TemporaryNames.prefix) || relative == index
            || relative == Self.registry || IndexSlices(paths: self).isSliceName(relative) { return true }
        guard relative.parentPath == folder else { return false }
        return name == Self.reportName || shard(named: name) != nil
    }

    private func sibling(_ name: String) -> String {
        folder.isEmpty ? name : folder + "/" + name
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

    /// The root-relative path of an index path (the inverse of `relative`), or nil for one that
    /// leaves root: an index is a file anyone may have edited.
    public func rootRelative(_ path: String) -> String? {
        guard !path.hasPrefix("/") else { return nil }
        // Most paths have no `.`, `..` or empty part: the folder's path and the path as it is.
        if Self.isPlain(path) { return folder.isEmpty ? path : folder + "/" + path }
        // Parts split and compared byte for byte, as the file system reads the path: a `/` or a
        // `.` followed by a combining mark is still a separator or a dot.
        var parts = folder.utf8.split(separator: 0x2F).map { String(decoding: $0, as: UTF8.self) }
        for part in path.utf8.split(separator: 0x2F) where !part.elementsEqual([0x2E]) {
            if part.elementsEqual([0x2E, 0x2E]) {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else {
                parts.append(String(decoding: part, as: UTF8.self))
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// True for a relative path of parts that are neither empty, `.` nor `..`.
    static func isPlain(_ path: String) -> Bool {
        var plain = true
        var part = 0, dots = 0
        for byte in path.utf8 {
            if byte == 0x2F {
                if part == 0 || part == dots && dots <= 2 { plain = false; break }
                part = 0
                dots = 0
            } else {
                part += 1
                if byte == 0x2E { dots += 1 }
            }
        }
        return plain && part > 0 && !(part == dots && dots <= 2)
    }
}
