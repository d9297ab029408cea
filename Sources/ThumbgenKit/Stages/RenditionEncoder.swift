import ImageCodecs
import Raster

/// One rendition's files, encoded: the fallback and the modern files kept.
struct EncodedRendition {
    var fallback: [UInt8]
    /// In `output.formats` order; only those no larger than `RenditionEncoder.keepRatio` of the fallback.
    var modern: [(format: OutputFormat, bytes: [UInt8])]
}

/// The encode stage: a rendition's pixels to the bytes of its fallback and of each modern format,
/// each carrying the original's colour profile and nothing else (no EXIF, no orientation tag, no
/// timestamps).
struct RenditionEncoder {
    /// A modern file larger than this share of its fallback's bytes is not worth a client's
    /// choosing it: it is not written.
    static let keepRatio = 0.9

    /// The formats that stop at their first miss. A smaller box of the same picture seldom wins
    /// back what a larger one lost in WebP: on the benchmark's two sets of photos, against keeping
    /// each file under the ratio, the rule gives up 0.28% and 0.24% of the bytes saved and skips
    /// 13% and 24% of the WebP encoder's pixels (the bench's stop-rule section). AVIF's files
    /// are not stopped: there it gave up 1.2% and 3.4% (an image whose largest AVIF lost to its
    /// JPEG while the smaller ones won), over the 1% the rule may cost. (Going from the smallest
    /// up instead gave up over half.)
    static let stopsAtFirstMiss: Set<OutputFormat> = [.webp]

    let output: OutputSettings
    let fallback: OutputFormat

    /// Bytes encoding a rendition of `pixels` pixels holds besides them, as the fallback's format
    /// says (`OutputFormat.encodeBytesPerPixel`: PNG's encoder keeps a filtered copy and its
    /// compressed output; JPEG's works in strips).
    static func memoryEstimate(pixels: Int, fallback: OutputFormat) -> Int {
        let perPixel = fallback.encodeBytesPerPixel
        return pixels > Int.max / perPixel ? Int.max : pixels * perPixel
    }

    /// True when every file these settings write is made from the original's own planes (YCbCr
    /// 4:2:0 or grey, from a JPEG, HEIC or AVIF decoder that keeps them): each format written says
    /// whether it takes them (`OutputFormat.takesPlanes`): a JPEG fallback in 4:2:0 (4:4:4
    /// sources at quality 90 or more keep their chroma through RGB), AVIF, and not PNG or WebP. AVIF from planes is JPEG's own full-range BT.601, signalled as it is: on the
    /// benchmark's 49 photos (960×540 boxes against a full-decode Lanczos reference, both
    /// kept on 40) SSIMULACRA2 +0.18 and PSNR +0.30 dB median for 1.0% more bytes, and 4% less
    /// CPU for the whole AVIF build; on 15 unseen photos +0.13, +0.21 dB, 0.8% more bytes. WebP
    /// from planes scored lower: on 16 bench photos (75 WebP renditions paired with the RGB
    /// path's) PSNR +0.11 dB but SSIMULACRA2 -0.48 median (libwebp's own import averages chroma
    /// in linear light), so a build writing WebP stays on the RGB path, its AVIF files with it.
    /// Measured again on all 49 (149 WebP files of the four largest boxes, paired): from planes
    /// SSIMULACRA2 -0.30 mean, -0.32 median, lower on 103 of them, for 1.3% more bytes, where the
    /// whole WebP build takes 12% less CPU (9.57 against 10.91 s) and less memory: a loss in
    /// bytes at equal quality for every user, kept out.
    var takesPlanes: Bool {
        ([fallback] + output.formats).allSatisfy { $0.takesPlanes(output[$0]) }
    }

    /// Every rendition's files, in the order given. WebP (`stopsAtFirstMiss`) is encoded from
    /// the largest rendition down (by pixels, then by file name: the order is the recipe's alone)
    /// and stops at the first whose file is over `keepRatio` of its fallback's bytes: the smaller
    /// renditions of the same crop of the original (every `inside` box, or one `cover` slot's
    /// scales) get no WebP file; another crop goes on. The other formats keep each file under
    /// the ratio.
    func encode(_ renditions: [(rendition: PlannedRendition, pixels: RenditionPixels)],
                source: SourceInfo) throws(CodecError) -> [EncodedRendition] {
        let order = renditions.indices.sorted { a, b in
            let (left, right) = (renditions[a], renditions[b])
            let (leftPixels, rightPixels) = (left.pixels.size.area, right.pixels.size.area)
            return leftPixels != rightPixels ? leftPixels > rightPixels : left.rendition.file < right.rendition.file
        }
        var encoded = [EncodedRendition?](repeating: nil, count: renditions.count)
        struct Chain: Hashable {
            var format: OutputFormat
            var crop: PixelRect
        }
        var stopped = Set<Chain>()
        for position in order {
            let (rendition, pixels) = renditions[position]
            let fallbackBytes = try Self.encode(fallback, pixels, output: output, source: source)
            var modern: [(OutputFormat, [UInt8])] = []
            for format in output.formats where !stopped.contains(Chain(format: format, crop: rendition.geometry.crop)) {
                let bytes = try Self.encode(format, pixels, output: output, source: source)
                if Double(bytes.count) <= Self.keepRatio * Double(fallbackBytes.count) {
                    modern.append((format, bytes))
                } else if Self.stopsAtFirstMiss.contains(format) {
                    stopped.insert(Chain(format: format, crop: rendition.geometry.crop))
                }
            }
            encoded[position] = EncodedRendition(fallback: fallbackBytes, modern: modern)
        }
        return encoded.map { $0! }
    }

    /// The file of `pixels` in `format`, with the original's colour profile, timed as the format's stage.
    static func encode(_ format: OutputFormat, _ pixels: RenditionPixels, output: OutputSettings,
                       source: SourceInfo) throws(CodecError) -> [UInt8] {
        let handed: EncoderPixels = switch pixels {
        case .rgba(let image): .rgba(image)
        case .planar(let image): .planar(image)
        }
        let settings = output[format]
        return try StageClock.measure(format.stage) { () throws(CodecError) in try format.encode(handed, settings, source) }
    }
}
