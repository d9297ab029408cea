/// One finding for the user: where, how bad, and what is wrong in plain words.
public struct Diagnostic: Equatable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error, warning, note
    }

    public var severity: Severity
    /// The file the finding is about, as the user named it (or relative to the manifest's root).
    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(_ severity: Severity, file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `manifest.yaml:12:5: error: unknown slot 'thumbs' (did you mean 'thumb'?)`
    public var description: String {
        var location = file
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
