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
        let slash = original.lastIndex(of: "/").map { original.index(after: $0) } ?? original.startIndex
        let name = original[slash...]
        if let dot = name.lastIndex(of: "."), dot > name.startIndex { return String(original[..<dot]) }
        return original
    }

    /// The original's extension, as written (`JPG`), or "" when it has none.
    public static func originalExtension(_ original: String) -> String {
        let name = original.lastPathPart
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// True for a name (the last part of a path) that thumbgen could have made as a rendition.
    public static func isRenditionName(_ path: some StringProtocol) -> Bool {
        path.lastPathPart.contains(marker)
    }

    /// True when `path` is a name thumbgen could have written for `original` (both
    /// root-relative): in the original's folder, its stem, `.Thumbnail(WxH)` with positive sizes
    /// written as thumbgen writes them, and the extension of a format it writes (the fallback's,
    /// as `OutputFormat.fileExtension(for:)` spells it, or a modern one). An index may list anything:
    /// only such names are ever replaced or deleted through it.
    public static func couldBeRendition(_ path: String, of original: String) -> Bool {
        let prefix = stem(of: original) + marker
        guard path.hasPrefix(prefix), path.parentPath == original.parentPath else { return false }
        let rest = path.dropFirst(prefix.count)
        guard let close = rest.firstIndex(of: ")"), rest[rest.index(after: close)...].first == "." else { return false }
        let size = rest[..<close].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, size.allSatisfy(isPixelCount) else { return false }
        let ext = String(rest[rest.index(close, offsetBy: 2)...])
        let fallbacks = Formats.fallbacks.map { $0.fileExtension(for: original) }
        return fallbacks.contains(ext) || Formats.modern.contains { $0.fileExtension == ext }
    }

    /// `180`, never `0`, `018`, `+18` or a number past what a side can be.
    private static func isPixelCount(_ text: Substring) -> Bool {
        guard let first = text.first, first != "0", text.count <= 10, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        return Int(text).map { $0 <= Int(Int32.max) } ?? false
    }
}
