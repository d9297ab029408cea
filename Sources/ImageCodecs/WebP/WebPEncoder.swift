import LibWebP
import Raster

/// Encodes renditions with libwebp: lossy YUV 4:2:0 (or lossless), alpha kept when the image has
/// it, the ICC profile in an `ICCP` chunk (libwebpmux writes the VP8X header it needs). No EXIF,
/// no XMP, no time stamp: the bytes depend only on the pixels and the options.
public enum WebPEncoder {
    public struct Options: Sendable {
        /// `output.webp.quality`, 0...100. Lossless: the effort spent (libwebp's meaning).
        public var quality: Int
        public var lossless: Bool
        public var iccProfile: [UInt8]?
        /// libwebp's speed/size trade-off, 0 (fast) to 6 (small).
        public var method = WebPEncoder.defaultMethod
        /// Iterative RGB→YUV that keeps colour edges sharp in 4:2:0 (lossy only).
        public var sharpYUV = WebPEncoder.defaultSharpYUV

        public init(quality: Int, lossless: Bool = false) {
            self.quality = quality
            self.lossless = lossless
        }
    }

    /// Method 4, libwebp's own default. At the JPEG q82 fallback's median SSIMULACRA2, on 12
    /// corpus photos' 960×540 boxes, m4 gives 98% of JPEG's bytes for 0.05 CPU s an image; m6
    /// 94% for 2.1× the CPU, m2 108% for half, m0 132%. Printed by `bench/formats.py sweep`.
    public static let defaultMethod = 4
    /// Off: at equal SSIMULACRA2 the sharp (iterative) RGB→YUV conversion costs 1% more bytes
    /// and 60% more CPU (m4), though it scores higher at the same quality. Same table.
    public static let defaultSharpYUV = false

    /// The WebP bytes of `image` (premultiplied when `image.hasAlpha`; alpha is then kept).
    public static func encode(_ image: PixelBuffer, options: Options) throws(CodecError) -> [UInt8] {
        var config = try configuration(options, size: image.size)
        let argb: Int32 = config.lossless != 0 || config.use_sharp_yuv != 0 ? 1 : 0
        let bitstream = try encodeBitstream(size: image.size, config: &config) { picture in
            picture.use_argb = argb
            return importPixels(image, into: &picture)
        }
        guard let profile = options.iccProfile, !profile.isEmpty else { return bitstream }
        return try withICCProfile(bitstream, profile: profile)
    }

    /// The WebP bytes of a JPEG's planes: lossy WebP is YUV 4:2:0 too, in BT.601's limited
    /// range, so each plane goes in by an affine map of its own (`PlanarImage.webPPlanes`), with
    /// no conversion through RGB. Lossless or sharp-YUV coding takes RGB: the planes are
    /// converted for it.
    public static func encode(_ image: PlanarImage, options: Options) throws(CodecError) -> [UInt8] {
        guard !options.lossless, !options.sharpYUV else {
            return try encode(StageClock.measure(.colour) { image.rgb() }, options: options)
        }
        var config = try configuration(options, size: image.size)
        let bitstream = try encodeBitstream(size: image.size, config: &config) { picture in
            picture.use_argb = 0
            picture.colorspace = WEBP_YUV420
            guard WebPPictureAlloc(&picture) != 0 else { return 0 }
            image.copyLimitedRange(into: &picture)
            return 1
        }
        guard let profile = options.iccProfile, !profile.isEmpty else { return bitstream }
        return try withICCProfile(bitstream, profile: profile)
    }

    private static func configuration(_ options: Options, size: PixelSize) throws(CodecError) -> WebPConfig {
        guard size.width > 0, size.height > 0, size.width <= Int(WEBP_MAX_DIMENSION), size.height <= Int(WEBP_MAX_DIMENSION) else {
            throw CodecError.writeFailed("WebP encoding failed: \(size.width)x\(size.height) is outside WebP's 1 to \(WEBP_MAX_DIMENSION) pixels a side")
        }
        var config = WebPConfig()
        guard WebPConfigPreset(&config, WEBP_PRESET_DEFAULT, Float(min(100, max(0, options.quality)))) != 0 else {
            throw CodecError.writeFailed("WebP encoding failed: libwebp's version does not match its headers")
        }
        config.lossless = options.lossless ? 1 : 0
        config.method = Int32(min(6, max(0, options.method)))
        config.thread_level = 0  // the build's pool already uses every core, one image per thread
        config.use_sharp_yuv = options.sharpYUV ? 1 : 0
        // Colour under fully transparent pixels may be changed: it is never seen, and flat costs less.
        config.exact = 0
        guard WebPValidateConfig(&config) != 0 else {
            throw CodecError.writeFailed("WebP encoding failed: invalid settings (quality \(options.quality), method \(options.method))")
        }
        return config
    }

    /// The RIFF bytes libwebp writes for a picture of `size` that `fill` sets up and fills (0 on
    /// failure): VP8 or VP8L, with ALPH/VP8X when it has alpha.
    private static func encodeBitstream(size: PixelSize, config: inout WebPConfig,
                                        fill: (inout WebPPicture) -> Int32) throws(CodecError) -> [UInt8] {
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else {
            throw CodecError.writeFailed("WebP encoding failed: libwebp's version does not match its headers")
        }
        picture.width = Int32(size.width)
        picture.height = Int32(size.height)
        defer { WebPPictureFree(&picture) }

        let imported: Int32 = StageClock.measure(.colour) { fill(&picture) }
        guard imported != 0 else { throw failure("importing the pixels", picture.error_code) }

        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        let encoded = withUnsafeMutablePointer(to: &writer) { writer in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(writer)
            defer { picture.custom_ptr = nil }
            return WebPEncode(&config, &picture)
        }
        guard encoded != 0, let memory = writer.mem else { throw failure("encoding", picture.error_code) }
        return Array(UnsafeBufferPointer(start: memory, count: writer.size))
    }

    /// RGB(A) into the picture's YUV(A) planes (or ARGB); 0 on failure. Lossy imports convert
    /// RGB(A) straight into the YUV(A) planes the encoder reads; ARGB (`use_argb`) is an extra
    /// copy that only lossless coding and the sharp (iterative) conversion need. The import copies
    /// the pixels, so straight alpha can come from a temporary buffer; opaque pixels are read in
    /// place (the fourth byte skipped).
    private static func importPixels(_ image: PixelBuffer, into picture: inout WebPPicture) -> Int32 {
        if image.hasAlpha {
            let straight = image.unpremultiplied()
            return straight.pixels.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(image.rowBytes)) }
        }
        return image.pixels.withUnsafeBufferPointer { WebPPictureImportRGBX(&picture, $0.baseAddress, Int32(image.rowBytes)) }
    }

    /// `bitstream` with an `ICCP` chunk, reassembled by libwebpmux (which adds or updates VP8X).
    private static func withICCProfile(_ bitstream: [UInt8], profile: [UInt8]) throws(CodecError) -> [UInt8] {
        var output = WebPData()
        defer { WebPDataClear(&output) }
        let status: WebPMuxError = bitstream.withUnsafeBufferPointer { bitstream in
            profile.withUnsafeBufferPointer { profile in
                var image = WebPData(bytes: bitstream.baseAddress, size: bitstream.count)
                guard let mux = WebPMuxCreate(&image, 0) else { return WEBP_MUX_BAD_DATA }
                defer { WebPMuxDelete(mux) }
                var chunk = WebPData(bytes: profile.baseAddress, size: profile.count)
                let set = WebPMuxSetChunk(mux, "ICCP", &chunk, 0)
                return set == WEBP_MUX_OK ? WebPMuxAssemble(mux, &output) : set
            }
        }
        guard status == WEBP_MUX_OK, let bytes = output.bytes else {
            throw CodecError.writeFailed("WebP encoding failed: cannot add the ICC profile (libwebpmux error \(status.rawValue))")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: output.size))
    }

    private static func failure(_ step: String, _ code: WebPEncodingError) -> CodecError {
        let reason = switch code {
        case VP8_ENC_ERROR_OUT_OF_MEMORY, VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: "out of memory"
        case VP8_ENC_ERROR_BAD_DIMENSION: "bad dimensions"
        case VP8_ENC_ERROR_PARTITION0_OVERFLOW, VP8_ENC_ERROR_PARTITION_OVERFLOW: "the image is too large for one partition"
        case VP8_ENC_ERROR_FILE_TOO_BIG: "the file would exceed 4 GiB"
        default: "libwebp error \(code.rawValue)"
        }
        return CodecError.writeFailed("WebP encoding failed while \(step): \(reason)")
    }
}
