import Glibc

/// Makes an asset catalog hold a `CatalogPlan`: looks first (`CatalogChanges`), writes nothing
/// when anything forbids it, and otherwise records what it is about to write, writes it, and
/// records what it wrote. Every write, link and delete goes through the catalog's own
/// `RootDirectory`, so no link below the catalog is ever followed.
package struct CatalogExport {
    /// What an export did, for the summary line.
    package struct Summary: Equatable {
        package var imageSets = 0
        package var added = 0, updated = 0, unchanged = 0, removed = 0
        /// Files placed as hard links, and as copies (originals, and renditions where the catalog
        /// is on another file system).
        package var linked = 0, copied = 0
        /// Imagesets thumbgen no longer writes but could not remove: they hold files it did not
        /// write. Relative to the catalog.
        package var leftFolders: [String] = []
    }

    package enum Outcome: Equatable {
        /// Nothing was written: each problem forbids the export (file relative to the catalog).
        case refused([CatalogChanges.Problem])
        case done(Summary)
    }

    /// Exports `plan`, whose files lie below `sourceRoot`, into `catalog`. Throws only when a
    /// write fails midway (a full disk, a permission): what is written is then recorded, and the
    /// next export finishes the job. Every temporary is written down in `temporaries` before it
    /// is created (the catalog's own record cannot name the one that writes the record).
    package static func export(_ plan: CatalogPlan, into catalog: RootDirectory, sourceRoot: RootDirectory,
                       temporaries: CommandJournal) throws(WriteError) -> Outcome {
        let previous: CatalogRecord
        switch readRecord(catalog) {
        case .success(let record): previous = record
        case .failure(let problem): return .refused([problem])
        }
        let found = CatalogChanges(plan: plan, catalog: catalog, previous: previous, sourceRoot: sourceRoot)
        let problems = plan.collisions.map { CatalogChanges.Problem(file: nil, message: $0) } + found.problems
        guard problems.isEmpty else { return .refused(problems) }

        var summary = Summary(imageSets: plan.imageSets.count, added: found.added, updated: found.updated,
                              unchanged: found.unchanged, removed: found.removed)
        guard !found.changes.isEmpty || found.record != previous else { return .done(summary) }

        var journal = previous.union(found.record)
        journal.temporary = temporaries.token
        func temporaryName(_ target: String = CatalogRecord.fileName) -> String {
            temporaries.temporaryName(in: target.parentPath.isEmpty ? catalog.path : catalog.path + "/" + target.parentPath)
        }
        try catalog.writeAtomically(journal.bytes, to: CatalogRecord.fileName, temporaryName: temporaryName())
        for change in found.changes {
            switch change {
            case .removeTemporary(let path), .remove(let path):
                try catalog.remove(path)
            case .makeFolder(let path):
                try catalog.makeFolders(path)
            case .place(let source, let target):
                switch try catalog.placeFile(source, from: sourceRoot, at: target, temporaryName: temporaryName(target)) {
                case .linked: summary.linked += 1
                case .copied: summary.copied += 1
                }
            case .copy(let source, let target):
                // Through the catalog's write path: a new file, renamed over the name, no link followed.
                let bytes = try sourceRoot.read(source, limit: CatalogChanges.readLimit)
                try catalog.writeAtomically(bytes, to: target, temporaryName: temporaryName(target))
                summary.copied += 1
            case .write(let bytes, let target):
                try catalog.writeAtomically(bytes, to: target, temporaryName: temporaryName(target))
            case .removeFolder(let path):
                do {
                    try catalog.removeEmptyFolder(path)
                } catch where error.code == ENOTEMPTY || error.code == EEXIST {
                    summary.leftFolders.append(path)
                }
            }
        }
        if found.record != journal {
            try catalog.writeAtomically(found.record.bytes, to: CatalogRecord.fileName, temporaryName: temporaryName())
        }
        return .done(summary)
    }

    /// The catalog's record, or an empty one when there is none yet.
    private static func readRecord(_ catalog: RootDirectory) -> Result<CatalogRecord, CatalogChanges.Problem> {
        let bytes: [UInt8]
        do {
            bytes = try catalog.read(CatalogRecord.fileName, limit: 64 << 20)
        } catch where error.cause == .missing {
            return .success(CatalogRecord())
        } catch {
            return .failure(CatalogChanges.Problem(file: CatalogRecord.fileName, message: error.reason))
        }
        do throws(CatalogRecord.Damaged) {
            return .success(try CatalogRecord(bytes: bytes))
        } catch {
            return .failure(CatalogChanges.Problem(file: CatalogRecord.fileName, message: "thumbgen cannot trust this record of the imagesets it wrote: \(error.reason); restore it, or move it away to treat every imageset in the catalog as one a person made"))
        }
    }
}
