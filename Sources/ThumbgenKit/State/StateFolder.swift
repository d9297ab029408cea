import FoundationEssentials
import Glibc

/// `.thumbgen/` beside the manifest: state that is not part of the site (the stat cache, the build
/// journal, shard locks). Never under root. Deleting it, even during a build, costs time only.
public struct StateFolder: Sendable {
    public let path: String
    /// `.shard-2-of-3` for a shard's own files, "" for a whole build.
    let suffix: String

    public init(manifestDirectory: String, shard: Shard?) {
        path = manifestDirectory + "/.thumbgen"
        suffix = shard.map { ".shard-\($0.index)-of-\($0.count)" } ?? ""
    }

    var statCache: String { path + "/stat-cache\(suffix).json" }
    var journal: String { path + "/journal\(suffix)" }
    var shardLock: String { path + "/lock\(suffix)" }
    /// The journal of a merge, which writes the index only.
    var mergeJournal: String { path + "/journal.merge" }

    /// Every build journal in the folder, shards' included.
    var allJournals: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { $0 == "journal" || $0.hasPrefix("journal.") }.sorted().map { path + "/" + $0 }
    }

    /// Creates the folder if it is missing (again, if someone deleted it). A plain file in its
    /// place is an error with a message saying what to do.
    func ensure() throws(WriteError) {
        var info = stat()
        if lstat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw WriteError(path: path, reason: "is not a folder; thumbgen keeps its state there: remove or rename it")
            }
            return
        }
        if mkdir(path, 0o755) != 0, errno != EEXIST {
            throw WriteError(path: path, errno: errno, doing: "create the state folder")
        }
    }
}
