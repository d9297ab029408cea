import LibAVIF
import Raster

/// Encodes renditions with libavif: 8-bit YUV 4:2:0, full range, alpha (if any) as a straight
/// alpha plane, one encoder thread. Colour is signalled in the `colr` boxes and the AV1 sequence
/// header: with an ICC profile, the profile plus nclx primaries and transfer "unspecified" (2/2),
/// so that the profile alone says what the colours are; without one, nclx sRGB (primaries 1,
/// transfer 13). The matrix is always given: it says how to turn YUV back into RGB.
/// No EXIF, no XMP, no time stamp (libavif writes none for a still image).
public enum AVIFEncoder {
    /// The AV1 encoders libavif was built with here.
    public enum Codec: String, Sendable, CaseIterable {
        case aom, rav1e, svt

        var choice: avifCodecChoice {
            switch self {
            case .aom: AVIF_CODEC_CHOICE_AOM
            case .rav1e: AVIF_CODEC_CHOICE_RAV1E
            case .svt: AVIF_CODEC_CHOICE_SVT
            }
        }
    }

    public struct Options: Sendable {
        /// `output.avif.quality`, 1...100; see `quantizer(forQuality:)`.
        public var quality: Int
        /// `output.avif.speed`, 0 (slowest, smallest) to 10 (fastest).
        public var speed: Int
        public var iccProfile: [UInt8]?
        public var codec = AVIFEncoder.defaultCodec
        /// The YUV matrix: BT.601 (6) or BT.709 (1).
        public var matrix = AVIFEncoder.defaultMatrix

        public init(quality: Int, speed: Int) {
            self.quality = quality
            self.speed = speed
        }
    }

    /// aom: at the JPEG q82 fallback's median SSIMULACRA2 (12 corpus photos, 960×540 boxes, one
    /// thread) it makes the smallest files for the CPU at every speed. aom speed 6: 69% of JPEG's
    /// bytes for 4.8 CPU s, speed 7: 72% for 3.0 s, speed 8: 80% for 1.3 s, speed 9: 92% for
    /// 0.4 s; rav1e speed 6: 70% for 13.7 s, speed 10: 86% for 2.5 s; SVT-AV1 speed 8 or 10: 71%
    /// for 6.5 s, starts threads of its own and refuses odd sizes. Printed by
    /// `bench/formats.py sweep` (bench/results/formats-sweep.md). The default speed is the
    /// manifest's (`OutputSettings.defaultAVIFSpeed`).
    public static let defaultCodec = Codec.aom
    /// BT.601 (6), libavif's default, for which it converts RGB to YUV through libyuv. BT.709 (1)
    /// scores a little higher at the same quality but costs 3% more bytes at equal score (same
    /// table, "matrix 1"); both are full range.
    public static let defaultMatrix = 6

    /// The AV1 quantizer (0 best … 63 worst) for a quality of 1...100: linear, rounded, the
    /// mapping libavif 1.0 gives its own `quality` (and `avifenc -q`), so that a quality means
    /// the same here as there: 100 → 0, 82 → 11, 60 → 25, 50 → 32, 1 → 62.
    public static func quantizer(forQuality quality: Int) -> Int {
        let quality = min(100, max(1, quality))
        return ((100 - quality) * 63 + 50) / 100
    }

    /// Alpha is coded losslessly (quantizer 0), libavif's and avifenc's default: edges keep their
    /// exact coverage, and a thumbnail's alpha plane is small next to its colour.
    static let alphaQuantizer = 0

    /// The AVIF bytes of `image` (premultiplied when `image.hasAlpha`; alpha is then kept).
    public static func encode(_ image: PixelBuffer, options: Options) throws(CodecError) -> [UInt8] {
        return try encode(size: image.size, options: options) { avif throws(CodecError) in try convert(image, into: avif) }
    }

    /// The AVIF bytes of a JPEG's planes: the same full-range YCbCr 4:2:0 the RGB path makes,
    /// copied as they are, when the matrix is JPEG's (BT.601); any other matrix goes through RGB.
    public static func encode(_ image: PlanarImage, options: Options) throws(CodecError) -> [UInt8] {
        guard options.matrix == 6 else { return try encode(StageClock.measure(.colour) { image.rgb() }, options: options) }
        return try encode(size: image.size, options: options) { avif throws(CodecError) in
            guard avifImageAllocatePlanes(avif, avifPlanesFlags(AVIF_PLANES_YUV.rawValue)) == AVIF_RESULT_OK else {
                throw CodecError.outOfMemory(bytes: image.width * image.height * 3 / 2)
            }
            image.copy(into: avif)
        }
    }

    private static func encode(size: PixelSize, options: Options,
                               fill: (UnsafeMutablePointer<avifImage>) throws(CodecError) -> Void) throws(CodecError) -> [UInt8] {
        guard size.width > 0, size.height > 0, size.width <= 65536, size.height <= 65536 else {
            throw CodecError.writeFailed("AVIF encoding failed: \(size.width)x\(size.height) is outside 1 to 65536 pixels a side")
        }
        if options.codec == .svt, size.height % 2 == 1 || size.width % 2 == 1 {
            throw CodecError.writeFailed("AVIF encoding failed: SVT-AV1 cannot encode odd sizes (\(size.width)x\(size.height)) in 4:2:0")
        }
        guard let avif = avifImageCreate(UInt32(size.width), UInt32(size.height), 8, AVIF_PIXEL_FORMAT_YUV420) else {
            throw CodecError.outOfMemory(bytes: size.width * size.height * 3 / 2)
        }
        defer { avifImageDestroy(avif) }
        signalColour(avif, iccProfile: options.iccProfile, matrix: options.matrix)
        try StageClock.measure(.colour) { () throws(CodecError) in try fill(avif) }
        return try compress(avif, options: options)
    }

    private static func signalColour(_ avif: UnsafeMutablePointer<avifImage>, iccProfile: [UInt8]?, matrix: Int) {
        avif.pointee.yuvRange = AVIF_RANGE_FULL
        avif.pointee.matrixCoefficients = avifMatrixCoefficients(matrix)
        if let profile = iccProfile, !profile.isEmpty {
            profile.withUnsafeBufferPointer { avifImageSetProfileICC(avif, $0.baseAddress, $0.count) }
            avif.pointee.colorPrimaries = avifColorPrimaries(AVIF_COLOR_PRIMARIES_UNSPECIFIED)
            avif.pointee.transferCharacteristics = avifTransferCharacteristics(AVIF_TRANSFER_CHARACTERISTICS_UNSPECIFIED)
        } else {
            avif.pointee.colorPrimaries = avifColorPrimaries(AVIF_COLOR_PRIMARIES_BT709)
            avif.pointee.transferCharacteristics = avifTransferCharacteristics(AVIF_TRANSFER_CHARACTERISTICS_SRGB)
        }
    }

    /// RGB(A) to the image's YUV and alpha planes. Opaque pixels are read in place; premultiplied
    /// ones are first made straight (the alpha plane is straight, as every decoder expects).
    private static func convert(_ image: PixelBuffer, into avif: UnsafeMutablePointer<avifImage>) throws(CodecError) {
        let straight = image.hasAlpha ? image.unpremultiplied() : image
        let result = straight.pixels.withUnsafeBufferPointer { pixels in
            var rgb = avifRGBImage()
            avifRGBImageSetDefaults(&rgb, avif)
            rgb.format = AVIF_RGB_FORMAT_RGBA
            rgb.depth = 8
            rgb.ignoreAlpha = image.hasAlpha ? 0 : 1
            rgb.pixels = UnsafeMutablePointer(mutating: pixels.baseAddress)  // only read
            rgb.rowBytes = UInt32(image.rowBytes)
            return avifImageRGBToYUV(avif, &rgb)
        }
        guard result == AVIF_RESULT_OK else {
            throw CodecError.writeFailed("AVIF encoding failed while converting to YUV: \(String(cString: avifResultToString(result)))")
        }
    }

    private static func compress(_ avif: UnsafeMutablePointer<avifImage>, options: Options) throws(CodecError) -> [UInt8] {
        guard let encoder = avifEncoderCreate() else { throw CodecError.outOfMemory(bytes: 1 << 20) }
        defer { avifEncoderDestroy(encoder) }
        encoder.pointee.codecChoice = options.codec.choice
        encoder.pointee.maxThreads = 1  // the build's pool already uses every core, one image per thread
        encoder.pointee.speed = Int32(min(10, max(0, options.speed)))
        let quantizer = Int32(quantizer(forQuality: options.quality))
        encoder.pointee.minQuantizer = quantizer
        encoder.pointee.maxQuantizer = quantizer
        encoder.pointee.minQuantizerAlpha = Int32(alphaQuantizer)
        encoder.pointee.maxQuantizerAlpha = Int32(alphaQuantizer)

        var output = avifRWData()
        defer { avifRWDataFree(&output) }
        let result = avifEncoderWrite(encoder, avif, &output)
        guard result == AVIF_RESULT_OK, let data = output.data else {
            let detail = withUnsafeBytes(of: encoder.pointee.diag.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw CodecError.writeFailed("AVIF encoding failed (\(options.codec.rawValue)): \(String(cString: avifResultToString(result)))"
                + (detail.isEmpty ? "" : ": \(detail)"))
        }
        return Array(UnsafeBufferPointer(start: data, count: output.size))
    }
}
