import ImageCodecs
import Raster

/// `output.colour: srgb`, between the render and the encode stage: the renditions (and the
/// placeholder) of an original whose colour a profile gives (an embedded ICC profile, nclx in
/// a HEIF or AVIF, PNG `gAMA`/`cHRM`) converted to sRGB with lcms2 (`SRGBConversion`:
/// perceptual, which for these matrix/TRC profiles is relative colorimetric), and their files
/// then carry no profile and no PNG colour chunk. Converted at the renditions' size, after
/// resampling: the same conversion of far fewer pixels than the original's.
enum SRGBRendering {
    /// Said of an original whose RGB profile lcms2 opens but cannot convert from.
    static let unconverted = "its ICC profile cannot be converted to sRGB by lcms2 (output.colour: srgb); the renditions keep it"

    static func converted(_ rendered: RenderedImage) -> RenderedImage {
        let source = rendered.source
        guard source.iccProfile != nil || source.chunkProfile != nil || source.colorChunks != nil else { return rendered }
        let convert: (RenditionPixels) -> RenditionPixels
        if source.isGrey {
            guard let curve = source.greyCurve else {
                // A grey profile lcms2 could not make a curve of stays, as an RGB one does.
                guard source.iccProfile == nil && source.chunkProfile == nil else {
                    var kept = rendered
                    kept.source.warnings.append(unconverted)
                    return kept
                }
                return untagged(rendered)
            }
            convert = { pixels in
                switch pixels {
                case .rgba(let image): .rgba(image.mapped(through: curve))
                case .planar(let image): .planar(image.mapped(through: curve))
                }
            }
        } else if let profile = source.iccProfile ?? source.chunkProfile {
            guard let conversion = SRGBConversion(rgb: profile) else {
                var kept = rendered
                kept.source.warnings.append(unconverted)
                return kept
            }
            convert = { .rgba(conversion.converted($0.rgba)) }
        } else {
            return untagged(rendered)  // an sRGB chunk: already sRGB
        }
        var result = rendered
        StageClock.measure(.colour) {
            result.renditions = rendered.renditions.map { (rendition: $0.rendition, pixels: convert($0.pixels)) }
            result.placeholder = rendered.placeholder.map(convert)
        }
        return untagged(result)
    }

    /// The same pixels, their files to carry no profile or PNG colour chunk.
    private static func untagged(_ rendered: RenderedImage) -> RenderedImage {
        var result = rendered
        result.source.iccProfile = nil
        result.source.chunkProfile = nil
        result.source.greyCurve = nil
        result.source.colorChunks = nil
        return result
    }
}
