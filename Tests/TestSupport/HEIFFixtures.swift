import Foundation
import LibHEIF
import Raster

/// HEIC and AVIF files made with libheif's own encoders (x265 for HEVC, aom for AV1, both linked
/// into Debian's libheif), and libheif's reference decodes of them.
public enum HEIFFixtures {
    public enum Codec { case hevc, av1 }

    /// What to encode besides the pixels.
    public struct Options {
        public var codec = Codec.hevc
        public var quality = 90
        /// Written as `irot`/`imir` by libheif: the pixels given are the stored ones.
        public var orientation = Orientation.up
        /// nclx colour primaries and transfer (H.273 code points); nil leaves libheif's default.
        public var nclx: (primaries: UInt16, transfer: UInt16)?
        /// With `nclx`: its matrix (H.273; libheif converts the RGB given with it) and range.
        public var matrix: UInt16 = 6
        public var fullRange = true
        public var iccProfile: [UInt8]?
        /// libheif crops odd sizes with a one-tile grid unless told to write `clap` instead.
        public var clapForOddSizes = false

        public init(codec: Codec = .hevc, orientation: Orientation = .up) {
            self.codec = codec
            self.orientation = orientation
        }
    }

    /// Encodes straight-alpha RGBA samples (`bitDepth` 8: one byte each; above 8: `UInt16`
    /// values in `samples16`) of a `width`×`height` image.
    public static func encode(width: Int, height: Int, samples: [UInt8] = [], samples16: [UInt16] = [], bitDepth: Int = 8,
                              hasAlpha: Bool, options: Options = Options()) -> [UInt8] {
        let chroma: heif_chroma = bitDepth > 8 ? (hasAlpha ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RRGGBB_LE)
            : (hasAlpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB)
        var image: OpaquePointer?
        precondition(heif_image_create(Int32(width), Int32(height), heif_colorspace_RGB, chroma, &image).code == heif_error_Ok)
        defer { heif_image_release(image) }
        precondition(heif_image_add_plane(image, heif_channel_interleaved, Int32(width), Int32(height), Int32(bitDepth)).code == heif_error_Ok)
        var stride: Int32 = 0
        let plane = heif_image_get_plane(image, heif_channel_interleaved, &stride)!
        let channels = hasAlpha ? 4 : 3
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<channels {
                    if bitDepth > 8 {
                        let target = UnsafeMutableRawPointer(plane + y * Int(stride)).assumingMemoryBound(to: UInt16.self)
                        target[x * channels + c] = samples16[(y * width + x) * 4 + c].littleEndian
                    } else {
                        plane[y * Int(stride) + x * channels + c] = samples[(y * width + x) * 4 + c]
                    }
                }
            }
        }
        if let nclx = options.nclx, let profile = heif_nclx_color_profile_alloc() {
            heif_nclx_color_profile_set_color_primaries(profile, nclx.primaries)
            heif_nclx_color_profile_set_transfer_characteristics(profile, nclx.transfer)
            heif_nclx_color_profile_set_matrix_coefficients(profile, options.matrix)
            profile.pointee.full_range_flag = options.fullRange ? 1 : 0
            heif_image_set_nclx_color_profile(image, profile)
            heif_nclx_color_profile_free(profile)
        }
        if let icc = options.iccProfile { heif_image_set_raw_color_profile(image, "prof", icc, icc.count) }

        let context = heif_context_alloc()
        defer { heif_context_free(context) }
        var encoder: OpaquePointer?
        precondition(heif_context_get_encoder_for_format(context, options.codec == .hevc ? heif_compression_HEVC : heif_compression_AV1, &encoder).code == heif_error_Ok)
        defer { heif_encoder_release(encoder) }
        heif_encoder_set_lossy_quality(encoder, Int32(options.quality))
        // Fast settings: fixtures are small and made on every test run.
        if options.codec == .hevc { heif_encoder_set_parameter_string(encoder, "preset", "ultrafast") } else { heif_encoder_set_parameter_integer(encoder, "speed", 9) }
        let encoding = heif_encoding_options_alloc()!
        defer { heif_encoding_options_free(encoding) }
        encoding.pointee.image_orientation = heif_orientation(rawValue: UInt32(options.orientation.rawValue))
        if options.clapForOddSizes { encoding.pointee.macOS_compatibility_workaround = 0 }
        // Without this libheif 1.15 leaves the nclx colour out of the file.
        if options.nclx != nil { encoding.pointee.macOS_compatibility_workaround_no_nclx_profile = 0 }
        let encoded = heif_context_encode_image(context, image, encoder, encoding, nil)
        precondition(encoded.code == heif_error_Ok, String(cString: encoded.message))
        var bytes = write(context)
        if options.orientation.swapsAxes { swapISPE(&bytes, rotated: (height, width)) }
        return bytes
    }

    /// libheif 1.15 writes the size after rotation into the primary image's `ispe`; the standard
    /// (and every phone) writes the coded size, which is what thumbgen reads. Every `ispe` of the
    /// `rotated` size gets its sides swapped; a grid's tile (an odd size is written as a one-tile
    /// grid) already has its coded size, padding included, and keeps it.
    static func swapISPE(_ bytes: inout [UInt8], rotated: (width: Int, height: Int)) {
        var index = 0
        while index + 20 <= bytes.count {
            if bytes[index..<index + 4].elementsEqual("ispe".utf8) {
                let width = Array(bytes[index + 8..<index + 12]), height = Array(bytes[index + 12..<index + 16])
                let size = (width.reduce(0) { $0 << 8 | Int($1) }, height.reduce(0) { $0 << 8 | Int($1) })
                if size == rotated { bytes.replaceSubrange(index + 8..<index + 16, with: height + width) }
                index += 16
            }
            index += 1
        }
    }

    /// Encodes an 8-bit image (`pixels` premultiplied when it has alpha, as thumbgen keeps them).
    public static func encode(_ pixels: PixelBuffer, options: Options = Options()) -> [UInt8] {
        encode(width: pixels.width, height: pixels.height, samples: pixels.unpremultiplied().pixels, hasAlpha: pixels.hasAlpha, options: options)
    }

    /// libheif's own decode with its transformations applied, as 8-bit premultiplied RGBA: the
    /// reference thumbgen's stored rows, turned upright, must match.
    public static func referenceDecode(_ bytes: [UInt8]) -> PixelBuffer {
        let context = heif_context_alloc()
        defer { heif_context_free(context) }
        precondition(bytes.withUnsafeBytes { heif_context_read_from_memory(context, $0.baseAddress, $0.count, nil) }.code == heif_error_Ok)
        var handle: OpaquePointer?
        precondition(heif_context_get_primary_image_handle(context, &handle).code == heif_error_Ok)
        defer { heif_image_handle_release(handle) }
        let alpha = heif_image_handle_has_alpha_channel(handle) != 0
        var image: OpaquePointer?
        let options = heif_decoding_options_alloc()!
        defer { heif_decoding_options_free(options) }
        options.pointee.convert_hdr_to_8bit = 1
        precondition(heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options).code == heif_error_Ok)
        defer { heif_image_release(image) }
        let width = Int(heif_image_get_width(image, heif_channel_interleaved)), height = Int(heif_image_get_height(image, heif_channel_interleaved))
        var stride: Int32 = 0
        let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride)!
        var result = PixelBuffer(width: width, height: height, hasAlpha: alpha)
        for y in 0..<height {
            for x in 0..<width * 4 { result.pixels[y * width * 4 + x] = plane[y * Int(stride) + x] }
        }
        if alpha { result.pixels.withUnsafeMutableBufferPointer { PixelBuffer.premultiply($0) } }
        return result
    }

    /// Whether this libheif can encode `codec`.
    public static func canEncode(_ codec: Codec) -> Bool {
        heif_have_encoder_for_format(codec == .hevc ? heif_compression_HEVC : heif_compression_AV1) != 0
    }

    private static func write(_ context: OpaquePointer?) -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("heif-\(UUID().uuidString).heic").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        precondition(heif_context_write_to_file(context, path).code == heif_error_Ok)
        return [UInt8](FileManager.default.contents(atPath: path)!)
    }
}
