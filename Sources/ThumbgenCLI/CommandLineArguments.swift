import CSystem
import ThumbgenKit

/// The arguments thumbgen was started with, read without /proc: Swift's `CommandLine.arguments`
/// reads `/proc/self/cmdline` on Linux, and in a root without /proc it is empty, so that
/// `thumbgen --version` or `thumbgen check` ran a full build. The C runtime's own argv, kept
/// before `main` (CSystem's arguments shim), comes first; then CommandLine's; with neither,
/// thumbgen stops rather than guess.
public enum CommandLineArguments {
    /// The arguments after the program's name, or nil when none could be read at all.
    public static func read() -> [String]? {
        if let arguments = fromCRuntime() { return arguments }
        let arguments = CommandLine.arguments
        return arguments.isEmpty ? nil : Array(arguments.dropFirst())
    }

    /// The arguments after the program's name as the C runtime passed them, or nil when the
    /// shim kept none.
    static func fromCRuntime() -> [String]? {
        let count = Int(tg_argument_count())
        guard count > 0 else { return nil }
        return (1..<count).map { tg_argument(Int32($0)).map { String(cString: $0) } ?? "" }
    }

    /// What `main` says when `read` has nothing: the process stops with nothing done.
    static let unreadable = "cannot read the command line (the C library passed no arguments to the program and /proc is not mounted); nothing was done"
}

extension Thumbgen {
    /// The whole program: the arguments read without /proc, then `run`. Exit 3 (a failure of
    /// the machine, not of the request) when no argument can be read, so that a command that
    /// promises to write nothing never turns into a build. Blocks of 1 MiB or more are mapped
    /// on their own (`Memory.mapsLargeBlocks`) before anything else.
    public static func main(console: Console = .standard) -> ExitCode {
        Memory.mapsLargeBlocks()
        guard let arguments = CommandLineArguments.read() else {
            let diagnostics = DiagnosticsEngine(console: console)
            diagnostics.error(CommandLineArguments.unreadable, category: .stopped)
            return diagnostics.exitCode(strict: false)
        }
        return run(arguments, console: console)
    }
}
