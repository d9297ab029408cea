import Glibc

/// Where a command's output goes: data on standard output, everything for people on standard
/// error. Tests pass their own closures to capture both.
public struct Console: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    /// True when standard error is a terminal (a live progress line is drawn there).
    public var isTerminal: Bool

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, isTerminal: Bool = false) {
        self.out = out
        self.err = err
        self.isTerminal = isTerminal
    }

    /// The process's own standard output and error.
    public static let standard = Console(
        out: { text in writeAll(1, text) },
        err: { text in writeAll(2, text) },
        isTerminal: isatty(2) == 1)
}

/// Writes all of `text` to a file descriptor.
private func writeAll(_ descriptor: Int32, _ text: String) {
    var text = text
    text.withUTF8 { bytes in
        var done = 0
        while done < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            done += written
        }
    }
}
