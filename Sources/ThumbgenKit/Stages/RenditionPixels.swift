import Raster

/// A rendition's pixels as the render stage makes them: RGBA, or the planes of a JPEG original
/// kept as they were decoded (YCbCr with 4:2:0 chroma, or grey) for encoders that take planes.
enum RenditionPixels: Equatable, Sendable {
    case rgba(PixelBuffer)
    case planar(PlanarImage)

    var size: PixelSize {
        switch self {
        case .rgba(let pixels): pixels.size
        case .planar(let image): image.size
        }
    }

    /// The pixels as RGBA (converted from planes): for the placeholder, and for comparisons.
    var rgba: PixelBuffer {
        switch self {
        case .rgba(let pixels): pixels
        case .planar(let image): StageClock.measure(.colour) { image.rgb() }
        }
    }
}
