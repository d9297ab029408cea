import LibYAML

/// Reads one YAML document into a `YAMLNode` tree with the position of every node.
///
/// Aliases are expanded, but the expanded document may hold at most `limits.maxNodes` nodes, so a
/// kilobyte of anchors cannot turn into billions of nodes. Duplicate keys, a second document,
/// deep nesting, huge scalars and bytes that are not UTF-8 are errors with a line and column.
public enum YAMLParser {
    public static func parse(_ bytes: [UInt8], limits: YAMLLimits = YAMLLimits()) throws(YAMLError) -> YAMLNode {
        if let bad = UTF8Check.firstInvalidByte(in: bytes) {
            throw YAMLError(mark: UTF8Check.mark(ofByte: bad, in: bytes),
                            message: "the file is not UTF-8 text (byte 0x\(hex(bytes[bad]))); save it as UTF-8")
        }
        var builder = TreeBuilder(limits: limits)
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            throw YAMLError(mark: Mark(line: 1, column: 1), message: "out of memory while reading YAML")
        }
        defer { yaml_parser_delete(parser) }

        try bytes.withUnsafeBufferPointer { (input) throws(YAMLError) in
            yaml_parser_set_input_string(parser, input.baseAddress, input.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(parser, &event) == 1 else {
                    throw syntaxError(parser.pointee, bytes: bytes)
                }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { break }
                try builder.handle(event)
            }
        }
        return builder.root ?? .scalar("", plain: true, Mark(line: 1, column: 1))
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    /// libyaml's report, explained in plain words with the lines around it (`SyntaxExplanation`).
    private static func syntaxError(_ parser: yaml_parser_t, bytes: [UInt8]) -> YAMLError {
        func mark(_ mark: yaml_mark_t) -> Mark { Mark(line: Int(mark.line) + 1, column: Int(mark.column) + 1) }
        let report = SyntaxExplanation.Report(
            problem: parser.problem.map { String(cString: $0) } ?? "unreadable YAML",
            problemMark: mark(parser.problem_mark),
            context: parser.context.map { String(cString: $0) },
            contextMark: mark(parser.context_mark),
            offset: Int(parser.problem_offset))
        return SyntaxExplanation(report, bytes: bytes).error
    }
}

/// Turns the parser's events into a tree, expanding aliases within the node budget.
private struct TreeBuilder {
    enum Open {
        case sequence([YAMLNode], Mark, anchor: String?)
        case mapping([YAMLPair], Mark, anchor: String?, pendingKey: YAMLNode?)
    }

    let limits: YAMLLimits
    var stack: [Open] = []
    var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    var sizes: [Int] = []          // nodes inside each open collection, for anchors
    var nodeCount = 0
    var documents = 0
    var root: YAMLNode?

    init(limits: YAMLLimits) { self.limits = limits }

    mutating func handle(_ event: yaml_event_t) throws(YAMLError) {
        let mark = Mark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                throw YAMLError(mark: mark, message: "a manifest is one YAML document, but a second one starts here; remove the extra '---'")
            }
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            guard scalar.length <= limits.maxScalarLength else {
                throw YAMLError(mark: mark, message: "a value of \(scalar.length) bytes is longer than the limit of \(limits.maxScalarLength)")
            }
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            let node = YAMLNode.scalar(text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE, mark)
            try add(node, size: 1, anchor: Self.string(scalar.anchor))
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            guard let anchored = anchors[name] else {
                throw YAMLError(mark: mark, message: "unknown alias '*\(name)': no '&\(name)' comes before it; if you meant the text '*\(name)' (a glob, say), put it in quotes: \"*\(name)\"")
            }
            // Counted here so that a blow-up points at the alias, not at the anchor it repeats.
            try count(anchored.size, at: mark)
            try add(anchored.node, size: anchored.size, anchor: nil, counted: true)
        case YAML_SEQUENCE_START_EVENT:
            try open(.sequence([], mark, anchor: Self.string(event.data.sequence_start.anchor)), at: mark)
        case YAML_MAPPING_START_EVENT:
            try open(.mapping([], mark, anchor: Self.string(event.data.mapping_start.anchor), pendingKey: nil), at: mark)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            try close()
        default:
            break
        }
    }

    private mutating func open(_ collection: Open, at mark: Mark) throws(YAMLError) {
        guard stack.count < limits.maxDepth else {
            throw YAMLError(mark: mark, message: "nesting deeper than \(limits.maxDepth) levels")
        }
        try count(1, at: mark)
        stack.append(collection)
        sizes.append(1)
    }

    private mutating func close() throws(YAMLError) {
        let size = sizes.removeLast()
        switch stack.removeLast() {
        case .sequence(let items, let mark, let anchor):
            try add(.sequence(items, mark), size: size, anchor: anchor, counted: true)
        case .mapping(let pairs, let mark, let anchor, _):
            try add(.mapping(pairs, mark), size: size, anchor: anchor, counted: true)
        }
    }

    private mutating func count(_ size: Int, at mark: Mark) throws(YAMLError) {
        nodeCount += size
        if nodeCount > limits.maxNodes {
            throw YAMLError(mark: mark, message: "the document expands to more than \(limits.maxNodes) nodes (aliases included); it is too large to be a manifest")
        }
    }

    private mutating func add(_ node: YAMLNode, size: Int, anchor: String?, counted: Bool = false) throws(YAMLError) {
        if !counted { try count(size, at: node.mark) }
        if let anchor { anchors[anchor] = (node, size) }
        guard !stack.isEmpty else {
            root = node
            return
        }
        sizes[sizes.count - 1] += size
        switch stack.removeLast() {
        case .sequence(var items, let mark, let anchor):
            items.append(node)
            stack.append(.sequence(items, mark, anchor: anchor))
        case .mapping(var pairs, let mark, let anchor, let pendingKey):
            if let key = pendingKey {
                pairs.append(YAMLPair(key: key, value: node))
                stack.append(.mapping(pairs, mark, anchor: anchor, pendingKey: nil))
            } else {
                if case .scalar(let text, _, let keyMark) = node,
                   let first = pairs.first(where: { if case .scalar(text, _, _) = $0.key { true } else { false } }) {
                    throw YAMLError(mark: keyMark, message: "duplicate key '\(text)' (first given at line \(first.key.mark.line)); give each key once")
                }
                stack.append(.mapping(pairs, mark, anchor: anchor, pendingKey: node))
            }
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
