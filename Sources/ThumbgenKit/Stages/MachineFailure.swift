import Glibc

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
