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
    /// The point a `focus: auto` render placed its crops around; nil when it cut none.
    var focus: Focus?
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
    /// With `autoFocus`, a cropped rendition is made as its whole image at its scale (its crop
    /// is cut once the subject is found, `AutoCrop`), and the small image is made to find it in.
    static func geometries(_ renditions: [PlannedRendition], original: PixelSize, placeholder: Bool, autoFocus: Bool = false) -> [RenditionGeometry] {
        let crops = autoFocus ? AutoCrop.cropped(renditions, original: original) : []
        var geometries = renditions.map(\.geometry)
        for index in crops { geometries[index] = AutoCrop.whole(geometries[index], original: original) }
        guard placeholder || !crops.isEmpty else { return geometries }
        let box = SlotBox(width: placeholderSide, height: placeholderSide)
        // An original no larger than the box is its own placeholder's source, at its own size.
        geometries.append(RenditionGeometry.fitting(original, in: box, fit: .inside)
            ?? RenditionGeometry(size: original, crop: PixelRect(size: original)))
        return geometries
    }

    /// Bytes the render of `renditions` holds at its peak: the decoder's share and every target
    /// twice (made, then turned upright).
    static func memoryEstimate(header: ImageHeader, renditions: [PlannedRendition], placeholder: Bool, autoFocus: Bool = false) -> Int {
        let maker = RenditionMaker(geometries: geometries(renditions, original: header.uprightSize, placeholder: placeholder, autoFocus: autoFocus),
                                   orientation: header.orientation, fullSize: header.size)
        let decode = header.decodeMemory(scale: min(1, maker.rootScale * decodeHeadroom))
        let pixels = maker.pixelBytes
        return decode > Int.max - pixels ? Int.max : decode + pixels
    }

    /// The original at `path`, opened here: for tests and the fuzz targets.
    static func render(path: String, header: ImageHeader, renditions: [PlannedRendition], limits: DecodeLimits,
                       placeholder: Bool, planes: Bool = false, autoFocus: Bool = false) throws(CodecError) -> RenderedImage {
        try render(original: FileBytes(path: path), header: header, renditions: renditions, limits: limits,
                   placeholder: placeholder, planes: planes, autoFocus: autoFocus)
    }

    /// Decodes the open `original` once and makes every rendition's pixels. `planes`: the
    /// encoders take planes, so an original whose decoder can keep its YCbCr (or grey) planes
    /// (a JPEG; an opaque 8-bit 4:2:0 HEIC or AVIF) does so, and its renditions are planar.
    /// `narrator` hears the decode scale and why, and which path the pixels took, about `file`.
    /// `autoFocus`: cover crops are placed around the subject the small image shows.
    static func render(original: FileBytes, header: ImageHeader, renditions: [PlannedRendition], limits: DecodeLimits,
                       placeholder: Bool, planes: Bool = false, autoFocus: Bool = false, narrator: Narrator? = nil,
                       file: String = "") throws(CodecError) -> RenderedImage {
        let geometries = geometries(renditions, original: header.uprightSize, placeholder: placeholder, autoFocus: autoFocus)
        let maker = RenditionMaker(geometries: geometries, orientation: header.orientation, fullSize: header.size)
        let scale = min(1, maker.rootScale * decodeHeadroom)
        narrator?.say(file, scaleDecision(scale, maker: maker, renditions: renditions, header: header))
        let source = try StageClock.measure(.decode) { () throws(CodecError) in
            try ImageDecoders.decode(file: original, header: header, minimumScale: scale,
                                     limits: limits, into: maker, planes: planes ? maker : nil)
        }
        narrator?.say(file, pathDecision(maker.feeds.layout, source: source, askedForPlanes: planes))
        var pixels = maker.pixels()
        let crops = autoFocus ? AutoCrop.cropped(renditions, original: header.uprightSize) : []
        var focus: Focus?
        if let small = pixels.last, !crops.isEmpty {
            let found = AutoCrop.focus(in: small.rgba, crops: crops.map { renditions[$0].geometry }, original: header.uprightSize)
            for index in crops { pixels[index] = AutoCrop.cut(pixels[index], to: renditions[index].geometry.size, around: found) }
            narrator?.say(file, "focus: auto found the subject around (\(fixed(found.x, 3)), \(fixed(found.y, 3)))")
            focus = found
        }
        return RenderedImage(source: source,
                             renditions: Array(zip(renditions, pixels.prefix(renditions.count))),
                             placeholder: placeholder && geometries.count > renditions.count ? pixels.last : nil, focus: focus)
    }

    /// `decode at 0.3125 of 4000x3000 (shrink on load): photos/a.Thumbnail(1000x750).jpg needs
    /// 0.25, with 1.25 headroom`.
    static func scaleDecision(_ scale: Double, maker: RenditionMaker, renditions: [PlannedRendition], header: ImageHeader) -> String {
        let need = maker.rootScale
        let root = maker.largestRoot
        let what = root.map { $0 < renditions.count ? renditions[$0].file : "the placeholder" } ?? "nothing"
        if scale >= 1 {
            return "decode at full size \(header.size): \(what) needs \(fixed(need, 3)) of the original, which leaves no room to shrink on load"
        }
        return "decode at \(fixed(scale, 3)) of \(header.size) or more (shrink on load where \(header.format.rawValue.uppercased()) allows): \(what) needs \(fixed(need, 3)), with \(fixed(decodeHeadroom, 2)) headroom"
    }

    /// `decoded 1000x750 as YCbCr planes (the encoders take planes)`.
    static func pathDecision(_ layout: RootFeeds.Layout, source: SourceInfo, askedForPlanes: Bool) -> String {
        let size = "decoded \(source.decodedSize)"
        switch layout {
        case .ycbcr: return "\(size) as YCbCr planes, renditions in 4:2:0 (the encoders take planes)"
        case .grey: return "\(size) as one grey plane (the encoders take planes)"
        case .rgb, .rgba:
            let rows = layout == .rgba ? "RGBA rows (with alpha)" : "RGB rows"
            let why = askedForPlanes ? "this decoder keeps no planes of this image" : "an encoder of these settings takes RGB"
            return "\(size) as \(rows) (\(why))"
        }
    }
}
