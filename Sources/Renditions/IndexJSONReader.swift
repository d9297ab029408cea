/// Reads an index's JSON straight into its records, checking both as it goes: the JSON as RFC
/// 8259 has it (UTF-8, escapes, numbers, nothing after the value), and each record's members as
/// `RenditionIndex` declares them (a required member missing or `null`, a member of the wrong
/// kind). Members it does not know are read over and left out, as a newer writer may add some.
///
/// An index of 100,000 images is some 75 MB of JSON that every build and every client reads;
/// this reader makes the records in one pass, with no tree in between.
struct IndexJSONReader {
    /// Why the bytes are not an index. `syntax`: not JSON at all; `shape`: JSON, but a member is
    /// missing or of the wrong kind (`at` says where: `images["a.jpg"].width`).
    enum Failure: Error {
        case syntax(String)
        case shape(String, at: [String])
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0
    /// Containers open around the reader, for the nesting limit.
    private var depth = 0
    private static let maximumDepth = 512

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The schema number, when the top is an object with a whole `schema` (read through even
    /// when a record is damaged, so that the schema is judged first), and the index or why not.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> (schema: Int?, index: Swift.Result<RenditionIndex, Failure>) {
        var reader = IndexJSONReader(bytes)
        do throws(Failure) {
            return try reader.document()
        } catch {
            return (nil, .failure(error))
        }
    }

    // MARK: - Records

    private mutating func document() throws(Failure) -> (schema: Int?, index: Swift.Result<RenditionIndex, Failure>) {
        // A UTF-8 byte order mark, as some editors save one.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { at = 3 }
        skipSpace()
        var generator: String?, images: [String: ImageRecord]?, output: OutputRecord?, rendering: Int?
        var schema: Int?, shard: ShardRecord?, slices: [String]?, slots: [String: SlotRecord]?
        var damage: Failure?
        try members { reader, name throws(Failure) in
            let start = reader.at, depth = reader.depth
            do throws(Failure) {
                switch name {
                case "generator": generator = try reader.string()
                case "images": images = try reader.dictionary { reader throws(Failure) in try reader.image() }
                case "output": output = try reader.optional { reader throws(Failure) in try reader.outputRecord() }
                case "rendering": rendering = try reader.optional { reader throws(Failure) in try reader.integer() }
                case "schema": schema = try reader.integer()
                case "shard": shard = try reader.optional { reader throws(Failure) in try reader.shardRecord() }
                case "slices": slices = try reader.optional { reader throws(Failure) in try reader.strings() }
                case "slots": slots = try reader.dictionary { reader throws(Failure) in try reader.slot() }
                default: try reader.skipValue()
                }
            } catch .shape(let reason, let path) {
                // The rest is still read: the schema may follow, and the JSON may be broken later.
                if name == "schema" { schema = nil }
                if damage == nil { damage = .shape(reason, at: [name] + path) }
                reader.at = start
                reader.depth = depth
                try reader.skipValue()
            }
        }
        skipSpace()
        guard at == bytes.count else { throw .syntax("unexpected text after the index at byte \(at)") }
        if let damage { return (schema, .failure(damage)) }
        do throws(Failure) {
            return (schema, .success(RenditionIndex(
                generator: try required(generator, "generator"), images: try required(images, "images"), output: output,
                rendering: rendering, schema: try required(schema, "schema"), shard: shard, slices: slices,
                slots: try required(slots, "slots"))))
        } catch {
            return (schema, .failure(error))
        }
    }

    private mutating func image() throws(Failure) -> ImageRecord {
        var bytes: Int?, error: String?, focus: [Double]?, format: String?, height: Int?, placeholder: PlaceholderRecord?
        var recipe: String?, renditions: [String: RenditionRecord]?, sha256: String?, status: ImageStatus?, width: Int?
        try members { reader, name throws(Failure) in
            try reader.naming(name) { reader throws(Failure) in
                switch name {
                case "bytes": bytes = try reader.integer()
                case "error": error = try reader.optional { reader throws(Failure) in try reader.string() }
                case "focus": focus = try reader.optional { reader throws(Failure) in try reader.array { reader throws(Failure) in try reader.double() } }
                case "format": format = try reader.string()
                case "height": height = try reader.integer()
                case "placeholder": placeholder = try reader.optional { reader throws(Failure) in try reader.placeholder() }
                case "recipe": recipe = try reader.optional { reader throws(Failure) in try reader.string() }
                case "renditions": renditions = try reader.dictionary { reader throws(Failure) in try reader.rendition() }
                case "sha256": sha256 = try reader.string()
                case "status": status = try reader.status()
                case "width": width = try reader.integer()
                default: try reader.skipValue()
                }
            }
        }
        return ImageRecord(bytes: try required(bytes, "bytes"), error: error, focus: focus, format: try required(format, "format"),
                           height: try required(height, "height"), placeholder: placeholder, recipe: recipe,
                           renditions: try required(renditions, "renditions"), sha256: try required(sha256, "sha256"),
                           status: try required(status, "status"), width: try required(width, "width"))
    }

    private mutating func rendition() throws(Failure) -> RenditionRecord {
        var bytes: Int?, file: String?, height: Int?, sources: [SourceRecord]?, type: String?, width: Int?
        try members { reader, name throws(Failure) in
            try reader.naming(name) { reader throws(Failure) in
                switch name {
                case "bytes": bytes = try reader.integer()
                case "file": file = try reader.string()
                case "height": height = try reader.integer()
                case "sources": sources = try reader.optional { reader throws(Failure) in try reader.array { reader throws(Failure) in try reader.source() } }
                case "type": type = try reader.optional { reader throws(Failure) in try reader.string() }
                case "width": width = try reader.integer()
                default: try reader.skipValue()
                }
            }
        }
        return RenditionRecord(bytes: try required(bytes, "bytes"), file: try required(file, "file"), height: try required(height, "height"),
                               sources: sources, type: type, width: try required(width, "width"))
    }

    private mutating func source() throws(Failure) -> SourceRecord {
        var bytes: Int?, file: String?, type: String?
        try members { reader, name throws(Failure) in
            try reader.naming(name) { reader throws(Failure) in
                switch name {
                case "bytes": bytes = try reader.integer()
                case "file": file = try reader.string()
                case "type": type = try reader.string()
                default: try reader.skipValue()
                }
            }
        }
        return SourceRecord(bytes: try required(bytes, "bytes"), file: try required(file, "file"), type: try required(type, "type"))
    }

    private mutating func placeholder() throws(Failure) -> PlaceholderRecord {
        var color: String?, thumbhash: String?
        try members { reader, name throws(Failure) in
            try reader.naming(name) { reader throws(Failure) in
                switch name {
                case "color": color = try reader.string()
                case "thumbhash": thumbhash = try reader.string()
                default: try reader.skipValue()
                }
            }
        }
        return PlaceholderRecord(color: try required(color, "color"), thumbhash: try required(thumbhash, "thumbhash"))
    }

    private mutating func slot() throws(Failure) -> SlotRecord {
        var fit: String?, scales: [Double]?, size: String?, sizes: String?
        try members { reader, name throws(Failure) in
            try reader.naming(name) { reader throws(Failure) in
                switch name {
                case "fit": fit = try reader.string()
                case "scales": scales = try reader.array { reader throws(Failure) in try reader.double() }
                case "size": size = try reader.string()
                case "sizes": sizes = try reader.optional { reader throws(Failure) in try reader.string() }
                default: try reader.skipValue()
                }
            }
        }
        return SlotRecord(fit: try required(fit, "fit"), scales: try required(scales, "scales"), size: try required(size, "size"), sizes: sizes)
    }

    private mutating func shardRecord() throws(Failure) -> ShardRecord {
        var index: Int?, count: Int?, manifest: String?
        try members { reader, name throws(Failure) in
            try reader.naming(name) { reader throws(Failure) in
                switch name {
                case "index": index = try reader.integer()
                case "count": count = try reader.integer()
                case "manifest": manifest = try reader.string()
                default: try reader.skipValue()
                }
            }
        }
        return ShardRecord(index: try required(index, "index"), count: try required(count, "count"), manifest: try required(manifest, "manifest"))
    }

    private mutating func outputRecord() throws(Failure) -> OutputRecord {
        var formats: [String]?
        var settings: [String: [String: OutputRecord.Setting]] = [:]
        try members { reader, name throws(Failure) in
            try reader.naming(name) { reader throws(Failure) in
                if name == "formats" {
                    formats = try reader.optional { reader throws(Failure) in try reader.strings() }
                } else {
                    settings[name] = try reader.dictionary { reader throws(Failure) in try reader.setting() }
                }
            }
        }
        return OutputRecord(formats: formats, settings: settings)
    }

    private mutating func setting() throws(Failure) -> OutputRecord.Setting {
        switch peek() {
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .flag(try boolean())
        default: return .integer(try integer())
        }
    }

    private mutating func status() throws(Failure) -> ImageStatus {
        let name = try string()
        guard let status = ImageStatus(rawValue: name) else { throw .shape("'\(name)' is not a status", at: []) }
        return status
    }

    private func required<Value>(_ value: Value?, _ name: String) throws(Failure) -> Value {
        guard let value else { throw .shape("the member \"\(name)\" is missing", at: []) }
        return value
    }

    /// Runs `read` for the member `name` (a dictionary's key when `keyed`), which the failure's
    /// path then names.
    private mutating func naming(_ name: String, keyed: Bool = false, _ read: (inout IndexJSONReader) throws(Failure) -> Void) throws(Failure) {
        do throws(Failure) {
            try read(&self)
        } catch .shape(let reason, let path) {
            throw .shape(reason, at: [keyed ? "[\"\(name)\"]" : name] + path)
        }
    }

    /// Where a shape failure is: `images["a.jpg"].renditions["thumb@1x"].width`.
    static func place(_ path: [String]) -> String {
        var text = ""
        for part in path {
            if !text.isEmpty, !part.hasPrefix("[") { text += "." }
            text += part
        }
        return text
    }

    // MARK: - Containers

    /// Calls `member` with each member's name, the reader at its value, which `member` reads.
    private mutating func members(_ member: (inout IndexJSONReader, String) throws(Failure) -> Void) throws(Failure) {
        guard peek() == UInt8(ascii: "{") else { throw try mismatch("an object") }
        try enter()
        at += 1
        skipSpace()
        if peek() == UInt8(ascii: "}") {
            at += 1
            depth -= 1
            return
        }
        while true {
            skipSpace()
            guard peek() == UInt8(ascii: "\"") else { throw .syntax("expected a member's name at byte \(at)") }
            let name = try rawString()
            skipSpace()
            guard peek() == UInt8(ascii: ":") else { throw .syntax("expected ':' at byte \(at)") }
            at += 1
            skipSpace()
            try member(&self, name)
            skipSpace()
            switch peek() {
            case UInt8(ascii: ","): at += 1
            case UInt8(ascii: "}"):
                at += 1
                depth -= 1
                return
            default: throw .syntax("expected ',' or '}' at byte \(at)")
            }
        }
    }

    private mutating func dictionary<Value>(_ value: (inout IndexJSONReader) throws(Failure) -> Value) throws(Failure) -> [String: Value] {
        var result: [String: Value] = [:]
        try members { reader, name throws(Failure) in
            try reader.naming(name, keyed: true) { reader throws(Failure) in
                guard result.updateValue(try value(&reader), forKey: name) == nil else { throw .shape("the key is given twice", at: []) }
            }
        }
        return result
    }

    private mutating func array<Element>(_ element: (inout IndexJSONReader) throws(Failure) -> Element) throws(Failure) -> [Element] {
        guard peek() == UInt8(ascii: "[") else { throw try mismatch("an array") }
        try enter()
        at += 1
        skipSpace()
        var result: [Element] = []
        if peek() == UInt8(ascii: "]") {
            at += 1
            depth -= 1
            return result
        }
        while true {
            skipSpace()
            do throws(Failure) {
                result.append(try element(&self))
            } catch .shape(let reason, let path) {
                throw .shape(reason, at: ["[\(result.count)]"] + path)
            }
            skipSpace()
            switch peek() {
            case UInt8(ascii: ","): at += 1
            case UInt8(ascii: "]"):
                at += 1
                depth -= 1
                return result
            default: throw .syntax("expected ',' or ']' at byte \(at)")
            }
        }
    }

    private mutating func strings() throws(Failure) -> [String] {
        try array { reader throws(Failure) in try reader.string() }
    }

    /// nil for `null`, else what `value` reads.
    private mutating func optional<Value>(_ value: (inout IndexJSONReader) throws(Failure) -> Value) throws(Failure) -> Value? {
        if peek() == UInt8(ascii: "n") {
            try word("null")
            return nil
        }
        return try value(&self)
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw .syntax("nested deeper than \(Self.maximumDepth) at byte \(at)") }
    }

    /// The failure for a value of another kind than `expected`: a shape failure when the value
    /// is well-formed JSON (read over, so that reading goes on), a syntax failure when it is not.
    private mutating func mismatch(_ expected: String) throws(Failure) -> Failure {
        let found: String = switch peek() {
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "true or false"
        case UInt8(ascii: "n"): "null"
        case nil: "the end of the file"
        default: "a number"
        }
        let start = at
        try skipValue()
        at = start
        return .shape("expected \(expected), found \(found)", at: [])
    }

    /// Reads over one value of any kind, checking it is well-formed.
    private mutating func skipValue() throws(Failure) {
        switch peek() {
        case UInt8(ascii: "{"):
            try members { reader, _ throws(Failure) in try reader.skipValue() }
        case UInt8(ascii: "["):
            _ = try array { reader throws(Failure) in try reader.skipValue() }
        case UInt8(ascii: "\""): _ = try rawString()
        case UInt8(ascii: "t"): try word("true")
        case UInt8(ascii: "f"): try word("false")
        case UInt8(ascii: "n"): try word("null")
        default: _ = try number()
        }
    }

    // MARK: - Scalars

    private func peek() -> UInt8? {
        at < bytes.count ? bytes[at] : nil
    }

    private mutating func skipSpace() {
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x09, 0x0A, 0x0D: at += 1
            default: return
            }
        }
    }

    private mutating func word(_ text: StaticString) throws(Failure) {
        let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        guard at + expected.count <= bytes.count, bytes[at..<(at + expected.count)].elementsEqual(expected) else {
            throw .syntax("unexpected text at byte \(at)")
        }
        at += expected.count
    }

    private mutating func boolean() throws(Failure) -> Bool {
        switch peek() {
        case UInt8(ascii: "t"): try word("true"); return true
        case UInt8(ascii: "f"): try word("false"); return false
        default: throw try mismatch("true or false")
        }
    }

    private mutating func string() throws(Failure) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw try mismatch("a string") }
        return try rawString()
    }

    /// The string that starts at the reader (at its quote).
    private mutating func rawString() throws(Failure) -> String {
        let start = at + 1
        var end = start
        var escaped = false
        while true {
            guard end < bytes.count else { throw .syntax("a string that never ends, from byte \(start - 1)") }
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw .syntax("a control character inside a string at byte \(end)") }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                end += 1
            }
            end += 1
        }
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
        let text: String?
        if escaped {
            text = try unescaped(raw, from: start)
        } else {
            text = Self.text(raw)
        }
        guard let text else { throw .syntax("a string that is not UTF-8 at byte \(start)") }
        at = end + 1
        return text
    }

    /// The text of a string's bytes `raw` (between its quotes, which start at byte `start`), its
    /// escapes resolved; nil when it is not UTF-8.
    private func unescaped(_ raw: UnsafeBufferPointer<UInt8>, from start: Int) throws(Failure) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                index += 1
                continue
            }
            guard index + 1 < raw.count else { throw .syntax("a bad escape at byte \(start + index)") }
            index += 2
            switch raw[index - 1] {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(raw, &index, from: start)
                if (0xD800..<0xDC00).contains(scalar) {
                    // A high surrogate must be followed by an escaped low one.
                    guard index + 1 < raw.count, raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u") else {
                        throw .syntax("a lone surrogate in a string at byte \(start + index)")
                    }
                    index += 2
                    let low = try hex4(raw, &index, from: start)
                    guard (0xDC00..<0xE000).contains(low) else { throw .syntax("a lone surrogate in a string at byte \(start + index)") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let character = Unicode.Scalar(scalar) else { throw .syntax("a lone surrogate in a string at byte \(start + index)") }
                out.append(contentsOf: String(character).utf8)
            default: throw .syntax("a bad escape at byte \(start + index - 2)")
            }
        }
        return out.withUnsafeBufferPointer { Self.text($0) }
    }

    /// The text of `raw` when it is UTF-8, nil when not. (Swift 6's validating initializer would
    /// do, but needs macOS 15 and iOS 18, newer than the client's minimums.)
    private static func text(_ raw: UnsafeBufferPointer<UInt8>) -> String? {
        if !raw.allSatisfy({ $0 < 0x80 }) {
            let damaged = transcode(raw.makeIterator(), from: UTF8.self, to: UTF8.self, stoppingOnError: true) { _ in }
            if damaged { return nil }
        }
        return String(decoding: raw, as: UTF8.self)
    }

    private func hex4(_ raw: UnsafeBufferPointer<UInt8>, _ index: inout Int, from start: Int) throws(Failure) -> UInt32 {
        guard index + 4 <= raw.count else { throw .syntax("a bad \\u escape at byte \(start + index)") }
        var value: UInt32 = 0
        for byte in raw[index..<(index + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .syntax("a bad \\u escape at byte \(start + index)")
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    /// A JSON number's text, checked against the grammar: whether it is whole, and its bytes.
    private mutating func number() throws(Failure) -> (whole: Bool, text: UnsafeBufferPointer<UInt8>) {
        let start = at
        func digits(_ reader: inout IndexJSONReader) -> Int {
            let first = reader.at
            while let byte = reader.peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { reader.at += 1 }
            return reader.at - first
        }
        if peek() == UInt8(ascii: "-") { at += 1 }
        let leading = at
        let count = digits(&self)
        guard count > 0, count == 1 || bytes[leading] != UInt8(ascii: "0") else { throw .syntax("unexpected text at byte \(start)") }
        var whole = true
        if peek() == UInt8(ascii: ".") {
            at += 1
            whole = false
            guard digits(&self) > 0 else { throw .syntax("a bad number at byte \(start)") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            at += 1
            whole = false
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { at += 1 }
            guard digits(&self) > 0 else { throw .syntax("a bad number at byte \(start)") }
        }
        return (whole, UnsafeBufferPointer(rebasing: bytes[start..<at]))
    }

    private mutating func integer() throws(Failure) -> Int {
        guard let byte = peek(), byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) else {
            throw try mismatch("a whole number")
        }
        let (whole, text) = try number()
        guard whole, let value = Int(String(decoding: text, as: UTF8.self)) else {
            throw .shape("\(String(decoding: text, as: UTF8.self)) is not a whole number that fits", at: [])
        }
        return value
    }

    private mutating func double() throws(Failure) -> Double {
        guard let byte = peek(), byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) else {
            throw try mismatch("a number")
        }
        let (_, text) = try number()
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else {
            throw .shape("\(String(decoding: text, as: UTF8.self)) is not a number that fits", at: [])
        }
        return value
    }
}
