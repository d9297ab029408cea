import FoundationEssentials
import Glibc
import Renditions

/// Deletes renditions the previous index listed and the new one does not: a slot removed, an image
/// removed, a size changed. Only files the previous index listed, only rendition names, never an
/// original.
enum Pruner {
    /// Root-relative paths of the files to delete once the new index is written.
    static func stale(previous: RenditionIndex?, current: RenditionIndex, context: BuildContext) -> [String] {
        guard let previous else { return [] }
        let keep = files(of: current)
        let originals = Set(context.manifest.images.map { context.paths.relative($0.path) })
        return files(of: previous).subtracting(keep)
            .filter { !originals.contains($0) && $0.contains(".Thumbnail(") }
            .map { context.paths.rootRelative($0) }
            .sorted()
    }

    /// Deletes the files; returns those that were there.
    static func delete(_ paths: [String], context: BuildContext) -> [String] {
        paths.filter { unlink(context.absolutePath($0)) == 0 }
    }

    /// Every rendition file an index lists (entries that point to an original excluded).
    static func files(of index: RenditionIndex) -> Set<String> {
        var files = Set<String>()
        for (image, record) in index.images {
            for entry in record.renditions.values where entry.file != image { files.insert(entry.file) }
        }
        return files
    }
}

/// The files a build is about to prune, written down before the new index replaces the old one,
/// so that a build killed in between still deletes them next time (the new index no longer
/// lists them, and nothing else would).
struct PruneJournal {
    let path: String

    func write(_ files: [String]) throws(WriteError) {
        let data = (try? JSONEncoder().encode(files)) ?? Data()
        try AtomicFile.write([UInt8](data), to: path)
    }

    /// Finishes a prune a killed build left: deletes the journal's files that `index` (the index
    /// on disk now) does not list.
    func finish(keeping index: RenditionIndex?, context: BuildContext) {
        guard let data = FileManager.default.contents(atPath: path),
              let files = try? JSONDecoder().decode([String].self, from: data) else { return }
        let listed = Set(index.map { Pruner.files(of: $0).map { context.paths.rootRelative($0) } } ?? [])
        let originals = Set(context.manifest.images.map(\.path))
        _ = Pruner.delete(files.filter { !listed.contains($0) && !originals.contains($0) && $0.contains(".Thumbnail(") },
                          context: context)
        remove()
    }

    func remove() { unlink(path) }
}
