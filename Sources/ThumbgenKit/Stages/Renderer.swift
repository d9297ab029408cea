import ImageCodecs
import Raster

/// An image's pixels, made: every rendition upright, and the small image its placeholder comes from.
struct RenderedImage {
    /// What the decode told of the original (ICC profile, grey, alpha).
    var source: SourceInfo
    /// Upright pixels of each planned rendition, in the plan's order.
    var renditions: [(rendition: PlannedRendition, pixels: RenditionPixels)]
    /// At most `Renderer.placeholderSide` pixels a side, upright; nil when not asked for.
    var placeholder: RenditionPixels?
}

/// The render stage: decode the original once, shrunk on load to what its largest rendition
/// needs, and resample every rendition (and the placeholder) from that one decode. The builds,
/// the quality tests and the fuzz targets all go through here.
enum Renderer {
    /// The resolution a shrink-on-load decode keeps over what its largest rendition needs, per
    /// axis. libvips leaves 2; with DCT scales in eighths 1.25 keeps the quality test's bar
    /// (Tests/ThumbgenKitTests/Render/RenditionQualityTests) at a third less resampling.
    static let decodeHeadroom = 1.25
    /// A placeholder is made from at most this many pixels a side (ThumbHash's own bound).
    static let placeholderSide = 100

    /// The geometries the render stage makes for `renditions`: theirs, then the placeholder's.
    static func geometries(_ renditions: [PlannedRendition], original: PixelSize, placeholder: Bool) -> [RenditionGeometry] {
        var geometries = renditions.map(\.geometry)
        guard placeholder else { return geometries }
        let box = SlotBox(width: placeholderSide, height: placeholderSide)
        // An original no larger than the box is its own placeholder's source, at its own size.
        geometries.append(RenditionGeometry.fitting(original, in: box, fit: .inside)
            ?? RenditionGeometry(size: original, crop: PixelRect(size: original)))
        return geometries
    }

    /// Bytes the render of `renditions` holds at its peak: the decoder's share and every target
    /// twice (made, then turned upright).
    static func memoryEstimate(header: ImageHeader, renditions: [PlannedRendition], placeholder: Bool) -> Int {
        let maker = RenditionMaker(geometries: geometries(renditions, original: header.uprightSize, placeholder: placeholder),
                                   orientation: header.orientation, fullSize: header.size)
        let decode = header.decodeMemory(scale: min(1, maker.rootScale * decodeHeadroom))
        let pixels = maker.pixelBytes
        return decode > Int.max - pixels ? Int.max : decode + pixels
    }

    /// Decodes the original at `path` once and makes every rendition's pixels. `planes`: the
    /// encoders take planes, so an original whose decoder can keep its YCbCr (or grey) planes
    /// (a JPEG; an opaque 8-bit 4:2:0 HEIC or AVIF) does so, and its renditions are planar.
    static func render(path: String, header: ImageHeader, renditions: [PlannedRendition], limits: DecodeLimits,
                       placeholder: Bool, planes: Bool = false) throws(CodecError) -> RenderedImage {
        let geometries = geometries(renditions, original: header.uprightSize, placeholder: placeholder)
        let maker = RenditionMaker(geometries: geometries, orientation: header.orientation, fullSize: header.size)
        let source = try StageClock.measure(.decode) { () throws(CodecError) in
            try ImageDecoders.decode(path: path, header: header, minimumScale: min(1, maker.rootScale * decodeHeadroom),
                                     limits: limits, into: maker, planes: planes ? maker : nil)
        }
        let pixels = maker.pixels()
        return RenderedImage(source: source,
                             renditions: Array(zip(renditions, pixels.prefix(renditions.count))),
                             placeholder: geometries.count > renditions.count ? pixels.last : nil)
    }
}
