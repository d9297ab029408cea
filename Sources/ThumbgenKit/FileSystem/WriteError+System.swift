import Glibc

extension WriteError {
    /// An error about a path outside root (the state folder, a lock), from an error number: the
    /// words of a stop (a full disk, a read-only file system), else "cannot <what>: <reason>".
    init(path: String, errno code: Int32, doing what: String) {
        let cause = Cause(errno: code)
        let reason = cause.stopsBuild ? Self.reason(cause, obstacle: path, operation: .write, code: code)
            : "cannot \(what): \(String(cString: strerror(code)))"
        self.init(path: path, cause: cause, code: code, reason: reason)
    }

    /// An error about a path outside root, in the caller's words.
    init(path: String, reason: String) {
        self.init(path: path, cause: .other, code: 0, reason: reason)
    }
}
