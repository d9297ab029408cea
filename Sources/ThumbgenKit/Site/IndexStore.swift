import FoundationEssentials
import Renditions

/// The index on disk: the one read and the one write of an index (the manifest's, a shard's, or
/// another manifest's under the same root), through `SiteFiles` with no link followed.
public struct IndexStore: Sendable {
    /// The most bytes thumbgen reads of an index, or of a state file it wrote (a journal, the
    /// stat cache): far above any real site's, and a bound on what a hostile file can make it hold.
    public static let sizeLimit = 1 << 30

    let files: SiteFiles

    init(files: SiteFiles) { self.files = files }

    /// The store of the indexes under the folder `root` (a manifest's root).
    public init(root: String) { files = SiteFiles(root: root) }

    /// The bytes at `relative`, within the cap; nil when there is no plain file there.
    func bytes(_ relative: String) -> [UInt8]? {
        files.read(relative, limit: Self.sizeLimit)
    }

    /// The index at `relative`; nil when it is missing, unreadable or damaged (no memory at all).
    public func load(_ relative: String) -> RenditionIndex? {
        bytes(relative).flatMap { try? Self.decode($0) }
    }

    /// The index in `bytes`; the error names it as `name`.
    static func decode(_ bytes: [UInt8], name: String = "index") throws -> RenditionIndex {
        try RenditionIndex.decode(bytes, name: name)
    }

    /// The index at `relative`, for a command that needs it: the error names it as `name`.
    public func read(_ relative: String, name: String? = nil) throws -> RenditionIndex {
        guard let bytes = bytes(relative) else {
            throw RenditionIndexError("\(name ?? relative): cannot read the index: there is no such file")
        }
        return try Self.decode(bytes, name: name ?? relative)
    }

    /// Writes `index` at `relative`: only when its bytes change (a no-op build touches nothing),
    /// atomically, through a temporary `journal` names.
    func write(_ index: RenditionIndex, to relative: String, journal: BuildJournal?) throws(WriteError) {
        let bytes = index.encodedBytes()
        if files.holds(relative, exactly: bytes) { return }
        try files.write(bytes, to: relative, temporaryName: journal?.temporaryName(), sync: true, createFolders: true)
    }
}
