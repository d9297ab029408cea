import Foundation

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
        out: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
        err: { text in FileHandle.standardError.write(Data(text.utf8)) },
        isTerminal: isatty(2) == 1)
}
