import ThumbgenKit

/// The process exit codes of DESIGN.md.
public enum ExitCode: Int32, Sendable {
    /// Done.
    case success = 0
    /// `check` found work, or `--strict` met an unreadable image.
    case workFound = 1
    /// A usage or manifest error: nothing was written.
    case usage = 2
    /// The build could not finish (an I/O failure); what is on disk stays consistent.
    case ioFailure = 3
}
