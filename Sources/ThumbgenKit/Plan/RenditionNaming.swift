import Raster

/// Rendition file names: `<name>.Thumbnail(<W>x<H>).<ext>` beside the original, where W×H is
/// the rendition's own pixel size.
public enum RenditionNaming {
    /// `photos/beach.jpg` at 180×135 → `photos/beach.Thumbnail(180x135).jpg`.
    public static func path(for original: String, size: PixelSize) -> String {
        let slash = original.lastIndex(of: "/").map { original.index(after: $0) } ?? original.startIndex
        let name = original[slash...]
        let tag = ".Thumbnail(\(size.width)x\(size.height))"
        // A leading dot is part of the name, not an extension.
        if let dot = name.lastIndex(of: "."), dot > name.startIndex {
            return original[..<dot] + tag + original[dot...]
        }
        return original + tag
    }
}
