import ImageCodecs
import Raster

/// Turns one decode into every rendition of an image, largest first. Each rendition is resampled
/// from the smallest image already at hand (the decode or an earlier rendition) that still has
/// `headroom` times its resolution, so small renditions cost little and lose nothing.
struct RenditionMaker {
    /// Resolution a source must keep over its target, per axis, for a Lanczos-3 resize to stay
    /// within a fraction of a dB of a resize from the full image.
    static let headroom = 2.0
    /// A resize of more than this factor first shrinks by a whole factor with a box filter.
    static let boxThreshold = 3.0

    /// An image at hand, with the part of the stored original it covers (full-size pixels).
    private struct Source {
        var pixels: PixelBuffer
        var covers: PixelRect

        var scaleX: Double { Double(pixels.width) / covers.width }
        var scaleY: Double { Double(pixels.height) / covers.height }
    }

    private var sources: [Source]
    let orientation: Orientation
    let fullSize: PixelSize

    init(decoded: DecodedImage, orientation: Orientation) {
        self.orientation = orientation
        fullSize = decoded.fullSize
        sources = [Source(pixels: decoded.pixels, covers: PixelRect(size: decoded.fullSize))]
    }

    /// The upright pixels of one rendition.
    mutating func make(_ geometry: RenditionGeometry) -> PixelBuffer {
        let storedRect = orientation.storedRect(geometry.crop, storedWidth: Double(fullSize.width), storedHeight: Double(fullSize.height))
        let storedSize = orientation.swapsAxes ? geometry.size.transposed : geometry.size
        let wantX = Double(storedSize.width) / storedRect.width
        let wantY = Double(storedSize.height) / storedRect.height

        // The smallest source that covers the rectangle with enough resolution; the decode always qualifies.
        let source = sources.enumerated()
            .filter { $0.offset == 0 || (contains($0.element.covers, storedRect)
                && $0.element.scaleX >= wantX * Self.headroom && $0.element.scaleY >= wantY * Self.headroom) }
            .min { $0.element.pixels.size.area < $1.element.pixels.size.area }!.element

        var pixels = source.pixels
        var rect = PixelRect(x: (storedRect.x - source.covers.x) * source.scaleX,
                             y: (storedRect.y - source.covers.y) * source.scaleY,
                             width: storedRect.width * source.scaleX, height: storedRect.height * source.scaleY)
        let factorX = Int(rect.width / Double(storedSize.width) / 2), factorY = Int(rect.height / Double(storedSize.height) / 2)
        if rect.width >= Self.boxThreshold * Double(storedSize.width) || rect.height >= Self.boxThreshold * Double(storedSize.height) {
            let shrinkX = max(1, factorX), shrinkY = max(1, factorY)
            pixels = pixels.boxShrunk(x: shrinkX, y: shrinkY)
            rect = rect.scaled(x: 1 / Double(shrinkX), y: 1 / Double(shrinkY))
        }
        let result = Resampler.resample(pixels, rect: rect, to: storedSize)
        sources.append(Source(pixels: result, covers: storedRect))
        return result.oriented(orientation)
    }

    private func contains(_ outer: PixelRect, _ inner: PixelRect) -> Bool {
        let epsilon = 1e-6
        return inner.x >= outer.x - epsilon && inner.y >= outer.y - epsilon
            && inner.x + inner.width <= outer.x + outer.width + epsilon
            && inner.y + inner.height <= outer.y + outer.height + epsilon
    }
}
