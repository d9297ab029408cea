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
        let originals = Set(context.manifest.images.map(\.path))
        return files(of: previous).subtracting(files(of: current)).map { context.paths.rootRelative($0) }
            .filter { mayDelete($0, originals: originals) }.sorted()
    }

    /// A rendition's name, not an original, inside root: the only paths a prune or clean touches.
    static func mayDelete(_ path: String, originals: Set<String>) -> Bool {
        path.lastPathPart.contains(".Thumbnail(") && !originals.contains(path) && !path.hasPrefix("/")
            && !path.split(separator: "/").contains("..")
    }

    /// Deletes the rendition files among `paths` (root-relative), keeping what `current` lists;
    /// returns those deleted. Never an original, never a name that is not a rendition's, never a
    /// path that leaves root (an index is a file anyone may have edited), and never a file that
    /// is one `current` lists under another case, as on a case-insensitive disk.
    static func delete(_ paths: [String], keeping current: RenditionIndex?, context: BuildContext) -> [String] {
        let originals = Set(context.manifest.images.map(\.path))
        var kept: [String: [String]] = [:]
        for file in current.map(files(of:)) ?? [] {
            let path = context.paths.rootRelative(file)
            kept[path.lowercased(), default: []].append(path)
        }
        return paths.filter { path in
            guard mayDelete(path, originals: originals), !(kept[path.lowercased()] ?? []).contains(path) else { return false }
            if let twins = kept[path.lowercased()], twins.contains(where: { sameFile(path, $0, context) }) { return false }
            return unlink(context.absolutePath(path)) == 0
        }
    }

    /// True when two paths name one file (a case-insensitive disk).
    private static func sameFile(_ a: String, _ b: String, _ context: BuildContext) -> Bool {
        var first = stat(), second = stat()
        guard stat(context.absolutePath(a), &first) == 0, stat(context.absolutePath(b), &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
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
        _ = Pruner.delete(files, keeping: index, context: context)
        remove()
    }

    func remove() { unlink(path) }
}
