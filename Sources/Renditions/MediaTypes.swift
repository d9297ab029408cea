/// The media types the client tells a browser or an app, from the names the index gives
/// formats. The client ships without the generator, so it keeps its own copy of what the
/// generator's registry (ImageCodecs' `Formats`) says; `FormatTableTests` holds the two (and the
/// web client's table) to each other.
enum MediaTypes {
    /// An original's `format` → its type, for the formats thumbgen reads (and `heic`, a name an
    /// index may give a HEIC original); nil for any other name.
    static func original(format: String) -> String? {
        originalFormats.contains(format) ? "image/\(format)" : nil
    }

    static let originalFormats = ["jpeg", "png", "gif", "webp", "avif", "heic", "heif"]

    /// True for a type an index may give a file: that of a format thumbgen reads or writes
    /// (every output format is also an input one). A page gets no other (`untrustedValue`).
    static func isKnown(_ type: String) -> Bool {
        type.hasPrefix("image/") && originalFormats.contains(String(type.dropFirst(6)))
    }

    /// A modern format named in `output.formats` → the type of its files: `image/` and its name,
    /// which every output format's type is.
    static func modern(format: String) -> String { "image/\(format)" }
}
