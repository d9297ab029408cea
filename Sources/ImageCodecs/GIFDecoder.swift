import LibGIF
import Raster

/// Decodes the first image of a GIF with giflib, at full resolution, onto its logical screen:
/// the part of the screen the image leaves uncovered, and its transparent colour, come out
/// transparent (as browsers show a still GIF). Rows are streamed; only an interlaced image, whose
/// four passes land in rows all over the screen, has its colour indexes held whole (a byte a
/// pixel) before the rows go out.
public enum GIFDecoder {
    /// Rows handed to the consumer at once.
    static let stripRows = 16

    /// Decodes the GIF at `path` into `consumer`. `pixelLimit`: most pixels (width × height) the
    /// screen, or the image on it, may have. `memoryLimit`: most bytes an interlaced image may
    /// take while its indexes are held whole.
    @discardableResult
    public static func decode(path: String, pixelLimit: Int, memoryLimit: Int, into consumer: RowConsumer) throws(CodecError) -> SourceInfo {
        var status: Int32 = 0
        guard let gif = DGifOpenFileName(path, &status) else {
            if status == D_GIF_ERR_OPEN_FAILED { throw CodecError.io(CodecError.systemReason("cannot open the file")) }
            // giflib 5.2 leaves the code at 0 when the screen descriptor is cut short.
            throw status == 0 ? CodecError.damaged("the GIF ends inside its header (truncated?)") : damaged(status)
        }
        defer { DGifCloseFile(gif, &status) }

        let screen = PixelSize(width: Int(gif.pointee.SWidth), height: Int(gif.pointee.SHeight))
        guard screen.width > 0, screen.height > 0 else {
            throw CodecError.damaged("corrupt GIF: its screen is \(screen)")
        }
        try checkPixels(screen, "the GIF's screen", limit: pixelLimit)

        // Extensions up to the first image: only the graphic control block matters (transparency).
        var transparentIndex = -1
        var record = UNDEFINED_RECORD_TYPE
        repeat {
            guard DGifGetRecordType(gif, &record) == GIF_OK else { throw damaged(gif.pointee.Error) }
            switch record {
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw damaged(gif.pointee.Error) }
                if code == GRAPHICS_EXT_FUNC_CODE, let block {
                    var control = GraphicsControlBlock()
                    if DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK { transparentIndex = Int(control.TransparentColor) }
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw damaged(gif.pointee.Error) }
                }
            case TERMINATE_RECORD_TYPE:
                throw CodecError.damaged("corrupt GIF: it holds no image")
            default:
                break
            }
        } while record != IMAGE_DESC_RECORD_TYPE
        guard DGifGetImageDesc(gif) == GIF_OK else { throw damaged(gif.pointee.Error) }

        let image = gif.pointee.Image
        let frame = (x: Int(image.Left), y: Int(image.Top), width: Int(image.Width), height: Int(image.Height))
        guard frame.width > 0, frame.height > 0 else { throw CodecError.damaged("corrupt GIF: its image is \(frame.width)x\(frame.height)") }
        try checkPixels(PixelSize(width: frame.width, height: frame.height), "the GIF's image", limit: pixelLimit)
        guard let colours = image.ColorMap ?? gif.pointee.SColorMap else {
            throw CodecError.damaged("corrupt GIF: no colour table for its image")
        }
        let palette = GIFPalette(colours.pointee, transparentIndex: transparentIndex)
        let covers = frame.x == 0 && frame.y == 0 && frame.width >= screen.width && frame.height >= screen.height

        var source = SourceInfo(fullSize: screen, decodedSize: screen)
        source.hasAlpha = palette.hasTransparency || !covers
        if image.Interlace, frame.width * frame.height > memoryLimit {
            throw CodecError.overLimit("this interlaced GIF must be held whole to decode, \(CodecError.mebibytes(frame.width * frame.height)) MiB, over the limit of \(memoryLimit >> 20) MiB (limits.memory_mb)")
        }
        try consumer.begin(source)

        let lines = GIFLines(gif: gif, frame: frame, interlaced: image.Interlace)
        var indexes = [UInt8](repeating: 0, count: frame.width)
        var strip = [UInt8](repeating: 0, count: screen.width * 4 * stripRows)
        // The screen's columns the image covers: none when it lies wholly to the right of it.
        let firstColumn = max(0, frame.x)
        let columns = firstColumn..<max(firstColumn, min(screen.width, frame.x + frame.width))
        var row = 0
        while row < screen.height {
            let count = min(stripRows, screen.height - row)
            strip.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) }
            for line in row..<row + count where line >= frame.y && line - frame.y < frame.height {
                guard lines.read(line - frame.y, into: &indexes) else { throw damaged(gif.pointee.Error) }
                strip.withUnsafeMutableBytes { bytes in
                    let target = bytes.baseAddress!.advanced(by: (line - row) * screen.width * 4).assumingMemoryBound(to: UInt32.self)
                    for x in columns {
                        target[x] = palette.colours[Int(indexes[x - frame.x])]
                    }
                }
            }
            strip.withUnsafeBytes { consumer.consume(rows: $0.baseAddress!, first: row, count: count) }
            row += count
        }
        // Lines below the screen are never shown, but an image cut short must not pass as whole.
        guard lines.finish() else { throw damaged(gif.pointee.Error) }
        return source
    }

    /// Decodes the whole screen into memory: for tests and tools.
    public static func decode(path: String, pixelLimit: Int, memoryLimit: Int) throws(CodecError) -> DecodedImage {
        let collector = PixelCollector()
        try decode(path: path, pixelLimit: pixelLimit, memoryLimit: memoryLimit, into: collector)
        return collector.image!
    }

    static func damaged(_ code: Int32) -> CodecError {
        let reason = GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
        return CodecError.damaged("corrupt or truncated GIF data (\(reason))")
    }

    private static func checkPixels(_ size: PixelSize, _ what: String, limit: Int) throws(CodecError) {
        guard size.area > limit else { return }
        throw CodecError.overLimit("\(what) is \(size), \(size.area) pixels, over the limit of \(limit) (limits.pixels)")
    }
}

/// A colour table as premultiplied RGBA words, 256 of them so that any index byte is safe: an
/// index past the table is opaque black, the transparent index is all zeros.
private struct GIFPalette {
    var colours = [UInt32](repeating: 0xFF00_0000, count: 256)
    var hasTransparency = false

    init(_ table: ColorMapObject, transparentIndex: Int) {
        for index in 0..<min(256, max(0, Int(table.ColorCount))) {
            let colour = table.Colors[index]
            colours[index] = UInt32(colour.Red) | UInt32(colour.Green) << 8 | UInt32(colour.Blue) << 16 | 0xFF00_0000
        }
        if (0..<256).contains(transparentIndex) {
            colours[transparentIndex] = 0
            hasTransparency = true
        }
    }
}

/// The image's lines in top-to-bottom order. Interlaced images come in four passes (every 8th
/// line from 0, every 8th from 4, every 4th from 2, every 2nd from 1), so they are read whole first.
private final class GIFLines {
    let gif: UnsafeMutablePointer<GifFileType>
    let frame: (x: Int, y: Int, width: Int, height: Int)
    private var whole: [UInt8]?
    private var next = 0
    private var failed = false

    init(gif: UnsafeMutablePointer<GifFileType>, frame: (x: Int, y: Int, width: Int, height: Int), interlaced: Bool) {
        self.gif = gif
        self.frame = frame
        if interlaced {
            var indexes = [UInt8](repeating: 0, count: frame.width * frame.height)
            passes: for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
                for line in stride(from: start, to: frame.height, by: step) {
                    let ok = indexes.withUnsafeMutableBufferPointer {
                        DGifGetLine(gif, $0.baseAddress! + line * frame.width, Int32(frame.width)) == GIF_OK
                    }
                    if !ok { failed = true; break passes }
                }
            }
            whole = indexes
            next = frame.height
        }
    }

    /// Line `line` of the image (called in increasing order); false when giflib failed.
    func read(_ line: Int, into indexes: inout [UInt8]) -> Bool {
        if let whole {
            guard !failed else { return false }
            indexes.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: whole.withUnsafeBufferPointer { $0.baseAddress! + line * frame.width }, count: frame.width) }
            return true
        }
        while next <= line {
            guard indexes.withUnsafeMutableBufferPointer({ DGifGetLine(gif, $0.baseAddress, Int32(frame.width)) }) == GIF_OK else { return false }
            next += 1
        }
        return true
    }

    /// Reads the lines past the screen's bottom edge; false when the data ends early.
    func finish() -> Bool {
        guard whole == nil else { return !failed }
        var indexes = [UInt8](repeating: 0, count: frame.width)
        return next >= frame.height || read(frame.height - 1, into: &indexes)
    }
}
