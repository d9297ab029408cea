/// Writes an index as people read it, straight from its records: UTF-8, keys sorted by their
/// bytes, two-space indentation, `"key": value`, and an object or array that holds only plain
/// values (an object: plain values and arrays of them) on one line
/// (`{ "bytes": 9120, "file": "…", … }`, `[2, 3]`); strings escaped as JSON requires and no
/// more (`/` and non-ASCII as they are); numbers as their shortest exact text, a whole `Double`
/// without `.0`. The same index always gives the same bytes.
///
/// An index of 100,000 images is some 75 MB of JSON, written (or compared with the file) by
/// every build; this is the index's one writer, in a pass over the records with no copy.
struct IndexJSONWriter {
    private(set) var bytes: [UInt8] = []

    static func encode(_ index: RenditionIndex) -> [UInt8] {
        var writer = IndexJSONWriter()
        // Generous: growing would copy the whole array, and pages reserved but never written
        // cost no memory.
        writer.bytes.reserveCapacity(4096 + index.images.count * 1200)
        writer.write(index)
        writer.bytes.append(0x0A)
        return writer.bytes
    }

    /// An object or array being written: whether it goes on one line, how deep it is, how many
    /// members it has so far.
    private struct Container {
        let close: UInt8
        let flat: Bool
        let depth: Int
        var count = 0
    }

    private mutating func write(_ index: RenditionIndex) {
        var top = open("{", flat: false, depth: 0)
        key("generator", in: &top); string(index.generator)
        key("images", in: &top); dictionary(index.images, depth: 1) { $0.write($1, depth: $2) }
        if let output = index.output { key("output", in: &top); write(output, depth: 1) }
        if let rendering = index.rendering { key("rendering", in: &top); integer(rendering) }
        key("schema", in: &top); integer(index.schema)
        if let shard = index.shard {
            key("shard", in: &top)
            var object = open("{", flat: true, depth: 1)
            key("count", in: &object); integer(shard.count)
            key("index", in: &object); integer(shard.index)
            key("manifest", in: &object); string(shard.manifest)
            close(object)
        }
        if let slices = index.slices { key("slices", in: &top); strings(slices) }
        key("slots", in: &top); dictionary(index.slots, depth: 1) { $0.write($1, depth: $2) }
        close(top)
    }

    private mutating func write(_ image: ImageRecord, depth: Int) {
        var object = open("{", flat: false, depth: depth)
        key("bytes", in: &object); integer(image.bytes)
        if let error = image.error { key("error", in: &object); string(error) }
        if let focus = image.focus {
            key("focus", in: &object)
            var array = open("[", flat: true, depth: depth + 1)
            for value in focus { next(in: &array); double(value) }
            close(array)
        }
        key("format", in: &object); string(image.format)
        key("height", in: &object); integer(image.height)
        if let placeholder = image.placeholder {
            key("placeholder", in: &object)
            var inner = open("{", flat: true, depth: depth + 1)
            key("color", in: &inner); string(placeholder.color)
            key("thumbhash", in: &inner); string(placeholder.thumbhash)
            close(inner)
        }
        if let recipe = image.recipe { key("recipe", in: &object); string(recipe) }
        key("renditions", in: &object); dictionary(image.renditions, depth: depth + 1) { $0.write($1, depth: $2) }
        key("sha256", in: &object); string(image.sha256)
        key("status", in: &object); string(image.status.rawValue)
        key("width", in: &object); integer(image.width)
        close(object)
    }

    private mutating func write(_ rendition: RenditionRecord, depth: Int) {
        let sources = rendition.sources
        var object = open("{", flat: sources?.isEmpty ?? true, depth: depth)
        key("bytes", in: &object); integer(rendition.bytes)
        key("file", in: &object); string(rendition.file)
        key("height", in: &object); integer(rendition.height)
        if let sources {
            key("sources", in: &object)
            var array = open("[", flat: sources.isEmpty, depth: depth + 1)
            for source in sources {
                next(in: &array)
                var inner = open("{", flat: true, depth: depth + 2)
                key("bytes", in: &inner); integer(source.bytes)
                key("file", in: &inner); string(source.file)
                key("type", in: &inner); string(source.type)
                close(inner)
            }
            close(array)
        }
        if let type = rendition.type { key("type", in: &object); string(type) }
        key("width", in: &object); integer(rendition.width)
        close(object)
    }

    private mutating func write(_ output: OutputRecord, depth: Int) {
        // `formats` sorts among the formats' names, as every key does.
        var members: [(key: String, settings: [String: OutputRecord.Setting]?)] = output.settings.map { ($0.key, $0.value) }
        if output.formats != nil { members.append(("formats", nil)) }
        members.sort { Self.precedes($0.key, $1.key) }
        var object = open("{", flat: output.settings.isEmpty, depth: depth)
        for member in members {
            key(member.key, in: &object)
            guard let settings = member.settings else {
                strings(output.formats ?? [])
                continue
            }
            dictionary(settings, depth: depth + 1) { writer, setting, _ in
                switch setting {
                case .integer(let value): writer.integer(value)
                case .flag(let value): writer.literal(value ? "true" : "false")
                }
            }
        }
        close(object)
    }

    private mutating func write(_ slot: SlotRecord, depth: Int) {
        var object = open("{", flat: true, depth: depth)
        key("fit", in: &object); string(slot.fit)
        key("scales", in: &object)
        var array = open("[", flat: true, depth: depth + 1)
        for scale in slot.scales { next(in: &array); double(scale) }
        close(array)
        key("size", in: &object); string(slot.size)
        if let sizes = slot.sizes { key("sizes", in: &object); string(sizes) }
        close(object)
    }

    // MARK: - Layout

    /// A dictionary as an object, its keys in byte order. Its values are objects or plain
    /// values; it goes on one line when they are plain (an object's settings).
    private mutating func dictionary<Value>(_ members: [String: Value], depth: Int,
                                            _ value: (inout IndexJSONWriter, Value, Int) -> Void) {
        let flat = Value.self == OutputRecord.Setting.self
        var object = open("{", flat: flat, depth: depth)
        for (name, member) in members.sorted(by: { Self.precedes($0.key, $1.key) }) {
            key(name, in: &object)
            value(&self, member, depth + 1)
        }
        close(object)
    }

    private mutating func strings(_ values: [String]) {
        var array = open("[", flat: true, depth: 0)
        for value in values { next(in: &array); string(value) }
        close(array)
    }

    private mutating func open(_ bracket: Unicode.Scalar, flat: Bool, depth: Int) -> Container {
        bytes.append(UInt8(ascii: bracket))
        return Container(close: bracket == "{" ? UInt8(ascii: "}") : UInt8(ascii: "]"), flat: flat, depth: depth)
    }

    /// What comes before a member: a comma after the first, then a space on one line (not before
    /// an array's first), or a new line indented one deeper.
    private mutating func next(in container: inout Container) {
        if container.count > 0 { bytes.append(UInt8(ascii: ",")) }
        if !container.flat {
            newline(container.depth + 1)
        } else if container.close == UInt8(ascii: "}") || container.count > 0 {
            bytes.append(UInt8(ascii: " "))
        }
        container.count += 1
    }

    private mutating func key(_ name: String, in container: inout Container) {
        next(in: &container)
        string(name)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(UInt8(ascii: " "))
    }

    private mutating func close(_ container: Container) {
        if container.count > 0 {
            if !container.flat {
                newline(container.depth)
            } else if container.close == UInt8(ascii: "}") {
                bytes.append(UInt8(ascii: " "))
            }
        }
        bytes.append(container.close)
    }

    private mutating func newline(_ depth: Int) {
        bytes.append(0x0A)
        for _ in 0..<(depth * 2) { bytes.append(UInt8(ascii: " ")) }
    }

    // MARK: - Values

    private mutating func integer(_ value: Int) {
        literal(String(value))
    }

    /// The shortest text that reads back as `value` (Swift's), a whole number without `.0`.
    private mutating func double(_ value: Double) {
        let text = value.description
        literal(text.hasSuffix(".0") ? String(text.dropLast(2)) : text)
    }

    private mutating func literal(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private static let hex = Array("0123456789abcdef".utf8)

    private mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        let utf8 = value.utf8
        // Most strings need no escape: their bytes as they are.
        if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case 0x08: escape("b")
            case 0x09: escape("t")
            case 0x0A: escape("n")
            case 0x0C: escape("f")
            case 0x0D: escape("r")
            case 0..<0x20:
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                          Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 15)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ letter: Unicode.Scalar) {
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(UInt8(ascii: letter))
    }

    /// Key order: by UTF-8 bytes (code points), not by Swift's canonical string order.
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}
