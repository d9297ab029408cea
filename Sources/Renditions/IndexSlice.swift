/// Index slices (`index: { split: folder }`): beside the whole index, one small index per folder
/// of originals, holding only that folder's images, with paths relative to the slice's own
/// folder. A page or an app that shows a folder's images loads its slice, not every image's.
///
/// The slice of a folder is `<folder>/<the index's file name>` (`photos/renditions.json`). The
/// index's own folder cannot hold its slice under that name, which is the whole index's: its
/// slice is `<the index's stem>.slice.json` (`renditions.slice.json`). Every path here is
/// relative to the whole index's folder, as the whole index gives it (`photos/a.jpg`, and
/// `../photos/a.jpg` for an index in a folder of its own).
public enum IndexSlice {
    /// The index's file name when a client is given none.
    public static let defaultIndexName = "renditions.json"

    /// The folder an image lies in: `photos` for `photos/a.jpg`, `` for `a.jpg`, `..` for
    /// `../a.jpg`. By bytes, as every path here (`PathBytes`).
    public static func folder(of image: String) -> String {
        PathBytes.beforeLastSlash(image) ?? ""
    }

    /// The slice of `folder` (`photos`): `photos/renditions.json`, or for the index's own folder
    /// (``) `renditions.slice.json`. `indexName` is the whole index's file name.
    public static func file(ofFolder folder: String, indexName: String = defaultIndexName) -> String {
        guard !folder.isEmpty else { return stem(of: indexName) + ".slice.json" }
        return folder + "/" + indexName
    }

    /// The slice that holds `image`, given by its path in the whole index: the file a client
    /// loads instead of the whole index.
    public static func file(for image: String, indexName: String = defaultIndexName) -> String {
        file(ofFolder: folder(of: image), indexName: indexName)
    }

    /// `renditions` for `renditions.json`.
    static func stem(of indexName: String) -> String {
        indexName.hasSuffix(".json") ? String(indexName.dropLast(".json".count)) : indexName
    }

    /// `path` as a slice of `folder` gives it: `a.jpg` for `photos/a.jpg` in `photos`.
    static func path(_ path: String, from folder: String) -> String {
        guard !folder.isEmpty else { return path }
        // Most paths lie in the folder: what follows `folder/` (a folder of no empty parts).
        let bytes = path.utf8, prefix = folder.utf8
        if bytes.count > prefix.count, bytes.starts(with: prefix), bytes[bytes.index(bytes.startIndex, offsetBy: prefix.count)] == 0x2F,
           prefix.first != 0x2F, prefix.last != 0x2F, !zip(prefix, prefix.dropFirst()).contains(where: { $0 == 0x2F && $1 == 0x2F }) {
            return String(decoding: bytes.dropFirst(prefix.count + 1), as: UTF8.self)
        }
        var base = PathBytes.parts(folder)[...]
        var parts = PathBytes.parts(path, omittingEmpty: false)[...]
        while let first = base.first, let other = parts.first, PathBytes.same(first, other), parts.count > 1 {
            base.removeFirst()
            parts.removeFirst()
        }
        return (Array(repeating: "..", count: base.count) + parts).joined(separator: "/")
    }

    /// A path a slice of `folder` gives, as the whole index gives it: `photos/a.jpg` for `a.jpg`.
    /// A slice is untrusted input: a path that is not well formed stays as it is, joined, so
    /// that the index's checks (`RenditionIndex.isContained`) still refuse it.
    static func path(_ path: String, in folder: String) -> String {
        guard !folder.isEmpty else { return path }
        guard RenditionIndex.leadingParents(path) != nil else { return folder + "/" + path }
        var parts: [String] = []
        for part in PathBytes.parts(folder) + PathBytes.parts(path) {
            if PathBytes.same(part, ".."), let last = parts.last, !PathBytes.same(last, "..") {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}

extension RenditionIndex {
    /// The folders of the images this index knows (`IndexSlice.folder(of:)`), sorted.
    public var sliceFolders: [String] {
        Set(images.keys.map(IndexSlice.folder(of:))).sorted()
    }

    /// The slice files of this index's folders, as the whole index's `slices` lists them.
    public func sliceFiles(indexName: String) -> [String] {
        sliceFolders.map { IndexSlice.file(ofFolder: $0, indexName: indexName) }.sorted()
    }

    /// The slice of `folder`: the images that lie directly in it, their records as this index
    /// gives them but with every path relative to the folder, and the index's other fields
    /// (slots, output, rendering) unchanged, so a client answers from it what it answers from
    /// the whole index.
    public func slice(folder: String) -> RenditionIndex {
        var slice = RenditionIndex(generator: generator, output: output, rendering: rendering, schema: schema, slots: slots)
        for (image, record) in images where IndexSlice.folder(of: image) == folder {
            slice.images[IndexSlice.path(image, from: folder)] = record.movingPaths { IndexSlice.path($0, from: folder) }
        }
        return slice
    }

    /// Every folder's slice, as `slice(folder:)` makes each, in one pass over the images (one
    /// pass a folder was quadratic in a library's size).
    public func slicesByFolder() -> [String: RenditionIndex] {
        let empty = RenditionIndex(generator: generator, output: output, rendering: rendering, schema: schema, slots: slots)
        var slices: [String: RenditionIndex] = [:]
        for (image, record) in images {
            let folder = IndexSlice.folder(of: image)
            slices[folder, default: empty].images[IndexSlice.path(image, from: folder)] = record.movingPaths { IndexSlice.path($0, from: folder) }
        }
        return slices
    }

    /// The index a slice of `folder` stands for: its images and files as the whole index names
    /// them (relative to the whole index's folder), so every lookup gives the whole index's answer.
    public init(slice: RenditionIndex, folder: String) {
        self = slice
        slices = nil
        shard = nil
        images = [:]
        for (image, record) in slice.images {
            images[IndexSlice.path(image, in: folder)] = record.movingPaths { IndexSlice.path($0, in: folder) }
        }
    }
}

extension ImageRecord {
    /// The record with every file it names passed through `move`.
    func movingPaths(_ move: (String) -> String) -> ImageRecord {
        var record = self
        for (key, entry) in renditions {
            var moved = entry
            moved.file = move(entry.file)
            moved.sources = entry.sources?.map { SourceRecord(bytes: $0.bytes, file: move($0.file), type: $0.type) }
            record.renditions[key] = moved
        }
        return record
    }
}
