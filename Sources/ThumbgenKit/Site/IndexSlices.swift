import FoundationEssentials
import Renditions

/// The slices of a manifest's index (`index: { split: folder }`, `IndexSlice`) as files under
/// root: where they go, which of them are thumbgen's, and writing and deleting them through the
/// same path as the index (`IndexStore`, no link followed, atomic, journalled). A slice is a file
/// thumbgen owns: written only where nothing is or where a thumbgen index is, deleted only when
/// it still is one, never when another manifest's index is or lists it.
struct IndexSlices {
    let paths: IndexPaths

    /// The whole index's file name, which every slice but its own folder's has.
    var indexName: String { paths.index.lastPathPart }

    /// The slices of the folders of `images` (root-relative originals), root-relative, sorted.
    func files(forImages images: some Sequence<String>) -> [String] {
        Set(images.compactMap { paths.rootRelative(IndexSlice.file(for: paths.relative($0), indexName: indexName)) }).sorted()
    }

    /// The slices `index` lists (its `slices`), root-relative: only names a slice of it could have.
    func listed(by index: RenditionIndex?) -> Set<String> {
        Set((index?.slices ?? []).compactMap(paths.rootRelative).filter(isSliceName))
    }

    /// Could `relative` (to root) be a slice of this index, by its name? Any folder's file of the
    /// index's name but the index itself, and `<stem>.slice.json` beside the index.
    func isSliceName(_ relative: String) -> Bool {
        let name = relative.lastPathPart
        if name == indexName { return relative != paths.index }
        return relative.parentPath == paths.folder && name == IndexSlice.file(ofFolder: "", indexName: indexName)
    }

    /// The `slices` a whole index split as `split` lists: its folders' slice files (relative to
    /// its folder), or nil when it is not split.
    func listing(of index: RenditionIndex, split: IndexSplit) -> [String]? {
        split == .folder ? index.sliceFiles(indexName: indexName) : nil
    }

    /// Each slice of `index` (a whole index), root-relative, with what it holds; none when it
    /// is not split (lists no `slices`).
    func contents(of index: RenditionIndex) -> [(path: String, slice: RenditionIndex)] {
        guard index.slices != nil else { return [] }
        let slices = index.slicesByFolder()
        return index.sliceFolders.compactMap { folder in
            paths.rootRelative(IndexSlice.file(ofFolder: folder, indexName: indexName)).map { ($0, slices[folder] ?? index.slice(folder: folder)) }
        }
    }

    /// Why thumbgen may not write a slice at `path`, or nil when it may: nothing is there, or a
    /// thumbgen index that no other manifest's index is or lists (`foreign`, root-relative).
    static func refusal(at path: String, files: SiteFiles, foreign: Set<String>) -> String? {
        let shown = NameText.displayed(path)
        if foreign.contains(path) {
            return "\(shown) is another manifest's index, or a slice of it, under the same root; thumbgen leaves it alone: choose another index name for one of them"
        }
        switch files.entry(path) {
        case .missing: return nil
        case .file: break
        default: return "\(shown) is not a plain file (a link, a folder or a device), where thumbgen would write an index slice; thumbgen never writes through or over one: move it"
        }
        return isThumbgenIndex(path, files: files) ? nil
            : "\(shown) under root is a file thumbgen did not write (it is not a thumbgen index), where thumbgen would write an index slice; thumbgen never replaces or deletes it: move the file, choose another index name, or use 'split: none'"
    }

    /// Is the plain file at `path` an index thumbgen wrote: one that reads as an index, or,
    /// damaged, still names thumbgen as its generator?
    static func isThumbgenIndex(_ path: String, files: SiteFiles) -> Bool {
        guard let bytes = IndexStore(files: files).bytes(path) else { return false }
        // As thumbgen writes an index: its generator first (what the last check finds, sooner).
        if bytes.starts(with: Self.writtenStart) { return true }
        if let index = try? IndexStore.decode(bytes) { return index.generator.hasPrefix("thumbgen") }
        return String(decoding: bytes.prefix(1 << 16), as: UTF8.self).contains(#""generator": "thumbgen "#)
    }

    private static let writtenStart = Array(#"{\#n  "generator": "thumbgen "#.utf8)

    /// Writes every slice of `index` whose bytes change, after checking again that each is
    /// thumbgen's to write (a file may have appeared since the manifest was read).
    func write(_ index: RenditionIndex, files: SiteFiles, foreign: Set<String>, journal: BuildJournal?) throws(SliceFailure) {
        for (path, slice) in contents(of: index) {
            if let refusal = Self.refusal(at: path, files: files, foreign: foreign) { throw .refused(refusal) }
            do {
                try IndexStore(files: files).write(slice, to: path, journal: journal)
            } catch {
                throw .stopped(error)
            }
        }
    }

    /// Deletes the slices among `candidates` (root-relative) that `index` no longer has, when each
    /// is still a thumbgen index and no other index is or lists it. Returns the deleted paths.
    func prune(_ candidates: Set<String>, keeping index: RenditionIndex?, files: SiteFiles, foreign: Set<String>) -> [String] {
        let kept = Set(index.map { contents(of: $0).map(\.path) } ?? [])
        return stale(candidates, keeping: kept, files: files, foreign: foreign).filter { files.remove($0) }
    }

    /// The slices among `candidates` that are there, thumbgen's, and not among `kept`, sorted.
    func stale(_ candidates: Set<String>, keeping kept: Set<String>, files: SiteFiles, foreign: Set<String>) -> [String] {
        candidates.filter { isSliceName($0) && !kept.contains($0) && !foreign.contains($0) && Self.isThumbgenIndex($0, files: files) }.sorted()
    }
}

/// Why the slices could not be written: a file in the way, or the disk.
enum SliceFailure: Error {
    case refused(String)
    case stopped(WriteError)
}
