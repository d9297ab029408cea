import FoundationEssentials
import Glibc
import Renditions

/// A build's life around its images: before them, learn what this manifest owns under root and
/// clean up after builds that did not finish; after them, write the index, then prune.
struct BuildSession {
    let generator: Generator
    let files: SiteFiles
    let context: BuildContext
    let registry: IndexRegistry
    /// What the previous index lists that thumbgen could not have written: left alone, and said.
    let ignoredListings: [ImageProblem]
    private let journal: BuildJournal?
    /// Journals of builds that did not finish, read into this one.
    private let leftoverJournals: [String]
    /// What other manifests' indexes are and list, root-relative: never written or deleted.
    let foreign: Set<String>
    /// Slices this manifest wrote before (the previous index's, an unfinished build's): those the
    /// new index has no more are deleted.
    let earlierSlices: Set<String>
    /// When the build began (nanoseconds since the epoch): an original changed just before is
    /// no ground for a seal.
    let began: Int64

    /// `readOnly` (for `check` and `--dry-run`): learn the same, but write and delete nothing.
    init(generator: Generator, readOnly: Bool = false) throws(BuildFailure) {
        self.generator = generator
        let manifest = generator.manifest, state = generator.state, paths = generator.paths
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        began = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
        if !readOnly {
            do {
                try state.ensure()
            } catch {
                throw BuildFailure(description: MachineFailure.explained(error).description)
            }
            // Gone before anything is written: a build killed or failed from here leaves no seal.
            state.remove(BuildSeal.name)
        }
        files = SiteFiles(root: manifest.root.path)
        let previous = generator.previousIndex(files)
        // A whole build reads every journal (its shards' too); a shard only its own.
        leftoverJournals = generator.options.shard == nil ? state.allJournals : [state.journal]
        let leftovers = BuildJournal.leftovers(leftoverJournals, state: state)
        var owned = leftovers.files
        if let previous { owned.formUnion(IndexFileList.files(of: previous, paths: paths)) }
        ignoredListings = previous.map { Self.ignoredListings(in: $0, paths: paths) } ?? []
        if generator.options.shard == nil {
            // Shard indexes left unmerged are this manifest's too; a whole build supersedes them.
            for shard in generator.shardIndexes(files) {
                if let index = IndexStore(files: files).load(shard.path) {
                    owned.formUnion(IndexFileList.files(of: index, paths: paths))
                }
            }
        }
        registry = IndexRegistry.load(files)
        foreign = registry.filesListed(besides: paths.index, files: files)
        earlierSlices = generator.slices.listed(by: previous).union(leftovers.files.filter(generator.slices.isSliceName))
        let ownership = Ownership(owned: owned, protected: foreign)
        if readOnly {
            journal = nil
        } else {
            let journal: BuildJournal
            do {
                journal = try BuildJournal(name: state.journal, state: state)
            } catch {
                throw BuildFailure(description: MachineFailure.explained(error).description)
            }
            // What unfinished builds made is carried into this journal before theirs go.
            journal.record(leftovers.files.sorted())
            Self.removeTemporaries(of: leftovers, folders: manifest.images.map(\.path.parentPath) + [paths.folder], files: files)
            state.removeTemporaries(of: leftovers.tokens)
            self.journal = journal
        }
        context = BuildContext(manifest: manifest, paths: paths, files: files, ownership: ownership, journal: journal,
                               reuse: ReusePolicy(previous: previous, paths: paths, force: generator.options.force),
                               statCache: StatCache.load(state), memory: .standard(workers: generator.options.jobs),
                               narrator: generator.options.narrator, cache: generator.options.cache?.makeCache(force: generator.options.force))
    }

    /// Files this manifest owns that `index` no longer lists: what a build with it prunes.
    func stale(keeping index: RenditionIndex) -> [String] {
        stale(keeping: IndexFileList.files(of: index, paths: generator.paths))
    }

    /// Files this manifest owns that are not among `listed` (root-relative).
    func stale(keeping listed: Set<String>) -> [String] {
        Pruning.deletable(context.ownership.prunable, keeping: listed, originals: generator.manifest.images.map(\.path))
    }

    /// Writes the index (and registers it), then deletes what this manifest owned and no longer
    /// lists; returns the deleted paths. Throws, after writing the index, when the build stopped.
    func finish(_ index: RenditionIndex, outcomes: [ImageOutcome]) throws(BuildFailure) -> [String] {
        guard let journal else { return [] }
        let stale = stale(keeping: index)
        let whole = generator.options.shard == nil
        let slicePaths = whole ? generator.slices.contents(of: index).map(\.path) : []
        let staleSlices = whole ? generator.slices.stale(earlierSlices, keeping: Set(slicePaths), files: files, foreign: foreign) : []
        // Written down first: a build killed after the index is replaced still prunes them next time.
        journal.record(stale + slicePaths + staleSlices)
        do {
            try registry.adding(generator.paths.index).save(files, previous: registry, temporaryName: journal.temporaryName())
        } catch {
            throw BuildFailure(description: MachineFailure.explained(error).description)
        }
        // The slices before the index that lists them: it never lists one that is not there.
        if whole { try Self.write(slicesOf: index, generator.slices, files: files, foreign: foreign, journal: journal) }
        do {
            try IndexStore(files: files).write(index, to: generator.outputIndex, journal: journal)
        } catch {
            throw BuildFailure(description: MachineFailure.explained(error).description)
        }
        if let stopped = outcomes.lazy.compactMap(\.stop).first { throw BuildFailure(description: stopped.description) }
        let pruned = stale.filter { files.remove($0) } + staleSlices.filter { files.remove($0) }
        Pruning.narrate(pruned, "this manifest made it, and its new index no longer lists it", to: context.narrator)
        if generator.options.shard == nil {
            for shard in generator.shardIndexes(files) { files.remove(shard.path) }
        }
        var cache = StatCache()
        for outcome in outcomes { if let hashed = outcome.hashed { cache.entries[outcome.path] = hashed } }
        if cache != context.statCache { try? cache.save(generator.state, journal: journal) }
        if stale.isEmpty, staleSlices.isEmpty, let seal = seal(of: index, outcomes: outcomes, slices: slicePaths) {
            try? BuildSeal.save(seal, generator.state, journal: journal)
        }
        journal.remove()
        for name in leftoverJournals where name != journal.name { generator.state.remove(name) }
        return pruned
    }

    /// The seal of a whole build that wrote and deleted nothing (`BuildSeal`), with a stamp of
    /// each file its answer rests on, as the file's bytes; nil when it changed something, when an
    /// image's answer may change by itself (a failure of the moment, a file in the way, a listing
    /// left alone), when an original or a listed file changed too shortly before the build or
    /// during it, or on a network file system.
    private func seal(of index: RenditionIndex, outcomes: [ImageOutcome], slices: [String]) -> [UInt8]? {
        let options = generator.options, paths = generator.paths, root = generator.manifest.root.path
        guard options.shard == nil, options.cache == nil, leftoverJournals.isEmpty, ignoredListings.isEmpty,
              outcomes.allSatisfy({ $0.written.isEmpty && $0.stop == nil }),
              !BuildSeal.isShared(root), let key = BuildSeal.key(for: generator.manifest) else { return nil }
        var writer = BuildSeal.Writer(capacity: outcomes.count * 5 + 64)
        var ways = Set<String>(), lastFolder: String?
        func add(_ kind: BuildSeal.Kind, _ path: String, _ stamp: FileStamp) {
            writer.add(kind, path, stamp)
            // Every folder on the way to an entry, stamped last.
            let folder = path.parentPath
            guard folder != lastFolder else { return }
            lastFolder = folder
            var way = folder
            while !way.isEmpty, way != "/", ways.insert(way).inserted { way = way.parentPath }
        }
        var problems: [ImageProblem] = [], reused = 0
        // In the manifest's order, which is the order the seal is checked in (`BuildSeal.covers`).
        var position: [[UInt8]: Int] = [:]
        for (offset, outcome) in outcomes.enumerated() { position[Array(outcome.path.utf8)] = offset }
        for image in generator.images {
            guard let offset = position[Array(image.path.utf8)] else { return nil }
            let outcome = outcomes[offset]
            guard let record = outcome.record, record.status != .unreadable || record.recipe != nil,
                  outcome.problems.allSatisfy(\.kind.isVerdict), let stamp = outcome.stamp, !stamp.isRecent(before: began),
                  FileStamp(path: root + "/" + outcome.path) == stamp
            else { return nil }
            add(.original, outcome.path, stamp)
            problems += outcome.problems
            reused += outcome.reused.count
        }
        position = [:]
        // Renditions, slices and the index: each a plain file, none changed since the build began
        // (one it wrote just now could still be edited within the same tick of the clock).
        for file in IndexFileList.files(of: index, paths: paths).sorted() + slices + [generator.outputIndex] {
            guard let stamp = FileStamp(entry: root + "/" + file), stamp.type == UInt32(S_IFREG), !stamp.isRecent(before: began)
            else { return nil }
            add(.file, file, stamp)
        }
        // The registry and the other indexes it lists (what another manifest owns is never
        // touched), and the folders where shard indexes would be.
        let nothing = FileStamp(device: 0, inode: 0, size: 0, modified: 0, changed: 0, type: 0)
        let others = registry.indexes.filter { $0 != paths.index }
        for file in [IndexPaths.registry] + others {
            if let stamp = FileStamp(entry: root + "/" + file) { add(.file, file, stamp) } else { add(.absent, file, nothing) }
        }
        for folder in Set([paths.folder] + others.map { IndexPaths(indexPath: $0).folder }).sorted() {
            if let stamp = FileStamp(path: folder.isEmpty ? root : root + "/" + folder) { add(.folder, folder, stamp) } else { add(.absent, folder, nothing) }
        }
        // The folders on the way, as themselves: a folder swapped for a link is refused by a real
        // build's reads and writes.
        for folder in ways.sorted() {
            guard let way = FileStamp(entry: root + "/" + folder) else { return nil }
            writer.add(.way, folder, way)
        }
        problems.sort { ($0.file, $0.message) < ($1.file, $1.message) }
        let summary = SummaryFigures(index: index).sealed(images: outcomes.count, reused: reused, problems: problems)
        return writer.bytes(key: key, summary: summary)
    }

    /// Writes the slices of `index`; a file in the way or a full disk stops the build.
    static func write(slicesOf index: RenditionIndex, _ slices: IndexSlices, files: SiteFiles, foreign: Set<String>,
                      journal: BuildJournal?) throws(BuildFailure) {
        do {
            try slices.write(index, files: files, foreign: foreign, journal: journal)
        } catch {
            switch error {
            case .refused(let reason): throw BuildFailure(description: reason)
            case .stopped(let error): throw BuildFailure(description: MachineFailure.explained(error).description)
            }
        }
    }

    /// One warning per file `index` lists that thumbgen could not have written for its image.
    static func ignoredListings(in index: RenditionIndex, paths: IndexPaths) -> [ImageProblem] {
        IndexFileList.foreignFiles(of: index, paths: paths).map { file in
            ImageProblem(kind: .ignoredListing, file: paths.index,
                         message: "lists \(NameText.displayed(file)), which is not a name thumbgen writes for that image; thumbgen leaves that file alone")
        }
    }

    /// Removes the temporary files of unfinished builds: in the folders they recorded files in,
    /// and in `folders` (the originals' and the index's).
    static func removeTemporaries(of leftovers: BuildJournal.Leftovers, folders: [String], files: SiteFiles) {
        guard !leftovers.tokens.isEmpty else { return }
        let folders = Set(leftovers.files.map(\.parentPath) + folders + [""])
        for folder in folders {
            for name in files.list(folder) ?? [] where leftovers.tokens.contains(where: { TemporaryNames.belongs(name, to: $0) }) {
                files.remove(folder.isEmpty ? name : folder + "/" + name)
            }
        }
    }
}
