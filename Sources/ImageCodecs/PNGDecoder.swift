import CPNG
import Raster

/// Decodes a PNG once, streaming its rows through a whole-factor box shrink down to about the
/// resolution the largest rendition needs, premultiplying alpha as rows arrive. Memory is a few
/// rows of the original plus the shrunk image; only Adam7-interlaced files, whose passes all
/// land in the same rows, are held whole while they decode.
public enum PNGDecoder {
    /// Resolution the box-shrunk image keeps over the largest rendition, per axis, for the
    /// Lanczos pass after it. Below the JPEG decoder's 2 because this intermediate is held
    /// whole at 4 bytes a pixel: an 8000×6000 PNG for a 1170-pixel box shrinks by 4 (12 MB)
    /// instead of 3 (21 MB), which keeps the whole build under 48 MB, and its 1170×878
    /// rendition scores 51.7 dB against a Lanczos resize of the full image (51.0 dB by 3).
    public static let headroom = 1.7

    /// BoxReducer sums a block in 32 bits: 4096 × 4096 pixels of 255 still fit.
    public static let maxShrinkFactor = 4096

    /// The whole box-shrink factor that keeps at least `minimumScale` of an axis `length`
    /// pixels long (1: keep every pixel).
    public static func shrinkFactor(for minimumScale: Double, length: Int) -> Int {
        guard minimumScale > 0, minimumScale < 1 else { return 1 }
        // The epsilon keeps 1/(1/3) from flooring to 2.
        let factor = (1 / minimumScale + 1e-9).rounded(.down)
        return max(1, min(length, maxShrinkFactor, factor >= Double(Int.max) ? Int.max : Int(factor)))
    }

    /// Decodes the PNG at `path` to at least `minimumScale` of its stored resolution per axis.
    /// `pixelLimit`: most pixels (width × height) the original may have. `memoryLimit`: most
    /// bytes an interlaced original may take while held whole.
    public static func decode(path: String, minimumScale: Double, pixelLimit: Int, memoryLimit: Int) throws(CodecError) -> DecodedImage {
        guard let decoder = tg_png_decoder_create() else { throw CodecError.unreadable("out of memory") }
        defer { tg_png_decoder_destroy(decoder) }
        func failure() -> CodecError { CodecError.unreadable(String(cString: tg_png_decoder_message(decoder))) }

        var info = tg_png_info()
        guard tg_png_decoder_open(decoder, path, &info) == 0 else { throw failure() }
        let size = PixelSize(width: Int(info.width), height: Int(info.height))
        guard size.area <= pixelLimit else {
            throw CodecError.unreadable("\(size) is \(size.area) pixels, over the limit of \(pixelLimit) (limits.pixels)")
        }
        let interlaced = info.interlaced != 0
        let wholeBytes = size.area * PixelBuffer.channels
        if interlaced, wholeBytes > memoryLimit {
            throw CodecError.unreadable("this interlaced PNG must be held whole to decode, \((wholeBytes + (1 << 20) - 1) >> 20) MiB, over the limit of \(memoryLimit >> 20) MiB (limits.memory_mb)")
        }
        var icc: [UInt8]?
        if info.icc_length > 0 {
            var profile = [UInt8](repeating: 0, count: info.icc_length)
            guard profile.withUnsafeMutableBufferPointer({ tg_png_decoder_copy_icc(decoder, $0.baseAddress) }) == 0 else { throw failure() }
            icc = profile
        }

        // 16-bit sources with alpha keep 16 bits until premultiplied; see PremultipliedRGBA16.
        let keep16 = info.bit_depth == 16 && info.has_alpha != 0 && !interlaced
        guard tg_png_decoder_start(decoder, keep16 ? 1 : 0, &info) == 0 else { throw failure() }
        let rows = PNGRowSource(decoder: decoder, size: size, hasAlpha: info.has_alpha != 0,
                                bytesPerPixel: Int(info.output_bytes_per_pixel))
        let factorX = shrinkFactor(for: minimumScale, length: size.width)
        let factorY = shrinkFactor(for: minimumScale, length: size.height)
        let pixels = interlaced ? rows.readWhole(factorX: factorX, factorY: factorY)
                                : rows.readStreamed(factorX: factorX, factorY: factorY)
        guard let pixels else { throw failure() }
        guard tg_png_decoder_finish(decoder) == 0 else { throw failure() }

        var image = DecodedImage(pixels: pixels, fullSize: size)
        image.iccProfile = icc
        image.isGrey = info.color_type & 2 == 0  // PNG_COLOR_MASK_COLOR
        let chunks = PNGColorChunks(
            srgbIntent: info.srgb_intent >= 0 ? Int(info.srgb_intent) : nil,
            gamma: info.gamma > 0 ? Int(info.gamma) : nil,
            chromaticities: info.has_chromaticities != 0 ? withUnsafeBytes(of: info.chromaticities) { Array($0.bindMemory(to: Int32.self)).map(Int.init) } : nil)
        image.colorChunks = chunks.isEmpty ? nil : chunks
        return image
    }
}

/// The rows of a started decode, turned into premultiplied 8-bit RGBA.
private struct PNGRowSource {
    let decoder: OpaquePointer
    let size: PixelSize
    let hasAlpha: Bool
    /// 4, or 8 for 16-bit rows.
    let bytesPerPixel: Int

    /// Reads row by row into the box reducer (or straight into the image at factor 1).
    /// Nil when libpng failed; its message says why.
    func readStreamed(factorX: Int, factorY: Int) -> PixelBuffer? {
        let width = size.width
        if factorX == 1, factorY == 1, bytesPerPixel == 4 {
            var image = PixelBuffer(width: width, height: size.height, hasAlpha: hasAlpha)
            let rowBytes = image.rowBytes
            let ok = image.pixels.withUnsafeMutableBufferPointer { pixels in
                for y in 0..<size.height {
                    let row = UnsafeMutableBufferPointer(rebasing: pixels[y * rowBytes..<(y + 1) * rowBytes])
                    guard tg_png_decoder_read_rows(decoder, row.baseAddress, rowBytes, 1) == 0 else { return false }
                    if hasAlpha { PixelBuffer.premultiply(row) }
                }
                return true
            }
            return ok ? image : nil
        }

        var reducer = BoxReducer(sourceWidth: width, sourceHeight: size.height, factorX: factorX, factorY: factorY, hasAlpha: hasAlpha)
        var raw = [UInt8](repeating: 0, count: width * bytesPerPixel)
        var converted = [UInt8](repeating: 0, count: bytesPerPixel == 8 ? width * 4 : 0)
        for _ in 0..<size.height {
            let ok = raw.withUnsafeMutableBufferPointer { raw in
                guard tg_png_decoder_read_rows(decoder, raw.baseAddress, raw.count, 1) == 0 else { return false }
                if bytesPerPixel == 8 {
                    converted.withUnsafeMutableBufferPointer { target in
                        raw.withMemoryRebound(to: UInt16.self) { PremultipliedRGBA16.convert(UnsafeBufferPointer($0), into: target) }
                        reducer.add(row: UnsafeBufferPointer(target))
                    }
                } else {
                    if hasAlpha { PixelBuffer.premultiply(raw) }
                    reducer.add(row: UnsafeBufferPointer(raw))
                }
                return true
            }
            guard ok else { return nil }
        }
        return reducer.finish()
    }

    /// Interlaced files: every pass into one whole image, then premultiplied and shrunk.
    func readWhole(factorX: Int, factorY: Int) -> PixelBuffer? {
        var image = PixelBuffer(width: size.width, height: size.height, hasAlpha: hasAlpha)
        let rowBytes = image.rowBytes
        let ok = image.pixels.withUnsafeMutableBufferPointer { pixels in
            guard tg_png_decoder_read_image(decoder, pixels.baseAddress, rowBytes) == 0 else { return false }
            if hasAlpha {
                for y in 0..<size.height {
                    PixelBuffer.premultiply(UnsafeMutableBufferPointer(rebasing: pixels[y * rowBytes..<(y + 1) * rowBytes]))
                }
            }
            return true
        }
        guard ok else { return nil }
        return image.boxShrunk(x: factorX, y: factorY)
    }
}
