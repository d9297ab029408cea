import ThumbgenKit

/// Collects every finding of a command, prints each for people as it comes (on standard error),
/// and decides the exit status once, at the end. Commands only emit.
public final class DiagnosticsEngine: @unchecked Sendable {
    private let lock = Condition()
    private let console: Console
    /// Only errors are printed.
    private let quiet: Bool
    private var collected: [Diagnostic] = []
    private var reported: [String: JSONValue] = [:]

    public init(console: Console, quiet: Bool = false) {
        self.console = console
        self.quiet = quiet
    }

    /// Records `value` under `key` in the command's `--json` object.
    public func report(_ key: String, _ value: JSONValue) {
        lock.withLock { reported[key] = value }
    }

    /// The errors and warnings (notes are not problems), in the order emitted.
    public var problems: [Diagnostic] {
        diagnostics.filter { $0.severity != .note }
    }

    /// The command's `--json` object: what it reported, and every problem.
    public var json: JSONValue {
        var fields = lock.withLock { reported }
        fields["problems"] = .array(problems.map(\.json))
        return .object(fields)
    }

    /// Every finding so far, in the order emitted.
    public var diagnostics: [Diagnostic] { lock.withLock { collected } }

    public func emit(_ diagnostic: Diagnostic) {
        lock.withLock {
            collected.append(diagnostic)
            if !quiet || diagnostic.severity == .error { console.err(diagnostic.description + "\n") }
        }
    }

    public func emit(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics { emit(diagnostic) }
    }

    /// `thumbgen: error: …` about no file.
    public func error(_ message: String, category: Diagnostic.Category) {
        emit(Diagnostic(.error, file: nil, message: message, category: category))
    }

    /// The exit status the findings call for: 2 for a usage or manifest error, 3 when the build
    /// could not finish, 1 when `check` found work or `--strict` met an image that shows its
    /// original, else 0.
    public func exitCode(strict: Bool) -> ExitCode {
        let categories = lock.withLock { collected.map(\.category) }
        if categories.contains(where: { if case .usage = $0 { true } else { false } }) { return .usage }
        if categories.contains(where: { if case .stopped = $0 { true } else { false } }) { return .ioFailure }
        if categories.contains(where: { if case .pending = $0 { true } else { false } }) { return .workFound }
        if strict, categories.contains(where: { if case .image = $0 { true } else { false } }) { return .workFound }
        return .success
    }
}
