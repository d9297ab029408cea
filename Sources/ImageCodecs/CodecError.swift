import Glibc

/// Why an image could not be read or written. The message is plain words for the index and the log.
public enum CodecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The original cannot be turned into renditions: truncated, corrupt, over a limit, or gone.
    case unreadable(String)
    /// Writing a rendition failed (a full disk, a folder that cannot be written).
    case writeFailed(String)

    public var description: String {
        switch self {
        case .unreadable(let reason), .writeFailed(let reason): reason
        }
    }

    /// "`what`: <strerror(errno)>".
    static func systemReason(_ what: String) -> String {
        "\(what): \(String(cString: strerror(errno)))"
    }
}
