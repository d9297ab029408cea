import YAML

/// Reads typed values out of YAML nodes, recording one diagnostic per problem and carrying on,
/// so that a manifest's errors all come out in one run.
struct NodeReader {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String) { self.file = file }

    mutating func error(_ mark: Mark, _ message: String) {
        diagnostics.append(Diagnostic(.error, file: file, line: mark.line, column: mark.column, message: message))
    }

    /// The pairs of a mapping, after checking every key is known. `what` names the mapping in
    /// messages ("slot 'thumb'"); nil for the top level.
    mutating func mapping(_ node: YAMLNode, _ what: String, keys known: [String]) -> [String: YAMLNode]? {
        guard case .mapping(let pairs, _) = node else {
            error(node.mark, "\(what) must be a mapping of \(known.map { "'\($0)'" }.joined(separator: ", ")), but it is \(node.kindName)")
            return nil
        }
        var values: [String: YAMLNode] = [:]
        for pair in pairs {
            guard case .scalar(let key, _, let mark) = pair.key else {
                error(pair.key.mark, "a key in \(what) must be a name, but it is \(pair.key.kindName)")
                continue
            }
            guard known.contains(key) else {
                error(mark, "unknown key '\(key)' in \(what)\(Suggestion.hint(for: key, among: known)); known keys: \(known.joined(separator: ", "))")
                continue
            }
            values[key] = pair.value
        }
        return values
    }

    /// A scalar's text, or nil (with an error) for a list, mapping or nothing.
    mutating func string(_ node: YAMLNode, _ what: String) -> String? {
        guard case .scalar(let text, _, _) = node, !node.isNull else {
            error(node.mark, "\(what) must be text, but it is \(node.kindName)")
            return nil
        }
        return text
    }

    /// A whole number in `range`.
    mutating func integer(_ node: YAMLNode, _ what: String, in range: ClosedRange<Int>) -> Int? {
        if case .scalar(let text, false, _) = node, Int(text.trimmedSpaces) != nil {
            error(node.mark, "\(what) is a number, but it is written in quotes: write \(text.trimmedSpaces), without them")
            return nil
        }
        guard case .scalar(let text, true, _) = node, !node.isNull,
              text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-" || $0 == "+") }),
              let value = Int(text)
        else {
            error(node.mark, "\(what) must be a whole number from \(range.lowerBound) to \(range.upperBound), but it is \(describe(node))")
            return nil
        }
        guard range.contains(value) else {
            error(node.mark, "\(what) must be from \(range.lowerBound) to \(range.upperBound), but it is \(value)")
            return nil
        }
        return value
    }

    /// `true` or `false` (YAML 1.2 spellings only: `yes` and `on` are not booleans here).
    mutating func boolean(_ node: YAMLNode, _ what: String) -> Bool? {
        if case .scalar(let text, true, _) = node {
            switch text {
            case "true", "True", "TRUE": return true
            case "false", "False", "FALSE": return false
            default: break
            }
        }
        error(node.mark, "\(what) must be true or false, but it is \(describe(node))")
        return nil
    }

    /// A positive, finite decimal such as `60`, `37.5` or `1.5`, at most `maximum`.
    mutating func positiveDecimal(_ text: String, at mark: Mark, _ what: String, maximum: Int) -> ExactDecimal? {
        let trimmed = text.trimmedSpaces
        guard let value = ExactDecimal(parsing: trimmed) else {
            if trimmed.hasPrefix("-") {
                error(mark, "\(what) must be more than 0, but it is \(trimmed)")
            } else if [".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "+.inf", "-.inf"].contains(trimmed) {
                error(mark, "\(what) must be a finite number more than 0, but it is \(trimmed)")
            } else {
                error(mark, "\(what) must be a number like 2 or 1.5 (at most \(ExactDecimal.maxDigits) decimals), but it is '\(trimmed)'")
            }
            return nil
        }
        guard !value.isZero else {
            error(mark, "\(what) must be more than 0, but it is \(trimmed)")
            return nil
        }
        guard value <= ExactDecimal(maximum) else {
            error(mark, "\(what) must be at most \(maximum), but it is \(trimmed)")
            return nil
        }
        return value
    }

    /// The items of a list.
    mutating func list(_ node: YAMLNode, _ what: String, example: String) -> [YAMLNode]? {
        guard case .sequence(let items, _) = node else {
            error(node.mark, "\(what) must be a list, like \(example), but it is \(node.kindName)")
            return nil
        }
        return items
    }

    /// How a node reads in a message: its text when it is a scalar, else its kind.
    func describe(_ node: YAMLNode) -> String {
        if case .scalar(let text, _, _) = node, !node.isNull { return "'\(text)'" }
        return node.kindName
    }
}

extension StringProtocol {
    /// Without leading or trailing spaces and tabs.
    package var trimmedSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
