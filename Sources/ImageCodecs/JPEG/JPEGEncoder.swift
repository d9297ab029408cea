import CJPEG
import Raster

/// Encodes renditions with libjpeg-turbo: optimised Huffman tables, 4:2:0 chroma unless the
/// source had full-resolution chroma and the quality is high enough for it to show.
public enum JPEGEncoder {
    public struct Options: Sendable {
        public var quality: Int
        public var progressive: Bool
        /// Write one grey component.
        public var grayscale = false
        /// The source had no chroma subsampling.
        public var sourceIsChroma444 = false
        public var iccProfile: [UInt8]?
        /// An APP1 EXIF payload to write (for fixtures; renditions carry none).
        public var exif: [UInt8]?
        /// The pixels are C, M, Y, K bytes, written as a CMYK JPEG (for fixtures).
        public var inputIsCMYK = false
        /// With `inputIsCMYK`: written as YCCK (Adobe transform 2), as Photoshop writes CMYK (for fixtures).
        public var cmykAsYCCK = false
        /// A progressive scan script written instead of libjpeg's default one (for fixtures).
        public var scanScript: [JPEGScan] = []
        /// Chroma halved across only, 4:2:2 (for fixtures).
        public var chroma422 = false

        public init(quality: Int, progressive: Bool) {
            self.quality = quality
            self.progressive = progressive
        }

        /// 4:4:4 only for a 4:4:4 source at quality 90 or more.
        var chroma444: Bool { sourceIsChroma444 && Self.keepsChroma(quality: quality) }

        /// At this quality a 4:4:4 source is written 4:4:4.
        public static func keepsChroma(quality: Int) -> Bool { quality >= 90 }
    }

    /// Profile bytes an APP2 segment holds (65,535 less its length, signature and sequence bytes).
    static let iccBytesPerSegment = 65_519

    /// The profile as written: none when it would take more than 255 APP2 segments, whose
    /// one-byte count and sequence numbers would wrap (decoders ignore or misjoin such a profile).
    /// Decoders already drop a profile over 1 MiB (`EmbeddedProfile`); this holds for any caller.
    static func carriedProfile(_ profile: [UInt8]?) -> [UInt8] {
        guard let profile, profile.count <= 255 * iccBytesPerSegment else { return [] }
        return profile
    }

    /// The JPEG bytes of `image` (alpha, if any, is dropped onto black: JPEG sources have none).
    public static func encode(_ image: PixelBuffer, options: Options) throws(CodecError) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var length: UInt = 0
        var message = [CChar](repeating: 0, count: 200)
        let icc = carriedProfile(options.iccProfile), exif = options.exif ?? [], script = options.scanScript.map(\.cScan)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            icc.withUnsafeBufferPointer { profile in
                exif.withUnsafeBufferPointer { exif in
                    script.withUnsafeBufferPointer { scans in
                        var settings = tg_jpeg_encode_options(
                            quality: Int32(options.quality), progressive: options.progressive ? 1 : 0,
                            chroma_444: options.chroma444 ? 1 : 0, grayscale: options.grayscale ? 1 : 0,
                            icc: profile.baseAddress, icc_length: UInt32(profile.count),
                            exif: exif.baseAddress, exif_length: UInt32(exif.count), input_cmyk: options.inputIsCMYK ? (options.cmykAsYCCK ? 2 : 1) : 0,
                            scans: scans.baseAddress, scan_count: Int32(scans.count), chroma_422: options.chroma422 ? 1 : 0)
                        return tg_jpeg_encode(pixels.baseAddress, Int32(image.width), Int32(image.height), image.rowBytes,
                                              &settings, &output, &length, &message)
                    }
                }
            }
        }
        return try result(status, output, length, message)
    }

    /// The JPEG bytes of `image`'s planes as they are: YCbCr 4:2:0, or grey. Options as for
    /// RGBA; the sampling is the planes'.
    public static func encode(_ image: PlanarImage, options: Options) throws(CodecError) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var length: UInt = 0
        var message = [CChar](repeating: 0, count: 200)
        let icc = carriedProfile(options.iccProfile), planes = image.planes
        let status = icc.withUnsafeBufferPointer { profile in
            var settings = tg_jpeg_encode_options(
                quality: Int32(options.quality), progressive: options.progressive ? 1 : 0, chroma_444: 0, grayscale: 0,
                icc: profile.baseAddress, icc_length: UInt32(profile.count), exif: nil, exif_length: 0, input_cmyk: 0,
                scans: nil, scan_count: 0, chroma_422: 0)
            return PlanePointers.with(planes) { pointers, strides in
                tg_jpeg_encode_planes(pointers, strides, Int32(planes.count), Int32(image.width), Int32(image.height),
                                      &settings, &output, &length, &message)
            }
        }
        return try result(status, output, length, message)
    }

    private static func result(_ status: Int32, _ output: UnsafeMutablePointer<UInt8>?, _ length: UInt,
                               _ message: [CChar]) throws(CodecError) -> [UInt8] {
        defer { tg_jpeg_free(output) }
        guard status == 0, let output else {
            throw CodecError.writeFailed("JPEG encoding failed: \(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }
}

/// One scan of a progressive JPEG: the components it carries (indexes into the frame's), its
/// spectral band `ss...se` (0...0 for DC) and its successive-approximation bits `ah`, `al`.
public struct JPEGScan: Sendable, Equatable {
    public var components: [Int]
    public var ss: Int, se: Int, ah: Int, al: Int

    public init(components: [Int], ss: Int, se: Int, ah: Int, al: Int) {
        self.components = components
        self.ss = ss
        self.se = se
        self.ah = ah
        self.al = al
    }

    var cScan: tg_jpeg_scan {
        let index = { (k: Int) in Int32(k < components.count ? components[k] : 0) }
        return tg_jpeg_scan(component_count: Int32(components.count), components: (index(0), index(1), index(2), index(3)),
                            ss: Int32(ss), se: Int32(se), ah: Int32(ah), al: Int32(al))
    }
}
