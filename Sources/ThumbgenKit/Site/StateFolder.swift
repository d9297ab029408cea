import Glibc

/// `.thumbgen/` beside the manifest: state that is not part of the site (the stat cache, the build
/// journals, shard locks). Deleting it, even during a build, costs time only.
///
/// Every file in it is reached relative to the manifest's folder, opened once, with no link
/// followed on the way or at the end (`RootDirectory`): a `.thumbgen` that is a link, or a
/// journal or lock that is one (committed to a repository, say), is refused, never written
/// through. The manifest's folder itself may be reached through links the user chose.
public struct StateFolder: Sendable {
    /// The folder's name beside the manifest.
    public static let name = ".thumbgen"

    /// The folder's path, for messages.
    public let path: String
    /// `.shard-2-of-3` for a shard's own files, "" for a whole build.
    let suffix: String
    /// The manifest's folder; nil when it cannot be opened (every state file is then missing,
    /// and `ensure` says why).
    private let directory: RootDirectory?
    private let openFailure: WriteError?

    public init(manifestDirectory: String, shard: Shard?) {
        path = manifestDirectory + "/" + Self.name
        suffix = shard?.nameSuffix ?? ""
        do {
            directory = try RootDirectory(path: manifestDirectory)
            openFailure = nil
        } catch {
            directory = nil
            openFailure = error
        }
    }

    // Names of the state files, relative to the state folder.
    var statCache: String { "stat-cache\(suffix).json" }
    var journal: String { "journal\(suffix)" }
    var shardLock: String { "lock\(suffix)" }
    /// The journal of a merge, which writes the index only.
    var mergeJournal: String { "journal.merge" }

    /// Every build journal in the folder, shards' included.
    var allJournals: [String] {
        let names = (try? directory?.list(Self.name))?.names ?? []
        return names.filter { $0 == "journal" || $0.hasPrefix("journal.") }
    }

    /// Creates the folder if it is missing (again, if someone deleted it). A link, a plain file
    /// or anything else in its place is an error saying what to do.
    func ensure() throws(WriteError) {
        guard let directory else { throw openFailure! }
        switch directory.entry(Self.name) {
        case .folder: return
        case .missing: try directory.makeFolders(Self.name)
        case .link:
            throw WriteError(path: path, reason: "is a symbolic link; thumbgen keeps its state in a folder there and never writes through a link: remove the link (and keep .thumbgen/ out of version control)")
        case .blocked(let error): throw error
        default:
            throw WriteError(path: path, reason: "is not a folder; thumbgen keeps its state there: remove or rename it")
        }
    }

    /// The bytes of the state file `name`, at most `limit` of them; nil when it is missing, too
    /// large, a link or anything but a plain file.
    func read(_ name: String, limit: Int) -> [UInt8]? {
        try? directory?.read(Self.name + "/" + name, limit: limit)
    }

    /// Writes the state file `name` atomically through `temporaryName` (recorded by the caller's
    /// journal), creating the folder when it is missing.
    func write(_ bytes: [UInt8], to name: String, temporaryName: String) throws(WriteError) {
        try ensure()
        try directory!.writeAtomically(bytes, to: Self.name + "/" + name, temporaryName: temporaryName)
    }

    /// Opens the state file `name` with `flags`; with `O_CREAT` the file, and the folder, are
    /// created when missing.
    func open(_ name: String, flags: Int32) throws(WriteError) -> Int32 {
        if flags & O_CREAT != 0 { try ensure() }
        guard let directory else { throw openFailure! }
        return try directory.openFile(Self.name + "/" + name, flags: flags)
    }

    /// Deletes the state file `name`; a link there is removed itself, never what it points to.
    func remove(_ name: String) {
        _ = try? directory?.remove(Self.name + "/" + name, allowingLink: true)
    }

    /// Removes the temporary files that builds with `tokens` left in the folder.
    func removeTemporaries(of tokens: Set<String>) {
        guard !tokens.isEmpty, let names = (try? directory?.list(Self.name))?.names else { return }
        for name in names where tokens.contains(where: { TemporaryNames.belongs(name, to: $0) }) { remove(name) }
    }
}
