extension Diagnostic {
    /// `{"column", "file", "line", "message", "severity"}`, the missing ones null.
    package var json: JSONValue {
        .object(["severity": .string(severity.rawValue), "file": file.map { .string($0) } ?? .null,
                 "line": line.map { .int($0) } ?? .null, "column": column.map { .int($0) } ?? .null,
                 "message": .string(message)])
    }

    /// The GitHub Actions workflow command that puts this finding on its line in a pull request:
    /// `::error file=photos/a.jpg,line=3,col=5::message`.
    package var workflowCommand: String {
        let level = switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
        var properties: [String] = []
        if let file { properties.append("file=" + Self.escapedProperty(file)) }
        if let line { properties.append("line=\(line)") }
        if let column { properties.append("col=\(column)") }
        return "::\(level)\(properties.isEmpty ? "" : " " + properties.joined(separator: ","))::\(Self.escapedData(message))"
    }

    /// The runner's escapes for a message: `%`, CR and LF.
    static func escapedData(_ text: String) -> String {
        text.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    /// … and for a property value, `:` and `,` too.
    static func escapedProperty(_ text: String) -> String {
        escapedData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
