import CJPEG
import Raster

/// Decodes a JPEG straight to the smallest DCT scale (n/8) that still leaves `minimumScale` of
/// the original's resolution, reading rows in strips into the scaled image.
public enum JPEGDecoder {
    /// The DCT scale numerator (over 8) for a wanted fraction of the full resolution.
    public static func scaleNumerator(for minimumScale: Double) -> Int {
        (1...8).first { Double($0) / 8 >= minimumScale } ?? 8
    }

    /// `memoryLimit` (bytes) bounds what the decoder may hold; a progressive JPEG keeps every DCT
    /// coefficient of the full image, whatever the scale.
    public static func decode(path: String, minimumScale: Double, memoryLimit: Int) throws(CodecError) -> DecodedImage {
        guard let decoder = tg_jpeg_decoder_create() else { throw CodecError.unreadable("out of memory") }
        defer { tg_jpeg_decoder_destroy(decoder) }
        func failure(_ context: String) -> CodecError {
            let message = String(cString: tg_jpeg_decoder_message(decoder))
            return CodecError.unreadable(context.isEmpty ? message : "\(context): \(message)")
        }

        var info = tg_jpeg_info()
        guard tg_jpeg_decoder_open(decoder, path, memoryLimit, &info) == 0 else { throw failure("") }
        let fullSize = PixelSize(width: Int(info.width), height: Int(info.height))
        if info.progressive != 0 {
            let needed = coefficientBytes(info)
            if needed > memoryLimit {
                throw CodecError.unreadable("this progressive JPEG needs \(needed >> 20) MiB to decode, over the limit of \(memoryLimit >> 20) MiB (limits.memory_mb)")
            }
        }
        var iccData: UnsafeMutablePointer<UInt8>?
        var iccLength: UInt32 = 0
        guard tg_jpeg_decoder_icc(decoder, &iccData, &iccLength) == 0 else { throw failure("") }
        let icc = iccData.map { Array(UnsafeBufferPointer(start: $0, count: Int(iccLength))) }
        tg_jpeg_free(iccData)

        guard tg_jpeg_decoder_start(decoder, Int32(scaleNumerator(for: minimumScale)), 0, &info) == 0 else { throw failure("") }
        var buffer = PixelBuffer(width: Int(info.output_width), height: Int(info.output_height), hasAlpha: false)
        let rowBytes = buffer.rowBytes
        var status: Int32 = 0
        var rowsRead: Int32 = 0
        buffer.pixels.withUnsafeMutableBufferPointer { pixels in
            status = tg_jpeg_decoder_read(decoder, pixels.baseAddress, rowBytes, Int32(buffer.height), &rowsRead)
        }
        guard status == 0 else { throw failure("") }
        guard Int(rowsRead) == buffer.height else {
            throw CodecError.unreadable("the JPEG ended after \(rowsRead) of \(buffer.height) rows (truncated?)")
        }
        guard tg_jpeg_decoder_finish(decoder) == 0 else { throw failure("") }

        if info.output_is_cmyk != 0 {
            CMYKConversion.convertToRGB(&buffer.pixels, inverted: info.adobe_transform >= 0)
        }
        var image = DecodedImage(pixels: buffer, fullSize: fullSize)
        image.isGrey = info.color_space == Int32(TG_JPEG_GRAY)
        image.iccProfile = info.output_is_cmyk != 0 ? nil : icc
        image.isChroma444 = isChroma444(info)
        return image
    }

    /// What a JPEG file holds, read from its header: for tests and diagnostics.
    public struct FileInfo: Equatable, Sendable {
        public var size: PixelSize
        public var components: Int
        public var progressive: Bool
        /// Every component at full resolution.
        public var chroma444: Bool
        public var iccProfile: [UInt8]?
    }

    public static func inspect(path: String) throws(CodecError) -> FileInfo {
        guard let decoder = tg_jpeg_decoder_create() else { throw CodecError.unreadable("out of memory") }
        defer { tg_jpeg_decoder_destroy(decoder) }
        var info = tg_jpeg_info()
        var iccData: UnsafeMutablePointer<UInt8>?
        var iccLength: UInt32 = 0
        guard tg_jpeg_decoder_open(decoder, path, 0, &info) == 0, tg_jpeg_decoder_icc(decoder, &iccData, &iccLength) == 0 else {
            throw CodecError.unreadable(String(cString: tg_jpeg_decoder_message(decoder)))
        }
        defer { tg_jpeg_free(iccData) }
        return FileInfo(size: PixelSize(width: Int(info.width), height: Int(info.height)), components: Int(info.components),
                        progressive: info.progressive != 0, chroma444: isChroma444(info),
                        iccProfile: iccData.map { Array(UnsafeBufferPointer(start: $0, count: Int(iccLength))) })
    }

    /// Bytes of the whole-image coefficient buffer a progressive decode allocates.
    static func coefficientBytes(_ info: tg_jpeg_info) -> Int {
        let h = info.h_samp, v = info.v_samp
        let hs = [Int(h.0), Int(h.1), Int(h.2), Int(h.3)], vs = [Int(v.0), Int(v.1), Int(v.2), Int(v.3)]
        let components = min(Int(info.components), 4)
        guard components > 0 else { return 0 }
        let maxH = max(1, hs[..<components].max() ?? 1), maxV = max(1, vs[..<components].max() ?? 1)
        let mcuColumns = (Int(info.width) + 8 * maxH - 1) / (8 * maxH)
        let mcuRows = (Int(info.height) + 8 * maxV - 1) / (8 * maxV)
        var total = 0
        for c in 0..<components {
            total += mcuColumns * max(1, hs[c]) * mcuRows * max(1, vs[c]) * 64 * 2
        }
        return total
    }

    private static func isChroma444(_ info: tg_jpeg_info) -> Bool {
        let h = info.h_samp, v = info.v_samp
        let components = Int(info.components)
        guard components >= 3 else { return false }
        return h.0 == h.1 && h.1 == h.2 && v.0 == v.1 && v.1 == v.2
    }
}

/// CMYK (or YCCK, which libjpeg hands over as CMYK) to RGB, without a colour profile.
enum CMYKConversion {
    /// `inverted`: Adobe applications store CMYK inverted (255 means no ink); a file with an
    /// Adobe marker is taken to be one of theirs.
    static func convertToRGB(_ pixels: inout [UInt8], inverted: Bool) {
        pixels.withUnsafeMutableBufferPointer { bytes in
            var offset = 0
            while offset < bytes.count {
                var c = UInt32(bytes[offset]), m = UInt32(bytes[offset + 1])
                var y = UInt32(bytes[offset + 2]), k = UInt32(bytes[offset + 3])
                if !inverted {
                    c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k
                }
                bytes[offset] = UInt8((c * k + 127) / 255)
                bytes[offset + 1] = UInt8((m * k + 127) / 255)
                bytes[offset + 2] = UInt8((y * k + 127) / 255)
                bytes[offset + 3] = 255
                offset += 4
            }
        }
    }
}
