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

    func encode(_ pixels: PixelBuffer, source: SourceInfo) throws(CodecError) -> EncodedRendition {
        let fallbackBytes: [UInt8]
        switch fallback {
        case .png:
            var options = PNGEncoder.Options(compression: output.pngCompression)
            options.grey = source.isGrey
            options.iccProfile = source.iccProfile
            options.colorChunks = source.colorChunks
            fallbackBytes = try StageClock.measure(.encodePNG) { () throws(CodecError) in try PNGEncoder.encode(pixels, options: options) }
        case .jpeg:
            var options = JPEGEncoder.Options(quality: output.jpegQuality, progressive: output.jpegProgressive)
            options.grayscale = source.isGrey
            options.sourceIsChroma444 = source.isChroma444
            options.iccProfile = source.iccProfile
            fallbackBytes = try StageClock.measure(.encodeJPEG) { () throws(CodecError) in try JPEGEncoder.encode(pixels, options: options) }
        }
        var modern: [(ModernFormat, [UInt8])] = []
        for format in output.formats {
            guard let bytes = try ModernEncoders.encode(format, pixels, output: output, source: source) else { continue }
            if Double(bytes.count) <= Self.keepRatio * Double(fallbackBytes.count) { modern.append((format, bytes)) }
        }
        return EncodedRendition(fallback: fallbackBytes, modern: modern)
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
    static func encode(_ format: ModernFormat, _ pixels: PixelBuffer, output: OutputSettings,
                       source: SourceInfo) throws(CodecError) -> [UInt8]? {
        switch format {
        case .webp:
            var options = WebPEncoder.Options(quality: output.webpQuality, lossless: output.webpLossless)
            options.iccProfile = source.iccProfile
            return try StageClock.measure(.encodeWebP) { () throws(CodecError) in try WebPEncoder.encode(pixels, options: options) }
        case .avif:
            var options = AVIFEncoder.Options(quality: output.avifQuality, speed: output.avifSpeed)
            options.iccProfile = source.iccProfile
            return try StageClock.measure(.encodeAVIF) { () throws(CodecError) in try AVIFEncoder.encode(pixels, options: options) }
        }
    }
}
