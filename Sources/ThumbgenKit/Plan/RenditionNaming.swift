import ImageCodecs
import Raster

/// Rendition file names: `<name>.Thumbnail(<W>x<H>).<ext>` beside the original, where W×H is
/// the rendition's own pixel size. The one place that knows the pattern.
public enum RenditionNaming {
    /// What every rendition name holds, and no original may.
    public static let marker = ".Thumbnail("

    /// `photos/beach.jpg` at 180×135 with extension `jpg` → `photos/beach.Thumbnail(180x135).jpg`.
    public static func path(for original: String, size: PixelSize, extension ext: String) -> String {
        stem(of: original) + "\(marker)\(size.width)x\(size.height))." + ext
    }

    /// The modern file beside a fallback: `photos/beach.Thumbnail(180x135).jpg` in `avif` →
    /// `photos/beach.Thumbnail(180x135).avif`.
    public static func modernPath(beside fallback: String, format: OutputFormat) -> String {
        stem(of: fallback) + "." + format.fileExtension
    }

    /// The original's path without its extension (a leading dot is part of the name).
    public static func stem(of original: String) -> String {
        let bytes = original.utf8
        guard let dot = extensionDot(bytes) else { return original }
        return String(decoding: bytes[..<dot], as: UTF8.self)
    }

    /// The original's extension, as written (`JPG`), or "" when it has none.
    public static func originalExtension(_ original: String) -> String {
        let bytes = original.utf8
        guard let dot = extensionDot(bytes) else { return "" }
        return String(decoding: bytes[bytes.index(after: dot)...], as: UTF8.self)
    }

    /// The dot before the extension of the path's last part, by bytes; nil when the name has no
    /// dot but a leading one (`.hidden` has no extension).
    private static func extensionDot(_ bytes: String.UTF8View) -> String.Index? {
        let name = bytes.lastIndex(of: 0x2F).map { bytes.index(after: $0) } ?? bytes.startIndex
        guard let dot = bytes[name...].lastIndex(of: 0x2E), dot > name else { return nil }
        return dot
    }

    /// True for a name (the last part of a path) that thumbgen could have made as a rendition.
    public static func isRenditionName(_ path: String) -> Bool {
        let bytes = path.utf8, marker = Self.marker.utf8
        var name = bytes[(bytes.lastIndex(of: 0x2F).map { bytes.index(after: $0) } ?? bytes.startIndex)...]
        while name.count >= marker.count {
            if name.starts(with: marker) { return true }
            name = name.dropFirst()
        }
        return false
    }

    /// True when `path` is a name thumbgen could have written for `original` (both
    /// root-relative): in the original's folder, its stem, `.Thumbnail(WxH)` with positive sizes
    /// written as thumbgen writes them, and the extension of a format it writes (the fallback's,
    /// as `OutputFormat.fileExtension(for:)` spells it, or a modern one). An index may list anything:
    /// only such names are ever replaced or deleted through it.
    /// Compared byte for byte, as the file system names files.
    public static func couldBeRendition(_ path: String, of original: String) -> Bool {
        let original = original.utf8, path = path.utf8
        let dot = extensionDot(original)
        let stem = original[..<(dot ?? original.endIndex)]
        guard path.starts(with: stem) else { return false }
        var rest = path.dropFirst(stem.count)
        guard rest.starts(with: marker.utf8), !rest.contains(0x2F) else { return false }
        rest = rest.dropFirst(marker.utf8.count)
        guard pixelCount(&rest, then: 0x78), pixelCount(&rest, then: 0x29), rest.first == 0x2E else { return false }
        let ext = rest.dropFirst()
        if modernExtensions.contains(where: { ext.elementsEqual($0) }) { return true }
        // A fallback's: the original's own when it is one of the format's (`JPG` kept), else the format's.
        let own = dot.map { original[original.index(after: $0)...] }
        return fallbackExtensions.contains { format in
            if let own, format.kept.contains(where: { Self.equalIgnoringASCIICase(own, $0) }) { return ext.elementsEqual(own) }
            return ext.elementsEqual(format.own)
        }
    }

    private static let modernExtensions = Formats.modern.map { Array($0.fileExtension.utf8) }
    /// Each fallback's own extension, and the extensions of its originals that its renditions keep.
    private static let fallbackExtensions = Formats.fallbacks.map { format in
        (own: Array(format.fileExtension.utf8), kept: (Formats.input(format.format)?.extensions ?? [format.fileExtension]).map { Array($0.utf8) })
    }

    private static func equalIgnoringASCIICase(_ text: Substring.UTF8View, _ lower: [UInt8]) -> Bool {
        text.count == lower.count && zip(text, lower).allSatisfy { ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 }
    }

    /// Reads `180` and the byte `end` after it off the front of `text`: never `0`, `018`, `+18`
    /// or a number past what a side can be.
    private static func pixelCount(_ text: inout Substring.UTF8View, then end: UInt8) -> Bool {
        var value = 0, digits = 0
        while let byte = text.first, byte >= 0x30 && byte <= 0x39 {
            if digits == 0 && byte == 0x30 { return false }
            value = value * 10 + Int(byte - 0x30)
            digits += 1
            guard digits <= 10 else { return false }
            text = text.dropFirst()
        }
        guard digits > 0, value <= Int(Int32.max), text.first == end else { return false }
        text = text.dropFirst()
        return true
    }
}
