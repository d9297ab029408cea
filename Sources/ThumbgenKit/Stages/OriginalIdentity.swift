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

/// A failure of the machine rather than of one original: the process or the system ran out of
/// file descriptors (EMFILE, ENFILE), of processes or threads (EAGAIN), or of kernel memory
/// (ENOMEM). It would meet every image after this one, so it stops the build (exit 3, as a full
/// disk does), and it is never a verdict on the file: the next build tries again.
enum MachineFailure {
    static func isMachine(_ code: Int32) -> Bool {
        code == EMFILE || code == ENFILE || code == EAGAIN || code == ENOMEM
    }

    /// What ran out and what to do, for a machine failure; nil for any other error number.
    static func advice(_ code: Int32) -> String? {
        switch code {
        case EMFILE: "thumbgen may open no more files at once: raise the limit ('ulimit -n'), or build with fewer --jobs"
        case ENFILE: "the system may open no more files at once (fs.file-max): close other programs, or raise the limit"
        case EAGAIN: "the system is out of processes or threads for now (ulimit -u, pids.max): try again with fewer --jobs"
        case ENOMEM: "the system is out of memory for now: try again with fewer --jobs"
        default: nil
        }
    }

    /// True when a write or read under root stops the build: a full disk, quota or read-only
    /// file system (`WriteError.stopsBuild`), or a machine failure.
    static func stopsBuild(_ error: WriteError) -> Bool {
        error.stopsBuild || isMachine(error.code)
    }

    /// `error` as the build's stop: a machine failure says what ran out and what to do.
    static func explained(_ error: WriteError) -> WriteError {
        guard isMachine(error.code), let advice = advice(error.code) else { return error }
        var explained = error
        explained.reason += "; \(advice); this is a failure of the machine, not of the image, so the build stopped"
        return explained
    }

    /// The error that stops the build for an original that a machine failure kept from being read.
    static func stop(path: String, _ failure: OriginalIdentity.ReadFailure) -> WriteError {
        WriteError(path: path, cause: .other, code: failure.code,
                   reason: "\(failure.reason); this is a failure of the machine, not of the image, so the build stopped")
    }
}
