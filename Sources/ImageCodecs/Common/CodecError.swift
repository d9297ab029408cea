import Glibc

/// Why an image could not be read or written, by kind: the kind decides what a build does (keep
/// the verdict, try again next time, stop), the message only explains, in plain words.
public enum CodecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes cannot be decoded: truncated, corrupt, or not what they claim to be. A verdict
    /// on the content: it holds as long as the bytes stay the same.
    case damaged(String)
    /// Over one of the manifest's limits; the message names the limit (`limits.pixels`).
    case overLimit(String)
    /// A buffer of `bytes` could not be had. Not a verdict on the file: the next build tries again.
    case outOfMemory(bytes: Int)
    /// The file could not be opened or read (removed, no permission). Not a verdict on the file.
    case io(String)
    /// Not an image thumbgen reads.
    case unsupported(String)
    /// An encoder failed.
    case writeFailed(String)
    /// This machine failed, not the file: a decoder plugin missing, a library that does not match
    /// the headers thumbgen was built with, a read that failed, a decoder that gave up for a
    /// reason it does not tell apart from damage. Not a verdict: the next build tries again.
    case machine(String)

    public var description: String {
        switch self {
        case .damaged(let reason), .overLimit(let reason), .io(let reason), .unsupported(let reason), .writeFailed(let reason),
             .machine(let reason):
            reason
        case .outOfMemory(let bytes):
            "\(Self.outOfMemoryPrefix)needs \(Self.mebibytes(bytes)) MiB"
        }
    }

    /// True when the error follows from the file's bytes alone, so a build may keep it as the
    /// file's verdict while they stay the same.
    public var isVerdictOnContent: Bool {
        switch self {
        case .damaged, .unsupported: true
        case .overLimit, .outOfMemory, .io, .writeFailed, .machine: false
        }
    }

    /// True when the machine failed (memory, a read, a library): the image's previous files may
    /// stay until a build can make them again.
    public var isFailureOfMachine: Bool {
        switch self {
        case .outOfMemory, .io, .machine: true
        case .damaged, .unsupported, .overLimit, .writeFailed: false
        }
    }

    /// How an `outOfMemory` description begins.
    public static let outOfMemoryPrefix = "not enough memory: "

    /// Whole MiB, rounded up: "needs 1 MiB" for a few bytes, never "needs 0".
    public static func mebibytes(_ bytes: Int) -> Int {
        bytes <= 0 ? 0 : bytes / (1 << 20) + (bytes % (1 << 20) == 0 ? 0 : 1)
    }

    /// "`what`: <strerror(errno)>".
    static func systemReason(_ what: String) -> String {
        "\(what): \(String(cString: strerror(errno)))"
    }
}
