import Renditions

/// The files an index, or one record of it, lists.
enum IndexFileList {
    /// Every rendition file (fallback and modern) an index lists, root-relative; entries that
    /// point to an original, and paths that leave root, excluded.
    static func files(of index: RenditionIndex, paths: IndexPaths) -> Set<String> {
        var files = Set<String>()
        for (image, record) in index.images {
            let original = paths.rootRelative(image) ?? image
            files.formUnion(Self.files(of: record, image: original, paths: paths))
        }
        return files
    }

    /// The rendition files of one image's record, root-relative, sorted; `image` is root-relative.
    static func files(of record: ImageRecord, image: String, paths: IndexPaths) -> [String] {
        let originalFile = paths.relative(image)
        var files = Set<String>()
        for entry in record.renditions.values where entry.file != originalFile {
            for file in [entry.file] + (entry.sources ?? []).map(\.file) {
                if let path = paths.rootRelative(file), RenditionNaming.isRenditionName(path) { files.insert(path) }
            }
        }
        return files.sorted()
    }

    /// True when every file the record lists is a plain file of the size it records.
    static func allPresent(_ record: ImageRecord, image: String, paths: IndexPaths, files: SiteFiles) -> Bool {
        let originalFile = paths.relative(image)
        for entry in record.renditions.values where entry.file != originalFile {
            for (file, bytes) in [(entry.file, entry.bytes)] + (entry.sources ?? []).map({ ($0.file, $0.bytes) }) {
                guard let path = paths.rootRelative(file), case .file(let size, _, _, _) = files.entry(path), size == bytes else { return false }
            }
        }
        return true
    }
}
