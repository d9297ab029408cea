/// EXIF orientation: how the stored pixels must be turned to stand upright.
public enum Orientation: Int, CaseIterable, Sendable {
    /// Stored upright.
    case up = 1
    case upMirrored = 2
    case down = 3
    case downMirrored = 4
    case leftMirrored = 5
    case right = 6
    case rightMirrored = 7
    case left = 8

    /// Orientation from an EXIF value; 0, garbage or anything outside 1...8 is `up`.
    public init(exifValue: Int) {
        self = Orientation(rawValue: exifValue) ?? .up
    }

    /// 5–8 turn the image a quarter: upright width is stored height.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The upright size of an image stored at `stored`.
    public func upright(_ stored: PixelSize) -> PixelSize {
        swapsAxes ? stored.transposed : stored
    }

    /// Maps a rectangle in upright coordinates back into stored coordinates.
    /// `stored` is the stored image's size, in the same units as `rect`.
    public func storedRect(_ rect: PixelRect, storedWidth: Double, storedHeight: Double) -> PixelRect {
        // Upright (u, v) from stored (x, y) for each orientation; we invert it on rect corners.
        let uprightWidth = swapsAxes ? storedHeight : storedWidth
        let uprightHeight = swapsAxes ? storedWidth : storedHeight
        let (x0, y0, w, h) = (rect.x, rect.y, rect.width, rect.height)
        switch self {
        case .up: return rect
        case .upMirrored: return PixelRect(x: uprightWidth - x0 - w, y: y0, width: w, height: h)
        case .down: return PixelRect(x: uprightWidth - x0 - w, y: uprightHeight - y0 - h, width: w, height: h)
        case .downMirrored: return PixelRect(x: x0, y: uprightHeight - y0 - h, width: w, height: h)
        case .leftMirrored: return PixelRect(x: y0, y: x0, width: h, height: w)
        case .right: return PixelRect(x: y0, y: uprightWidth - x0 - w, width: h, height: w)
        case .rightMirrored: return PixelRect(x: uprightHeight - y0 - h, y: uprightWidth - x0 - w, width: h, height: w)
        case .left: return PixelRect(x: uprightHeight - y0 - h, y: x0, width: h, height: w)
        }
    }
}
