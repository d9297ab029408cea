import CPNG
import Raster

/// Decodes a PNG once, handing its rows on as they are read, with alpha premultiplied: memory is
/// a strip of rows. Only Adam7-interlaced files, whose passes all land in the same rows, are held
/// whole while they decode, and only within the memory limit.
public enum PNGDecoder {
    /// Rows read per call into libpng.
    static let stripRows = 16
    /// Decodes the PNG at `path` into `consumer`, at full resolution. `pixelLimit`: most pixels
    /// (width × height) the original may have. `memoryLimit`: most bytes an interlaced original
    /// may take while held whole.
    @discardableResult
    public static func decode(path: String, pixelLimit: Int, memoryLimit: Int, into consumer: RowConsumer) throws(CodecError) -> SourceInfo {
        guard let decoder = tg_png_decoder_create() else { throw CodecError.outOfMemory(bytes: 1 << 20) }
        defer { tg_png_decoder_destroy(decoder) }
        func failure() -> CodecError { CodecError.damaged(String(cString: tg_png_decoder_message(decoder))) }

        var info = tg_png_info()
        let opened = tg_png_decoder_open(decoder, path, &info)
        guard opened == 0 else { throw opened == -2 ? .io(String(cString: tg_png_decoder_message(decoder))) : failure() }
        let size = PixelSize(width: Int(info.width), height: Int(info.height))
        guard size.area <= pixelLimit else {
            throw CodecError.overLimit("\(size) is \(size.area) pixels, over the limit of \(pixelLimit) (limits.pixels)")
        }
        let interlaced = info.interlaced != 0
        let wholeBytes = size.area * PixelBuffer.channels
        if interlaced, wholeBytes > memoryLimit {
            throw CodecError.overLimit("this interlaced PNG must be held whole to decode, \((wholeBytes + (1 << 20) - 1) >> 20) MiB, over the limit of \(memoryLimit >> 20) MiB (limits.memory_mb)")
        }
        var source = SourceInfo(fullSize: size, decodedSize: size)
        if info.icc_length > 0 {
            var profile = [UInt8](repeating: 0, count: info.icc_length)
            guard profile.withUnsafeMutableBufferPointer({ tg_png_decoder_copy_icc(decoder, $0.baseAddress) }) == 0 else { throw failure() }
            source.iccProfile = profile
        }

        // 16-bit sources with alpha keep 16 bits until premultiplied; see PremultipliedRGBA16.
        let keep16 = info.bit_depth == 16 && info.has_alpha != 0 && !interlaced
        guard tg_png_decoder_start(decoder, keep16 ? 1 : 0, &info) == 0 else { throw failure() }
        source.hasAlpha = info.has_alpha != 0
        source.isGrey = info.color_type & 2 == 0  // PNG_COLOR_MASK_COLOR
        let chunks = PNGColorChunks(
            srgbIntent: info.srgb_intent >= 0 ? Int(info.srgb_intent) : nil,
            gamma: info.gamma > 0 ? Int(info.gamma) : nil,
            chromaticities: info.has_chromaticities != 0 ? withUnsafeBytes(of: info.chromaticities) { Array($0.bindMemory(to: Int32.self)).map(Int.init) } : nil)
        source.colorChunks = chunks.isEmpty ? nil : chunks
        consumer.begin(source)

        let rows = PNGRowSource(decoder: decoder, size: size, hasAlpha: source.hasAlpha, bytesPerPixel: Int(info.output_bytes_per_pixel))
        guard interlaced ? rows.streamWhole(into: consumer) : rows.stream(into: consumer) else { throw failure() }
        guard tg_png_decoder_finish(decoder) == 0 else { throw failure() }
        return source
    }

    /// Decodes the whole image into memory, box-shrunk by whole factors to no less than
    /// `minimumScale` of its resolution: for tests and tools.
    public static func decode(path: String, minimumScale: Double, pixelLimit: Int, memoryLimit: Int) throws(CodecError) -> DecodedImage {
        let collector = ShrinkingCollector(minimumScale: minimumScale)
        try decode(path: path, pixelLimit: pixelLimit, memoryLimit: memoryLimit, into: collector)
        return collector.finish()
    }
}

/// The rows of a started decode, turned into premultiplied 8-bit RGBA and handed on.
private struct PNGRowSource {
    let decoder: OpaquePointer
    let size: PixelSize
    let hasAlpha: Bool
    /// 4, or 8 for 16-bit rows.
    let bytesPerPixel: Int

    /// Reads strip by strip. False when libpng failed; its message says why.
    func stream(into consumer: RowConsumer) -> Bool {
        let width = size.width
        var raw = [UInt8](repeating: 0, count: width * bytesPerPixel * PNGDecoder.stripRows)
        var converted = [UInt8](repeating: 0, count: bytesPerPixel == 8 ? width * 4 * PNGDecoder.stripRows : 0)
        var row = 0
        while row < size.height {
            let count = min(PNGDecoder.stripRows, size.height - row)
            let ok = raw.withUnsafeMutableBufferPointer { raw in
                let rawRowBytes = width * bytesPerPixel
                guard tg_png_decoder_read_rows(decoder, raw.baseAddress, rawRowBytes, UInt32(count)) == 0 else { return false }
                if bytesPerPixel == 8 {
                    converted.withUnsafeMutableBufferPointer { target in
                        for line in 0..<count {
                            let source = UnsafeMutableBufferPointer(rebasing: raw[line * rawRowBytes..<(line + 1) * rawRowBytes])
                            source.withMemoryRebound(to: UInt16.self) {
                                PremultipliedRGBA16.convert(UnsafeBufferPointer($0),
                                                            into: UnsafeMutableBufferPointer(rebasing: target[line * width * 4..<(line + 1) * width * 4]))
                            }
                        }
                        consumer.consume(rows: UnsafeRawPointer(target.baseAddress!), first: row, count: count)
                    }
                } else {
                    if hasAlpha { PixelBuffer.premultiply(UnsafeMutableBufferPointer(rebasing: raw[..<(count * rawRowBytes)])) }
                    consumer.consume(rows: UnsafeRawPointer(raw.baseAddress!), first: row, count: count)
                }
                return true
            }
            guard ok else { return false }
            row += count
        }
        return true
    }

    /// Interlaced files: every pass into one whole image, premultiplied, then handed on.
    func streamWhole(into consumer: RowConsumer) -> Bool {
        var image = PixelBuffer(width: size.width, height: size.height, hasAlpha: hasAlpha)
        let rowBytes = image.rowBytes
        return image.pixels.withUnsafeMutableBufferPointer { pixels in
            guard tg_png_decoder_read_image(decoder, pixels.baseAddress, rowBytes) == 0 else { return false }
            if hasAlpha { PixelBuffer.premultiply(pixels) }
            consumer.consume(rows: UnsafeRawPointer(pixels.baseAddress!), first: 0, count: size.height)
            return true
        }
    }
}

/// Collects streamed rows, box-shrunk by the whole factors that keep `minimumScale`.
private final class ShrinkingCollector: RowConsumer {
    let minimumScale: Double
    private var info: SourceInfo?
    private var image = PixelBuffer(width: 0, height: 0, hasAlpha: false)
    private var reducer: BoxReducer?

    init(minimumScale: Double) { self.minimumScale = minimumScale }

    func begin(_ info: SourceInfo) {
        let kx = BoxShrink.factor(keeping: minimumScale, length: info.decodedSize.width)
        let ky = BoxShrink.factor(keeping: minimumScale, length: info.decodedSize.height)
        let reducer = BoxReducer(sourceWidth: info.decodedSize.width, sourceHeight: info.decodedSize.height,
                                 factorX: kx, factorY: ky) { [unowned self] index, row in
            let rowBytes = image.rowBytes
            image.pixels.withUnsafeMutableBytes { $0.baseAddress!.advanced(by: index * rowBytes).copyMemory(from: row, byteCount: rowBytes) }
        }
        image = PixelBuffer(width: reducer.size.width, height: reducer.size.height, hasAlpha: info.hasAlpha)
        var shrunk = info
        shrunk.decodedSize = reducer.size
        self.info = shrunk
        self.reducer = reducer
    }

    func consume(rows: UnsafeRawPointer, first: Int, count: Int) {
        let rowBytes = (reducer?.sourceWidth ?? 0) * 4
        for offset in 0..<count { reducer?.add(row: rows + offset * rowBytes) }
    }

    func finish() -> DecodedImage {
        var decoded = DecodedImage(pixels: image, fullSize: info!.fullSize)
        decoded.info = info!
        return decoded
    }
}
