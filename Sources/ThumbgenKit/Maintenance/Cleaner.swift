import FoundationEssentials
import Glibc
import Renditions

extension Generator {
    /// Deletes the renditions the index lists (and any shard indexes left unmerged list), then
    /// those indexes. Originals, and files no index lists, stay. A damaged index is an error:
    /// nothing can say what it listed.
    public func clean() throws(BuildFailure) -> (renditions: Int, index: Bool) {
        var indexes: [RenditionIndex] = []
        let shardFiles = Merger(manifest: manifest).shardFiles().map(\.path)
        for path in [indexFile] + shardFiles where FileManager.default.fileExists(atPath: path) {
            do {
                indexes.append(try RenditionIndex.load(from: URL(fileURLWithPath: path)))
            } catch {
                throw BuildFailure(description: "\(error); nothing was deleted. Delete the renditions and the index by hand, or build again first")
            }
        }
        let context = makeContext()
        let files = indexes.flatMap { Pruner.files(of: $0) }.map { context.paths.rootRelative($0) }
        let deleted = Pruner.delete(Array(Set(files)).sorted(), keeping: nil, context: context)
        let removed = unlink(indexFile) == 0
        for path in shardFiles { unlink(path) }
        pruneJournal.remove()
        return (deleted.count, removed)
    }
}
