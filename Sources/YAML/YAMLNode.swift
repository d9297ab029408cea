/// A position in a YAML document: 1-based line and column, counted in characters.
public struct Mark: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// A YAML node with the position where it starts, so every later error can point at it.
public indirect enum YAMLNode: Equatable, Sendable {
    /// `plain` is true for an unquoted scalar: only those can be numbers, booleans or null.
    case scalar(String, plain: Bool, Mark)
    case sequence([YAMLNode], Mark)
    case mapping([YAMLPair], Mark)

    public var mark: Mark {
        switch self {
        case .scalar(_, _, let mark), .sequence(_, let mark), .mapping(_, let mark): mark
        }
    }

    /// A word for the node's kind, for messages such as "expected a mapping, found a list".
    public var kindName: String {
        switch self {
        case .scalar(let text, let plain, _):
            plain && (text.isEmpty || text == "~" || text == "null") ? "nothing" : "a value"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }

    /// True for an empty plain scalar, `~` or `null`.
    public var isNull: Bool {
        if case .scalar(let text, true, _) = self { return text.isEmpty || text == "~" || text == "null" }
        return false
    }
}

/// One `key: value` entry of a mapping, in document order.
public struct YAMLPair: Equatable, Sendable {
    public var key: YAMLNode
    public var value: YAMLNode

    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

/// Why a document could not be read, with where.
public struct YAMLError: Error, Equatable, Sendable {
    public var mark: Mark
    public var message: String

    public init(mark: Mark, message: String) {
        self.mark = mark
        self.message = message
    }
}

/// Bounds that keep a hostile document from costing time or memory.
public struct YAMLLimits: Sendable {
    /// Nodes in the document once every alias is expanded.
    public var maxNodes: Int
    /// Nesting depth of lists and mappings.
    public var maxDepth: Int
    /// Characters in one scalar.
    public var maxScalarLength: Int

    public init(maxNodes: Int = 100_000, maxDepth: Int = 64, maxScalarLength: Int = 65_536) {
        self.maxNodes = maxNodes
        self.maxDepth = maxDepth
        self.maxScalarLength = maxScalarLength
    }
}
