import FoundationEssentials
import Glibc
import Renditions

extension Generator {
    /// Deletes the renditions this manifest's index lists (and its slices, its shard indexes, and
    /// the journals of unfinished builds), then those indexes. Originals, files another manifest's index lists,
    /// and files no index lists stay. A damaged index is an error: nothing can say what it listed.
    /// `ignored`: what the indexes list under names thumbgen could not have written, left alone.
    public func clean() throws(BuildFailure) -> (renditions: Int, index: Bool, ignored: [ImageProblem]) {
        let files = SiteFiles(root: manifest.root.path)
        let leftovers = BuildJournal.leftovers(state.allJournals, state: state)
        var owned = leftovers.files
        var sliceFiles = leftovers.files.filter(slices.isSliceName)
        var ignored: [ImageProblem] = []
        for path in [paths.index] + shardIndexes(files).map(\.path) where files.entry(path) != .missing {
            guard let index = IndexStore(files: files).load(path) else {
                throw BuildFailure(description: "\(path): the index is damaged, so nothing can say which files it listed; nothing was deleted. Delete the renditions and the index by hand, or build again first")
            }
            owned.formUnion(IndexFileList.files(of: index, paths: paths))
            sliceFiles.formUnion(slices.listed(by: index))
            ignored += BuildSession.ignoredListings(in: index, paths: IndexPaths(indexPath: path))
        }
        let registry = IndexRegistry.load(files)
        let protected = registry.filesListed(besides: paths.index, files: files)
        let deleted = Pruning.deletable(owned, keeping: protected, originals: manifest.images.map(\.path)).filter { files.remove($0) }
        Pruning.narrate(deleted, "the index being cleaned lists it, and no other index does", to: options.narrator)
        let deletedSlices = slices.prune(sliceFiles, keeping: nil, files: files, foreign: protected)
        Pruning.narrate(deletedSlices, "a slice of the index being cleaned", to: options.narrator)
        let removed = files.remove(paths.index)
        for shard in shardIndexes(files) { files.remove(shard.path) }
        let journal = CommandJournal(command: "clean", state: state)
        try? registry.removing(paths.index).save(files, previous: registry,
                                                 temporaryName: journal.temporaryName(in: files.root))
        BuildSession.removeTemporaries(of: leftovers, folders: manifest.images.map(\.path.parentPath) + [paths.folder], files: files)
        state.removeTemporaries(of: leftovers.tokens)
        for journal in state.allJournals { state.remove(journal) }
        return (deleted.count, removed, ignored)
    }
}
