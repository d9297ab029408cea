import Glibc

/// An open file descriptor that closes itself: no early return can leak one.
struct Descriptor: ~Copyable {
    let raw: Int32

    init(_ raw: Int32) { self.raw = raw }

    deinit { close(raw) }

    /// Closes now and returns the error close reported (0 when none): a failed close after a
    /// write can mean the bytes never reached the disk (NFS, quotas).
    consuming func closeReportingError() -> Int32 {
        let result = close(raw) == 0 ? 0 : errno
        discard self
        return result
    }
}

/// The file's status without following a link: nil with errno set on failure.
func statusAt(_ folder: Int32, _ name: String) -> stat? {
    var info = stat()
    return fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
}

/// open(2)'s calls retried while a signal interrupts them (a FIFO or NFS can make them wait).
func retryingInterrupts(_ call: () -> Int32) -> Int32 {
    while true {
        let result = call()
        if result >= 0 || errno != EINTR { return result }
    }
}
