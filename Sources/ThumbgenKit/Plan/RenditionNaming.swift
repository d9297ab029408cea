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
    public static func modernPath(beside fallback: String, format: ModernFormat) -> String {
        stem(of: fallback) + "." + format.rawValue
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
}
