import Renditions

/// The files an index, or one record of it, lists.
enum IndexFileList {
    /// Every rendition file (fallback and modern) an index lists, root-relative: only names
    /// thumbgen could have written for their image (`RenditionNaming.couldBeRendition`), never
    /// an original, never a path that leaves root.
    static func files(of index: RenditionIndex, paths: IndexPaths) -> Set<String> {
        var files = Set<String>()
        for (image, record) in index.images {
            files.formUnion(Self.files(of: record, image: paths.rootRelative(image) ?? image, paths: paths))
        }
        return files
    }

    /// The rendition files of one image's record, root-relative, sorted; `image` is root-relative.
    static func files(of record: ImageRecord, image: String, paths: IndexPaths) -> [String] {
        listed(record, image: image, paths: paths).filter { RenditionNaming.couldBeRendition($0, of: image) }
    }

    /// What an index lists that thumbgen could not have written for the image it lists it under
    /// (a hand-edited index naming a user's file, say): never owned, so never replaced or
    /// deleted; the build says so. As the index writes them, sorted.
    static func foreignFiles(of index: RenditionIndex, paths: IndexPaths) -> [String] {
        var foreign = Set<String>()
        for (image, record) in index.images {
            let original = paths.rootRelative(image) ?? image
            for path in listed(record, image: original, paths: paths) where !RenditionNaming.couldBeRendition(path, of: original) {
                foreign.insert(paths.relative(path))
            }
        }
        return foreign.sorted()
    }

    /// Every file an index lists besides its originals, root-relative, whatever its name: what
    /// another manifest's index protects.
    static func allListed(of index: RenditionIndex, paths: IndexPaths) -> Set<String> {
        var files = Set<String>()
        for (image, record) in index.images { files.formUnion(listed(record, image: paths.rootRelative(image) ?? image, paths: paths)) }
        return files
    }

    /// Every file one record lists besides its original, root-relative (paths leaving root dropped).
    private static func listed(_ record: ImageRecord, image: String, paths: IndexPaths) -> [String] {
        let originalFile = paths.relative(image)
        var files = Set<String>()
        for entry in record.renditions.values where entry.file != originalFile {
            for file in [entry.file] + (entry.sources ?? []).map(\.file) {
                if let path = paths.rootRelative(file), path != image { files.insert(path) }
            }
        }
        return files.sorted()
    }

    /// True when every file the record lists is a plain file of the size it records, under a
    /// name thumbgen could have written for the image: a record naming anything else is not kept.
    static func allPresent(_ record: ImageRecord, image: String, paths: IndexPaths, files: SiteFiles) -> Bool {
        let originalFile = paths.relative(image)
        for entry in record.renditions.values where entry.file != originalFile {
            for (file, bytes) in [(entry.file, entry.bytes)] + (entry.sources ?? []).map({ ($0.file, $0.bytes) }) {
                guard let path = paths.rootRelative(file), RenditionNaming.couldBeRendition(path, of: image),
                      case .file(let size, _, _, _) = files.entry(path), size == bytes else { return false }
            }
        }
        return true
    }
}
