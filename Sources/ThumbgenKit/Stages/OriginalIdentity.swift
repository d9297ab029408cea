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
            case EXDEV: "the file cannot be read: a symbolic link on its way now leads outside root"
            default: "the file cannot be read: \(String(cString: strerror(code)))" + (MachineFailure.advice(code).map { "; " + $0 } ?? "")
            }
        }
    }

    /// The identity of the original open as `file`: size and time from fstat(2), the hash from
    /// the stat cache when they match it, else read from the same descriptor.
    static func read(file: FileBytes, cache: StatCache, key: String) -> Result<OriginalIdentity, ReadFailure> {
        guard let stat = FileStat(descriptor: file.descriptor) else { return .failure(ReadFailure(code: 0)) }
        if let sha256 = cache.sha256(for: key, stat: stat) { return .success(OriginalIdentity(stat: stat, sha256: sha256)) }
        guard let sha256 = FileHash.sha256(descriptor: file.descriptor) else {
            // FileHash returns as soon as pread(2) fails; only free(3), which leaves errno as it
            // is on success, runs after the failing call.
            return .failure(ReadFailure(code: errno))
        }
        return .success(OriginalIdentity(stat: stat, sha256: sha256))
    }
}
