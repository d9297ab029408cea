import Glibc
import ImageCodecs

/// An original's size, time and content hash (from the stat cache when size and time match).
struct OriginalIdentity {
    var stat: FileStat
    var sha256: String

    var cacheEntry: StatCache.Entry { StatCache.Entry(stat: stat, sha256: sha256) }

    /// Why an original could not be read, with the system's error number (0 when the system
    /// reported none: the file is no longer a regular file).
    struct ReadFailure: Error, Equatable {
        var code: Int32

        /// `the file cannot be read: Permission denied`, the system's own words.
        var reason: String {
            switch code {
            case 0: "the file cannot be read: it is no longer a regular file"
            case ENOENT: "the file cannot be read: it was removed"
            default: "the file cannot be read: \(String(cString: strerror(code)))" + (MachineFailure.advice(code).map { "; " + $0 } ?? "")
            }
        }
    }

    static func read(path: String, cache: StatCache, key: String) -> Result<OriginalIdentity, ReadFailure> {
        if let code = statError(path) { return .failure(ReadFailure(code: code)) }
        guard let stat = FileStat(path: path) else { return .failure(ReadFailure(code: 0)) }
        if let sha256 = cache.sha256(for: key, stat: stat) { return .success(OriginalIdentity(stat: stat, sha256: sha256)) }
        guard let sha256 = FileHash.sha256(path: path) else {
            // FileHash returns as soon as open(2) or read(2) fails; only close(2) and free(3),
            // which leave errno as it is on success, run after the failing call.
            return .failure(ReadFailure(code: errno))
        }
        return .success(OriginalIdentity(stat: stat, sha256: sha256))
    }
}

/// The errno of stat(2) on `path`, nil when it succeeds (FileStat says only that it failed).
private func statError(_ path: String) -> Int32? {
    var info = stat()
    return stat(path, &info) == 0 ? nil : errno
}
