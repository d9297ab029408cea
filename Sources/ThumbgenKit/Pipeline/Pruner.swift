import Foundation
import Renditions

/// Deletes renditions the previous index listed and the new one does not: a slot removed, an image
/// removed, a size changed. Only files the previous index listed, only rendition names, never an
/// original.
enum Pruner {
    /// Returns the root-relative paths deleted.
    static func prune(previous: RenditionIndex?, current: RenditionIndex, context: BuildContext) -> [String] {
        guard let previous else { return [] }
        let keep = files(of: current)
        let originals = Set(context.manifest.images.map { context.paths.relative($0.path) })
        var deleted: [String] = []
        for file in files(of: previous).subtracting(keep).sorted()
        where !originals.contains(file) && file.contains(".Thumbnail(") {
            let path = context.paths.rootRelative(file)
            if unlink(context.absolutePath(path)) == 0 { deleted.append(path) }
        }
        return deleted
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
