import FoundationEssentials

/// A JSON value a command reports under `--json`: built by the commands, encoded once, with
/// sorted keys, by `Thumbgen.run`.
public indirect enum JSONValue: Encodable, Equatable, Sendable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .object(let fields):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in fields { try container.encode(value, forKey: Key(key)) }
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .int(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .double(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// One line of compact JSON, keys sorted, slashes not escaped, and no control character
    /// left raw: JSONEncoder escapes those below U+0020, and DEL and the C1 controls
    /// (U+007F–U+009F), which JSON allows raw but a terminal may act on, become `\u007f` …
    /// here, so that the console has nothing left to escape and the JSON stays valid.
    public var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
        guard json.unicodeScalars.contains(where: { (0x7F...0x9F).contains($0.value) }) else { return json }
        var text = ""
        for scalar in json.unicodeScalars {
            // Outside strings JSON is ASCII punctuation, digits and words: these are in strings.
            if (0x7F...0x9F).contains(scalar.value) {
                text += "\\u00" + String(scalar.value, radix: 16)
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// Seconds with at most three decimals.
    static func seconds(_ value: Double) -> JSONValue { .double((value * 1000).rounded() / 1000) }
}
