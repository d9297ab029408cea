/// The `Contents.json` files of an asset catalog, in the layout Xcode itself writes: keys sorted,
/// two spaces of indent, `" : "` between key and value, a newline at the end. Written by hand
/// rather than by JSONEncoder so the bytes never depend on a Foundation version; Xcode's layout
/// so a catalog Xcode saves again shows no diff for layout alone (not checked here: no Xcode).
///
/// Apple's Asset Catalog Format Reference: an imageset's `Contents.json` holds `images` (each
/// with `filename`, `idiom`, `scale`) and `info` (`author`, the application that wrote it, and
/// `version`, the format version, 1); the catalog's own holds `info` alone.
public enum ContentsJSON {
    /// `info.author`: the application that wrote the file.
    public static let author = "thumbgen"

    /// A JSON value with the few shapes these files need.
    indirect enum Value: Equatable {
        case string(String)
        case number(Int)
        case bool(Bool)
        case array([Value])
        /// Written with its keys sorted by their UTF-8 bytes, as Xcode sorts them.
        case object([String: Value])
    }

    /// One file of an imageset, at its scale (1, 2 or 3).
    public struct Image: Equatable, Sendable {
        public var filename: String
        public var scale: Int

        public init(filename: String, scale: Int) {
            self.filename = filename
            self.scale = scale
        }
    }

    /// An imageset's `Contents.json`: one `universal` image per scale, in increasing scale.
    public static func imageSet(_ images: [Image]) -> [UInt8] {
        let entries = images.sorted { $0.scale < $1.scale }.map { image in
            Value.object(["filename": .string(image.filename), "idiom": .string("universal"), "scale": .string("\(image.scale)x")])
        }
        return bytes(.object(["images": .array(entries), "info": info]))
    }

    /// The catalog's (or a group's) own `Contents.json`.
    public static func catalog() -> [UInt8] {
        bytes(.object(["info": info]))
    }

    static let info = Value.object(["author": .string(author), "version": .number(1)])

    /// The value as Xcode lays it out, with a final newline.
    static func bytes(_ value: Value) -> [UInt8] {
        var text = ""
        write(value, indent: "", into: &text)
        return Array((text + "\n").utf8)
    }

    private static func write(_ value: Value, indent: String, into text: inout String) {
        let inner = indent + "  "
        switch value {
        case .string(let string): text += JSONString.quoted(string)
        case .number(let number): text += String(number)
        case .bool(let flag): text += flag ? "true" : "false"
        case .array(let items):
            guard !items.isEmpty else { text += "[]"; return }
            text += "[\n"
            for (offset, item) in items.enumerated() {
                text += inner
                write(item, indent: inner, into: &text)
                text += offset == items.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case .object(let members):
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            text += "{\n"
            for (offset, key) in keys.enumerated() {
                text += inner + JSONString.quoted(key) + " : "
                write(members[key]!, indent: inner, into: &text)
                text += offset == keys.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        }
    }
}
