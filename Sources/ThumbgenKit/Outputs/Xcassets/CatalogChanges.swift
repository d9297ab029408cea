/// What an export must change in a catalog to make it hold the plan, found by looking only
/// (reads and stats, no write), together with everything that forbids it. Nothing is written
/// unless the list of problems is empty.
package struct CatalogChanges {
    /// One change, in the order they are made.
    enum Change: Equatable {
        /// Remove a temporary file a killed export left (its token was recorded).
        case removeTemporary(String)
        case makeFolder(String)
        /// Link or copy `source` (a rendition below the manifest's root) to `target` (in the catalog).
        case place(source: String, target: String)
        /// Copy `source` (an original below the manifest's root) to `target`, never a link: the
        /// catalog's file is then no second name of the original, to be edited with it.
        case copy(source: String, target: String)
        case write([UInt8], target: String)
        case remove(String)
        /// Remove an imageset folder of a stale imageset, when nothing else is left in it.
        case removeFolder(String)
    }

    /// A finding that stops the export: where (relative to the catalog, nil for none) and why.
    package struct Problem: Error, Equatable {
        package var file: String?
        package var message: String
    }

    /// The largest file an export reads whole (to compare, or to copy an original).
    static let readLimit = 1 << 30

    var changes: [Change] = []
    var problems: [Problem] = []
    /// The record once the export is done.
    var record = CatalogRecord()
    /// Imagesets by what happens to them, for the summary.
    var added = 0, updated = 0, unchanged = 0, removed = 0

    /// Compares the catalog (`catalog`, with its `previous` record) with `plan`, whose files lie
    /// below `sourceRoot`.
    init(plan: CatalogPlan, catalog: RootDirectory, previous: CatalogRecord, sourceRoot: RootDirectory) {
        if let token = previous.temporary {
            for folder in [""] + previous.imageSets.keys.sorted().map({ $0 + ".imageset" }) {
                let names = (try? catalog.list(folder))?.names ?? []
                for name in names where TemporaryNames.belongs(name, to: token) {
                    changes.append(.removeTemporary(folder.isEmpty ? name : folder + "/" + name))
                }
            }
        }
        checkCatalogContents(catalog, previous)
        for set in plan.imageSets {
            compare(set, catalog: catalog, owned: previous.imageSets[set.name], sourceRoot: sourceRoot)
        }
        let kept = Set(plan.imageSets.map(\.name))
        for (name, files) in previous.imageSets.sorted(by: { $0.key < $1.key }) where !kept.contains(name) {
            let folder = name + ".imageset"
            guard case .folder = catalog.entry(folder) else { continue }
            for file in files.sorted() { changes.append(.remove(folder + "/" + file)) }
            changes.append(.removeFolder(folder))
            removed += 1
        }
    }

    /// The catalog's own `Contents.json`: written when missing, kept up to date when thumbgen
    /// wrote it, never touched when a person (or Xcode) did.
    private mutating func checkCatalogContents(_ catalog: RootDirectory, _ previous: CatalogRecord) {
        let bytes = ContentsJSON.catalog()
        switch catalog.entry("Contents.json") {
        case .missing:
            changes.append(.write(bytes, target: "Contents.json"))
            record.contents = true
        case .file where previous.contents:
            record.contents = true
            if (try? catalog.read("Contents.json", limit: 1 << 20)) != bytes { changes.append(.write(bytes, target: "Contents.json")) }
        case .file:
            break
        default:
            if previous.contents {
                problems.append(Problem(file: "Contents.json", message: "thumbgen wrote this file, and now something other than a file is there; move it"))
            }
        }
    }

    private mutating func compare(_ set: CatalogPlan.ImageSet, catalog: RootDirectory, owned: Set<String>?,
                                  sourceRoot: RootDirectory) {
        let what = "'\(set.image)' in slot '\(set.slot)'"
        for file in set.files {
            guard case .file = sourceRoot.entry(file.source) else {
                problems.append(Problem(file: nil, message: "the index lists '\(file.source)' for \(what) at \(file.scale)x, and no plain file is there (it is missing, or a symbolic link); run 'thumbgen build' first"))
                return
            }
        }
        record.imageSets[set.name] = Set(set.fileNames)
        let changesBefore = changes.count
        switch catalog.entry(set.folder) {
        case .missing:
            changes.append(.makeFolder(set.folder))
            for file in set.files { changes.append(Self.placing(file, in: set.folder)) }
            changes.append(.write(set.contents, target: set.folder + "/Contents.json"))
            added += 1
            return
        case .folder where owned != nil:
            break
        case .folder:
            problems.append(Problem(file: set.folder, message: "an imageset thumbgen did not write is where \(what) goes; thumbgen never replaces what it did not write: rename or move it, or export to another catalog"))
            return
        case .link:
            problems.append(Problem(file: set.folder, message: "a symbolic link is where the imageset of \(what) goes; thumbgen never writes through a link: move it"))
            return
        case .file, .special:
            problems.append(Problem(file: set.folder, message: "something other than a folder is where the imageset of \(what) goes; move it"))
            return
        case .blocked(let error):
            problems.append(Problem(file: set.folder, message: error.reason))
            return
        }
        let owned = owned ?? []
        for file in set.files {
            compareFile(set.folder + "/" + file.name, owned: owned.contains(file.name), catalog: catalog, what: "the \(file.scale)x file of \(what)") { current in
                // A rendition: the same file (a hard link), else the same bytes (a copy on another
                // file system). An original: the same bytes in a file of its own (an earlier
                // export linked originals too; such a link is replaced by a copy).
                if sourceRoot.entry(file.source) == current { return !file.isOriginal }
                guard let source = try? sourceRoot.read(file.source, limit: Self.readLimit) else { return false }
                return (try? catalog.read(set.folder + "/" + file.name, limit: Self.readLimit)) == source
            } change: { Self.placing(file, in: set.folder) }
        }
        compareFile(set.folder + "/Contents.json", owned: owned.contains("Contents.json"), catalog: catalog, what: "the Contents.json of \(what)") { _ in
            (try? catalog.read(set.folder + "/Contents.json", limit: 1 << 20)) == set.contents
        } change: { .write(set.contents, target: set.folder + "/Contents.json") }
        for stale in owned.subtracting(set.fileNames).sorted() { changes.append(.remove(set.folder + "/" + stale)) }
        if changes.count > changesBefore { updated += 1 } else { unchanged += 1 }
    }

    /// How a file of an imageset is put in place: a rendition linked (or copied), an original copied.
    private static func placing(_ file: CatalogPlan.File, in folder: String) -> Change {
        file.isOriginal ? .copy(source: file.source, target: folder + "/" + file.name)
            : .place(source: file.source, target: folder + "/" + file.name)
    }

    /// One file of an imageset thumbgen owns: kept when `isCurrent` says so, else replaced when
    /// thumbgen wrote it or made when missing; anything else there is a problem.
    private mutating func compareFile(_ target: String, owned: Bool, catalog: RootDirectory, what: String,
                                      isCurrent: (Entry) -> Bool, change: () -> Change) {
        let entry = catalog.entry(target)
        switch entry {
        case .missing:
            changes.append(change())
        case .file where owned:
            if !isCurrent(entry) { changes.append(change()) }
        case .file:
            problems.append(Problem(file: target, message: "a file thumbgen did not write is where \(what) goes; move it"))
        case .link:
            problems.append(Problem(file: target, message: "a symbolic link is where \(what) goes; thumbgen never writes through a link: move it"))
        case .folder, .special:
            problems.append(Problem(file: target, message: "something other than a file is where \(what) goes; move it"))
        case .blocked(let error):
            problems.append(Problem(file: target, message: error.reason))
        }
    }
}
