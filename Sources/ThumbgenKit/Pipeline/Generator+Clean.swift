import FoundationEssentials
import Glibc
import Renditions

extension Generator {
    /// Deletes the renditions the index lists, then the index. Originals, and files the index does
    /// not list, stay.
    public func clean() -> (renditions: Int, index: Bool) {
        let context = makeContext()
        guard let index = context.previous else { return (0, false) }
        let originals = Set(manifest.images.map(\.path))
        let files = Pruner.files(of: index).map { context.paths.rootRelative($0) }
            .filter { !originals.contains($0) && $0.contains(".Thumbnail(") }.sorted()
        let deleted = Pruner.delete(files, context: context)
        let removed = unlink(indexFile) == 0
        pruneJournal.remove()
        return (deleted.count, removed)
    }
}
