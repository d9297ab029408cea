/// One finding for the user: where, how bad, and what is wrong in plain words.
public struct Diagnostic: Equatable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error, warning, note
    }

    /// What the finding means for the command's exit status (`DiagnosticsEngine.exitCode`).
    public enum Category: Sendable {
        /// A mistake on the command line, or a manifest error: exit 2, nothing written.
        case usage
        /// What stops every image (a full disk, a read-only file system, an index that cannot be
        /// written): exit 3.
        case stopped
        /// `check` found something to do: exit 1.
        case pending
        /// One image shows its original (unreadable, unsupported, a file in the way): a warning,
        /// or exit 1 under `--strict`.
        case image
        /// Worth knowing, never a failure.
        case info
    }

    public var severity: Severity
    public var category: Category
    /// The file the finding is about, relative to the working folder (as the user named it for the
    /// manifest); nil for a finding about no file.
    public var file: String?
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(_ severity: Severity, file: String?, line: Int? = nil, column: Int? = nil, message: String,
                category: Category? = nil) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.category = category ?? (severity == .error ? .usage : .info)
    }

    /// `manifest.yaml:12:5: error: unknown slot 'thumbs' (did you mean 'thumb'?)`, or
    /// `thumbgen: error: …` for a finding about no file. Control characters are escaped as
    /// `NameText.displayed` shows them: every one in the file (a name's newline, tab or ESC), and
    /// every one but the line breaks a message is written with (the manifest example of "no
    /// manifest here"); names put into a message are escaped where they are put in. (`--json`
    /// and workflow commands carry the text as it is, in their own escapes.)
    public var description: String {
        let message = message.split(separator: "\n", omittingEmptySubsequences: false).map { NameText.displayed(String($0)) }
            .joined(separator: "\n")
        guard var location = file.map(NameText.displayed) else { return "thumbgen: \(severity.rawValue): \(message)" }
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): \(severity.rawValue): \(message)"
    }
}

/// Errors that stop a command before it writes anything, all of them at once.
public struct DiagnosticsError: Error, Equatable, CustomStringConvertible, Sendable {
    public var diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
