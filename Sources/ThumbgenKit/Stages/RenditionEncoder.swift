import ImageCodecs
import Raster

/// One rendition's files, encoded: the fallback and the modern files kept.
struct EncodedRendition {
    var fallback: [UInt8]
    /// In `output.formats` order; only those no larger than `RenditionEncoder.keepRatio` of the fallback.
    var modern: [(format: ModernFormat, bytes: [UInt8])]
}

/// The encode stage: a rendition's pixels to the bytes of its fallback and of each modern format,
/// each carrying the original's colour profile and nothing else (no EXIF, no orientation tag, no
/// timestamps).
struct RenditionEncoder {
    /// A modern file larger than this share of its fallback's bytes is not worth a client's
    /// choosing it: it is not written.
    static let keepRatio = 0.9

    let output: OutputSettings
    let fallback: FallbackFormat

    /// Bytes encoding a rendition of `pixels` pixels holds besides them: the PNG encoder keeps a
    /// filtered copy and its compressed output (about 12 bytes a pixel, measured under
    /// `prlimit --as`); the JPEG, WebP and AVIF encoders work in strips and small buffers.
    static func memoryEstimate(pixels: Int, fallback: FallbackFormat) -> Int {
        let perPixel = fallback == .png ? 12 : 2
        return pixels > Int.max / perPixel ? Int.max : pixels * perPixel
    }

    /// True when every file these settings write is made from the original's own planes (YCbCr
    /// 4:2:0 or grey, from a JPEG, HEIC or AVIF decoder that keeps them): a JPEG fallback in 4:2:0
    /// (4:4:4 sources at quality 90 or more keep their chroma through RGB) and no modern format
    /// but AVIF. AVIF from planes is JPEG's own full-range BT.601, signalled as it is: on the
    /// benchmark's 49 photos (960×540 boxes against a full-decode Lanczos reference, both
    /// kept on 40) SSIMULACRA2 +0.18 and PSNR +0.30 dB median for 1.0% more bytes, and 4% less
    /// CPU for the whole AVIF build; on 15 unseen photos +0.13, +0.21 dB, 0.8% more bytes. WebP
    /// from planes scored lower: on 16 bench photos (75 WebP renditions paired with the RGB
    /// path's) PSNR +0.11 dB but SSIMULACRA2 -0.48 median (libwebp's own import averages chroma
    /// in linear light), so a build writing WebP stays on the RGB path, its AVIF files with it.
    var takesPlanes: Bool {
        fallback == .jpeg && !JPEGEncoder.Options.keepsChroma(quality: output.jpegQuality)
            && output.formats.allSatisfy { $0 == .avif }
    }

    func encode(_ pixels: RenditionPixels, source: SourceInfo) throws(CodecError) -> EncodedRendition {
        let fallbackBytes: [UInt8]
        switch (fallback, pixels) {
        case (.png, _):
            var options = PNGEncoder.Options(compression: output.pngCompression)
            options.grey = source.isGrey
            options.iccProfile = source.iccProfile
            options.colorChunks = source.colorChunks
            let image = pixels.rgba
            fallbackBytes = try StageClock.measure(.encodePNG) { () throws(CodecError) in try PNGEncoder.encode(image, options: options) }
        case (.jpeg, .rgba(let image)):
            let options = jpegOptions(source)
            fallbackBytes = try StageClock.measure(.encodeJPEG) { () throws(CodecError) in try JPEGEncoder.encode(image, options: options) }
        case (.jpeg, .planar(let image)):
            let options = jpegOptions(source)
            fallbackBytes = try StageClock.measure(.encodeJPEG) { () throws(CodecError) in try JPEGEncoder.encode(image, options: options) }
        }
        var modern: [(ModernFormat, [UInt8])] = []
        for format in output.formats {
            guard let bytes = try ModernEncoders.encode(format, pixels, output: output, source: source) else { continue }
            if Double(bytes.count) <= Self.keepRatio * Double(fallbackBytes.count) { modern.append((format, bytes)) }
        }
        return EncodedRendition(fallback: fallbackBytes, modern: modern)
    }

    private func jpegOptions(_ source: SourceInfo) -> JPEGEncoder.Options {
        var options = JPEGEncoder.Options(quality: output.jpegQuality, progressive: output.jpegProgressive)
        options.grayscale = source.isGrey
        options.sourceIsChroma444 = source.isChroma444
        options.iccProfile = source.iccProfile
        return options
    }
}

/// The WebP and AVIF encoders, by format.
enum ModernEncoders {
    /// True when thumbgen has an encoder for `format`.
    static func isAvailable(_ format: ModernFormat) -> Bool {
        true
    }

    /// The file of `pixels` in `format`, with the original's colour profile; nil when there is
    /// no encoder for it.
    static func encode(_ format: ModernFormat, _ pixels: RenditionPixels, output: OutputSettings,
                       source: SourceInfo) throws(CodecError) -> [UInt8]? {
        switch format {
        case .webp:
            var options = WebPEncoder.Options(quality: output.webpQuality, lossless: output.webpLossless)
            options.iccProfile = source.iccProfile
            return try StageClock.measure(.encodeWebP) { () throws(CodecError) in
                switch pixels {
                case .rgba(let image): try WebPEncoder.encode(image, options: options)
                case .planar(let image): try WebPEncoder.encode(image, options: options)
                }
            }
        case .avif:
            var options = AVIFEncoder.Options(quality: output.avifQuality, speed: output.avifSpeed)
            options.iccProfile = source.iccProfile
            return try StageClock.measure(.encodeAVIF) { () throws(CodecError) in
                switch pixels {
                case .rgba(let image): try AVIFEncoder.encode(image, options: options)
                case .planar(let image): try AVIFEncoder.encode(image, options: options)
                }
            }
        }
    }
}
