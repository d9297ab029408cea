/// A JSON value whose objects keep their keys in the order written, so that a document meant
/// for people (the manifest's schema) reads top-down: `type` before `properties`, `size` before
/// `scales`. JSONEncoder can only sort keys or leave them in an unspecified order, which is
/// what `JSONValue` (the `--json` output, keys sorted for machines) wants and a schema does not.
indirect enum OrderedJSON: Sendable, ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral,
                            ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    case string(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)
    case array([OrderedJSON])
    case object([(key: String, value: OrderedJSON)])

    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .integer(value) }
    init(booleanLiteral value: Bool) { self = .boolean(value) }
    init(arrayLiteral elements: OrderedJSON...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, OrderedJSON)...) {
        self = .object(elements.map { (key: $0.0, value: $0.1) })
    }

    /// An array of strings.
    static func strings(_ values: [String]) -> OrderedJSON { .array(values.map(OrderedJSON.string)) }

    /// This object with `more` keys after its own; any other value unchanged.
    func adding(_ more: KeyValuePairs<String, OrderedJSON>) -> OrderedJSON {
        guard case .object(let pairs) = self else { return self }
        return .object(pairs + more.map { (key: $0.key, value: $0.value) })
    }

    /// Pretty-printed with two-space indentation; an array of plain values stays on one line.
    func printed(indent: String = "") -> String {
        switch self {
        case .string(let text): return JSONString.quoted(text)
        case .integer(let value): return String(value)
        case .number(let value): return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .boolean(let value): return value ? "true" : "false"
        case .array(let items):
            if items.allSatisfy(\.isPlain) { return "[" + items.map { $0.printed() }.joined(separator: ", ") + "]" }
            let inner = indent + "  "
            return "[\n" + items.map { inner + $0.printed(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let pairs):
            guard !pairs.isEmpty else { return "{}" }
            let inner = indent + "  "
            return "{\n" + pairs.map { inner + JSONString.quoted($0.key) + ": " + $0.value.printed(indent: inner) }
                .joined(separator: ",\n") + "\n" + indent + "}"
        }
    }

    private var isPlain: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}
