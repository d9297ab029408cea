import Raster

/// `focus: auto`: where a cover crop goes is known only once the pixels are. The render stage
/// makes each cropped rendition as its whole image at the rendition's scale, finds the subject
/// in the small upright image it makes anyway (the placeholder's), and cuts every crop around
/// that one point, in whole pixels. Names and sizes are the plan's: only where the window sits
/// changes.
enum AutoCrop {
    /// The renditions that are crops of the original, by index.
    static func cropped(_ renditions: [PlannedRendition], original: PixelSize) -> [Int] {
        renditions.indices.filter { !renditions[$0].geometry.isUncropped(of: original) }
    }

    /// The whole `original` at `geometry`'s scale: its crop's full side at the rendition's size,
    /// the other side at least the rendition's.
    static func whole(_ geometry: RenditionGeometry, original: PixelSize) -> RenditionGeometry {
        let size = geometry.size, whole = PixelRect(size: original)
        let width: Int, height: Int
        if geometry.crop.height >= Double(original.height) {
            height = size.height
            width = max(size.width, Int((Double(original.width) * Double(size.height) / geometry.crop.height).rounded()))
        } else {
            width = size.width
            height = max(size.height, Int((Double(original.height) * Double(size.width) / geometry.crop.width).rounded()))
        }
        return RenditionGeometry(size: PixelSize(width: width, height: height), crop: whole)
    }

    /// The point every crop is placed around, to three decimals (as the index records it, so
    /// that the record's point gives these crops again).
    static func focus(in small: PixelBuffer, crops: [RenditionGeometry], original: PixelSize) -> Focus {
        let windows = crops.map { (width: $0.crop.width / Double(original.width), height: $0.crop.height / Double(original.height)) }
        let point = SubjectFocus.point(in: small, windows: windows)
        return Focus(x: (point.x * 1000).rounded() / 1000, y: (point.y * 1000).rounded() / 1000)
    }

    /// The window of `size` of a whole-image rendition, centred on `focus` and kept inside; a
    /// planar one starts on even pixels, so its chroma stays sited on the same luma.
    static func cut(_ pixels: RenditionPixels, to size: PixelSize, around focus: Focus) -> RenditionPixels {
        let whole = pixels.size
        var x = SubjectFocus.start(size.width, in: whole.width, at: focus.x)
        var y = SubjectFocus.start(size.height, in: whole.height, at: focus.y)
        switch pixels {
        case .rgba(let buffer):
            return .rgba(buffer.cropped(x: x, y: y, width: size.width, height: size.height))
        case .planar(let image):
            x -= x % 2
            y -= y % 2
            return .planar(image.cropped(x: x, y: y, width: size.width, height: size.height))
        }
    }
}
