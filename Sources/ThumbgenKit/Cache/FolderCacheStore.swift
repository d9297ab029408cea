import Glibc

/// A cache in a folder (`file:///mnt/shared/thumbgen`): a shared volume, or a folder that
/// `actions/cache` restores. Each entry is written to a temporary name and renamed into place,
/// so a reader sees a whole entry or none, even with other builds writing at once; no link is
/// followed below the folder.
struct FolderCacheStore: CacheStore {
    let path: String
    /// The folder, opened once for the build (or why it could not be: every request then fails
    /// the same way, and the cache counts each as a fault).
    private let root: Result<RootDirectory, CacheFault>
    var name: String { "file://" + path }

    /// `sweeps`: a build that writes also removes what writers killed mid-write left (below).
    init(path: String, sweeps: Bool = false) {
        self.path = path
        do {
            root = .success(try RootDirectory(path: path))
        } catch {
            root = .failure(CacheFault(reason: "the folder cannot be opened: \(error.reason)"))
        }
        if sweeps, case .success(let root) = root { Self.removeAbandonedTemporaries(root) }
    }

    /// The folder, for a name that is a cache key (`CacheKey`), never any other path.
    private func checked(_ key: String) throws(CacheFault) -> RootDirectory {
        guard CacheKey.isValid(key) else { throw CacheFault(reason: "a name that is not a cache key was not asked for") }
        return try root.get()
    }

    /// Temporaries are thumbgen's own names (`.tmp-<pid>-<number>`); one an hour old belongs to
    /// a writer that was killed (a live one renames its file within the request's time limit),
    /// so it goes. Younger ones may be another machine's write in progress and stay.
    static func removeAbandonedTemporaries(_ root: RootDirectory, olderThan seconds: Int64 = 3600) {
        let cutoff = (Int64(time(nil)) - seconds) * 1_000_000_000
        for folder in ["cas", "ac"] {
            guard let names = try? root.list(folder).names else { continue }
            for name in names where isTemporary(name) {
                guard case .file(_, let modified, _, _) = root.entry(folder + "/" + name), modified < cutoff else { continue }
                _ = try? root.remove(folder + "/" + name)
            }
        }
    }

    static func isTemporary(_ name: String) -> Bool {
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 3 && parts[0] == ".tmp" && parts.dropFirst().allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    func get(_ key: String, limit: Int) throws(CacheFault) -> [UInt8]? {
        let root = try checked(key)
        do {
            return try root.read(key, limit: limit)
        } catch where error.code == ENOENT {
            return nil
        } catch {
            throw CacheFault(reason: error.reason)
        }
    }

    func contains(_ key: String) throws(CacheFault) -> Bool {
        switch try checked(key).entry(key) {
        case .file: return true
        case .missing: return false
        case .blocked(let error): throw CacheFault(reason: error.reason)
        case .folder, .link, .special: throw CacheFault(reason: "\(key) in the cache folder is not a file")
        }
    }

    func put(_ key: String, _ bytes: [UInt8]) throws(CacheFault) {
        let root = try checked(key)
        // Unique per process and call: builds on other machines write the same names at once.
        let temporary = ".tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"  // isTemporary's pattern
        do {
            try root.writeAtomically(bytes, to: key, temporaryName: temporary, createFolders: true)
        } catch {
            throw CacheFault(reason: error.reason)
        }
    }
}
