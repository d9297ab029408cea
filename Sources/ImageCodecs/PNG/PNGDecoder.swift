import CPNG
import Raster

/// Decodes a PNG once, handing its rows on as they are read, with alpha premultiplied: memory is
/// a strip of rows. Only Adam7-interlaced files, whose passes all land in the same rows, are held
/// whole while they decode, and only within the memory limit.
public enum PNGDecoder {
    /// Rows read per call into libpng.
    static let stripRows = 16
    /// Decodes the PNG at `path` into `consumer`, opened here: for tests and tools.
    @discardableResult
    public static func decode(path: String, pixelLimit: Int, memoryLimit: Int, into consumer: RowConsumer) throws(CodecError) -> SourceInfo {
        try decode(file: FileBytes(path: path), pixelLimit: pixelLimit, memoryLimit: memoryLimit, into: consumer)
    }

    /// Decodes the PNG open as `file` into `consumer`, at full resolution. `pixelLimit`: most
    /// pixels (width × height) the original may have. `memoryLimit`: most bytes an interlaced
    /// original may take while held whole.
    @discardableResult
    public static func decode(file: FileBytes, pixelLimit: Int, memoryLimit: Int, into consumer: RowConsumer) throws(CodecError) -> SourceInfo {
        guard let decoder = tg_png_decoder_create() else { throw CodecError.outOfMemory(bytes: 1 << 20) }
        defer { tg_png_decoder_destroy(decoder) }
        var neededBytes = 1 << 20
        func failure() -> CodecError {
            tg_png_decoder_out_of_memory(decoder) != 0
                ? .outOfMemory(bytes: neededBytes) : .damaged(String(cString: tg_png_decoder_message(decoder)))
        }

        var info = tg_png_info()
        let opened = tg_png_decoder_open(decoder, try file.streamDescriptor(), &info)
        guard opened == 0 else { throw opened == -2 ? .io(String(cString: tg_png_decoder_message(decoder))) : failure() }
        let size = PixelSize(width: Int(info.width), height: Int(info.height))
        guard size.area <= pixelLimit else {
            throw CodecError.overLimit("\(size) is \(size.area) pixels, over the limit of \(pixelLimit) (limits.pixels)")
        }
        let interlaced = info.interlaced != 0
        let wholeBytes = HeapBytes.product(size.width, size.height, PixelBuffer.channels)
        if interlaced, wholeBytes > memoryLimit {
            throw CodecError.overLimit("this interlaced PNG must be held whole to decode, \(CodecError.mebibytes(wholeBytes)) MiB, over the limit of \(memoryLimit >> 20) MiB (limits.memory_mb)")
        }
        var source = SourceInfo(fullSize: size, decodedSize: size)
        var profile: [UInt8]?
        if info.icc_length > 0 {
            var bytes = [UInt8](repeating: 0, count: info.icc_length)
            guard bytes.withUnsafeMutableBufferPointer({ tg_png_decoder_copy_icc(decoder, $0.baseAddress) }) == 0 else { throw failure() }
            profile = bytes
        }

        // 16-bit sources with alpha keep 16 bits until premultiplied; see PremultipliedRGBA16.
        let keep16 = info.bit_depth == 16 && info.has_alpha != 0 && !interlaced
        // Every buffer that grows with the image is had before libpng allocates its rows, so
        // that a failure names what this decode needs.
        let rows = try PNGRowSource(decoder: decoder, size: size, bytesPerPixel: keep16 ? 8 : 4, whole: interlaced)
        neededBytes = rows.bytes + HeapBytes.product(size.width, 8, 2)  // and libpng's two rows
        guard tg_png_decoder_start(decoder, keep16 ? 1 : 0, &info) == 0 else { throw failure() }
        source.hasAlpha = info.has_alpha != 0
        source.isGrey = info.color_type & 2 == 0  // PNG_COLOR_MASK_COLOR
        source.embed(profile)
        source.take(PNGColorChunks(
            srgbIntent: info.srgb_intent >= 0 ? Int(info.srgb_intent) : nil,
            gamma: info.gamma > 0 ? Int(info.gamma) : nil,
            chromaticities: info.has_chromaticities != 0 ? withUnsafeBytes(of: info.chromaticities) { Array($0.bindMemory(to: Int32.self)).map(Int.init) } : nil))
        try consumer.begin(source)

        guard rows.read(into: consumer, hasAlpha: source.hasAlpha) else { throw failure() }
        guard tg_png_decoder_finish(decoder) == 0 else { throw failure() }
        if tg_png_decoder_extra_data(decoder) != 0 { source.warnings.append(extraDataWarning) }
        return source
    }

    /// Said of a file whose image data goes on past the end of its zlib stream: every row
    /// decoded and checked, the rest ignored (as libpng's default handling, Pillow and browsers do).
    static let extraDataWarning = "the PNG's image data goes on after its end (extra compressed data, ignored)"


    /// Decodes the whole image into memory, box-shrunk by whole factors to no less than
    /// `minimumScale` of its resolution: for tests and tools.
    public static func decode(path: String, minimumScale: Double, pixelLimit: Int, memoryLimit: Int) throws(CodecError) -> DecodedImage {
        let collector = ShrinkingCollector(minimumScale: minimumScale)
        let source = try decode(path: path, pixelLimit: pixelLimit, memoryLimit: memoryLimit, into: collector)
        var image = collector.finish()
        image.info.warnings = source.warnings  // known only once the decode is done
        return image
    }
}

/// The rows of a started decode, turned into premultiplied 8-bit RGBA and handed on: a strip at
/// a time, or, for interlaced files, every pass into the whole image first.
private struct PNGRowSource {
    let decoder: OpaquePointer
    let size: PixelSize
    /// 4, or 8 for 16-bit rows.
    let bytesPerPixel: Int
    /// Adam7: every pass lands in the same rows, so the whole image is held.
    let whole: Bool
    /// The rows as libpng writes them: a strip, or the whole image.
    let raw: HeapBytes
    /// 16-bit strips turned into 8-bit premultiplied rows.
    let converted: HeapBytes?

    init(decoder: OpaquePointer, size: PixelSize, bytesPerPixel: Int, whole: Bool) throws(CodecError) {
        self.decoder = decoder
        self.size = size
        self.bytesPerPixel = bytesPerPixel
        self.whole = whole
        raw = try HeapBytes(count: HeapBytes.product(size.width * bytesPerPixel, whole ? size.height : PNGDecoder.stripRows))
        converted = bytesPerPixel == 8 ? try HeapBytes(count: HeapBytes.product(size.width * 4, PNGDecoder.stripRows)) : nil
    }

    /// Bytes held.
    var bytes: Int { raw.count + (converted?.count ?? 0) }

    /// False when libpng failed; its message says why.
    func read(into consumer: RowConsumer, hasAlpha: Bool) -> Bool {
        whole ? readWhole(into: consumer, hasAlpha: hasAlpha) : readStrips(into: consumer, hasAlpha: hasAlpha)
    }

    private func readStrips(into consumer: RowConsumer, hasAlpha: Bool) -> Bool {
        let width = size.width, rawRowBytes = width * bytesPerPixel
        var row = 0
        while row < size.height {
            let count = min(PNGDecoder.stripRows, size.height - row)
            guard tg_png_decoder_read_rows(decoder, raw.pointer, rawRowBytes, UInt32(count)) == 0 else { return false }
            if let converted {
                for line in 0..<count {
                    let source = UnsafeMutableBufferPointer(rebasing: raw.bytes[line * rawRowBytes..<(line + 1) * rawRowBytes])
                    source.withMemoryRebound(to: UInt16.self) {
                        PremultipliedRGBA16.convert(UnsafeBufferPointer($0),
                                                    into: UnsafeMutableBufferPointer(rebasing: converted.bytes[line * width * 4..<(line + 1) * width * 4]))
                    }
                }
                consumer.consume(rows: UnsafeRawPointer(converted.pointer), first: row, count: count)
            } else {
                if hasAlpha { PixelBuffer.premultiply(UnsafeMutableBufferPointer(rebasing: raw.bytes[..<(count * rawRowBytes)])) }
                consumer.consume(rows: UnsafeRawPointer(raw.pointer), first: row, count: count)
            }
            row += count
        }
        return true
    }

    private func readWhole(into consumer: RowConsumer, hasAlpha: Bool) -> Bool {
        guard tg_png_decoder_read_image(decoder, raw.pointer, size.width * 4) == 0 else { return false }
        if hasAlpha { PixelBuffer.premultiply(raw.bytes) }
        consumer.consume(rows: UnsafeRawPointer(raw.pointer), first: 0, count: size.height)
        return true
    }
}

/// Collects streamed rows, box-shrunk by the whole factors that keep `minimumScale`.
private final class ShrinkingCollector: RowConsumer {
    let minimumScale: Double
    private var info: SourceInfo?
    private var image = PixelBuffer(width: 0, height: 0, hasAlpha: false)
    private var reducer: BoxReducer?

    init(minimumScale: Double) { self.minimumScale = minimumScale }

    func begin(_ info: SourceInfo) throws(CodecError) {
        let kx = BoxShrink.factor(keeping: minimumScale, length: info.decodedSize.width)
        let ky = BoxShrink.factor(keeping: minimumScale, length: info.decodedSize.height)
        let reducer = BoxReducer(sourceWidth: info.decodedSize.width, sourceHeight: info.decodedSize.height,
                                 factorX: kx, factorY: ky) { [unowned self] index, row in
            let rowBytes = image.rowBytes
            image.pixels.withUnsafeMutableBytes { $0.baseAddress!.advanced(by: index * rowBytes).copyMemory(from: row, byteCount: rowBytes) }
        }
        image = try PixelBuffer.allocating(width: reducer.size.width, height: reducer.size.height, hasAlpha: info.hasAlpha)
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
