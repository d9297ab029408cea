import Glibc

/// Every read, write, replace and delete thumbgen makes under a folder (a manifest's root, or
/// its state folder) goes through here: relative to the folder opened once, with no link
/// followed on the way or at the end (`RootDirectory`).
package final class SiteFiles: @unchecked Sendable {
    package let root: String
    /// Nil when the folder cannot be opened: every read finds nothing and every write fails.
    private let directory: RootDirectory?
    private let openFailure: WriteError?

    package init(root: String) {
        self.root = root
        do {
            directory = try RootDirectory(path: root)
            openFailure = nil
        } catch {
            directory = nil
            openFailure = error
        }
    }

    func entry(_ relative: String) -> Entry {
        guard let directory else { return .blocked(openFailure!) }
        return directory.entry(relative)
    }

    /// The original at `relative`, open for reading beneath root (`RootDirectory.openOriginal`).
    func openOriginal(_ relative: String) throws(OpenFailure) -> Int32 {
        guard let directory else { throw OpenFailure(code: openFailure!.code) }
        return try directory.openOriginal(relative)
    }

    /// The bytes of a plain file (not a link), at most `limit` of them, or nil.
    package func read(_ relative: String, limit: Int) -> [UInt8]? {
        try? directory?.read(relative, limit: limit)
    }

    /// True when a plain file (not a link) at `relative` holds exactly `bytes`.
    func holds(_ relative: String, exactly bytes: [UInt8]) -> Bool {
        (try? directory?.holds(relative, exactly: bytes)) ?? false
    }

    /// The names in a folder (hidden ones included), or nil when it cannot be listed. Names that
    /// are not UTF-8 are left out here; the manifest's globs report them.
    func list(_ folder: String) -> [String]? {
        (try? directory?.list(folder))?.names
    }

    /// Writes `bytes` atomically at `relative` through a temporary file named `temporaryName`
    /// (recorded by the caller's journal), then a rename: over a plain file that is there when
    /// `replace`, else only where nothing is.
    package func write(_ bytes: [UInt8], to relative: String, temporaryName: String?, replace: Bool = true, sync: Bool = false,
               createFolders: Bool = false) throws(WriteError) {
        guard let directory else { throw openFailure! }
        try directory.writeAtomically(bytes, to: relative, temporaryName: temporaryName ?? Self.unrecordedTemporaryName(),
                                      ifExists: replace ? .replace : .refuse, createFolders: createFolders, sync: sync)
    }

    /// Deletes the plain file at `relative`; false when there is none (a link, a folder and
    /// anything behind a link stay).
    @discardableResult
    func remove(_ relative: String) -> Bool {
        (try? directory?.remove(relative)) ?? false
    }

    /// A temporary name for a write no build journal covers (state files outside root).
    static func unrecordedTemporaryName() -> String {
        TemporaryNames.name(token: TemporaryNames.newToken(), number: 0)
    }
}
