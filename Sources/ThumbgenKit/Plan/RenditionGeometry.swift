import Raster
import Renditions

/// What one rendition is: which part of the upright original it shows, at what pixel size.
public struct RenditionGeometry: Hashable, Sendable {
    /// Output size, upright, in pixels.
    public var size: PixelSize
    /// The part of the upright original shown, in its pixels (the whole image unless cropped).
    public var crop: PixelRect

    /// True when the whole original is shown.
    public func isUncropped(of original: PixelSize) -> Bool {
        crop == PixelRect(size: original)
    }

    /// How much the rendition shrinks the original: output pixels per original pixel (≤ 1).
    public var scale: Double {
        max(Double(size.width) / crop.width, Double(size.height) / crop.height)
    }

    /// The geometry of an upright `original` in `box`, or nil when the original already fits
    /// and no file should be written. Never enlarges.
    public static func fitting(_ original: PixelSize, in box: SlotBox, fit: Fit, focus: Focus = .center) -> RenditionGeometry? {
        let width = original.width, height = original.height
        let boxWidth = box.width ?? Int.max, boxHeight = box.height ?? Int.max
        if width <= boxWidth && height <= boxHeight { return nil }
        let whole = PixelRect(size: original)
        switch fit {
        case .cover where box.width != nil && box.height != nil:
            if boxWidth < width && boxHeight < height {
                // Scale until the box is filled, then crop the overflow around the focus.
                let cropWidth: Double, cropHeight: Double
                if boxWidth * height >= boxHeight * width {
                    cropWidth = Double(width)
                    cropHeight = Double(boxHeight) * Double(width) / Double(boxWidth)
                } else {
                    cropHeight = Double(height)
                    cropWidth = Double(boxWidth) * Double(height) / Double(boxHeight)
                }
                let crop = PixelRect(x: place(cropWidth, in: width, at: focus.x), y: place(cropHeight, in: height, at: focus.y),
                                     width: cropWidth, height: cropHeight)
                return RenditionGeometry(size: PixelSize(width: boxWidth, height: boxHeight), crop: crop)
            }
            // One side already fits: keep it, crop the other to the box, never enlarge.
            let size = PixelSize(width: min(width, boxWidth), height: min(height, boxHeight))
            let crop = PixelRect(x: place(Double(size.width), in: width, at: focus.x).rounded(),
                                 y: place(Double(size.height), in: height, at: focus.y).rounded(),
                                 width: Double(size.width), height: Double(size.height))
            return RenditionGeometry(size: size, crop: crop)
        default:
            // inside (and cover with one free side): the whole image, shrunk to the tighter side.
            let widthLimits = box.height == nil || (box.width != nil && boxWidth * height <= boxHeight * width)
            let size = widthLimits
                ? PixelSize(width: boxWidth, height: max(1, (2 * height * boxWidth + width) / (2 * width)))
                : PixelSize(width: max(1, (2 * width * boxHeight + height) / (2 * height)), height: boxHeight)
            return RenditionGeometry(size: size, crop: whole)
        }
    }

    /// The start of a span of `length` within `total`, centred on `focus` (0...1) but kept inside.
    private static func place(_ length: Double, in total: Int, at focus: Double) -> Double {
        min(max(0, focus * Double(total) - length / 2), Double(total) - length)
    }
}
