import LibGIF
import Raster

extension GIFDecoder {
    /// giflib's handle on the file, reading through `input`.
    static func open(_ input: GIFInput) throws(CodecError) -> UnsafeMutablePointer<GifFileType> {
        var status: Int32 = 0
        guard let gif = DGifOpen(Unmanaged.passUnretained(input).toOpaque(), GIFInput.read, &status) else {
            if input.readError != 0 { throw failure(D_GIF_ERR_READ_FAILED, input) }
            // The screen descriptor or the global colour table is cut short (giflib 5.2 says
            // NO_SCRN_DSCR, or leaves the code at 0).
            throw status == 0 || status == D_GIF_ERR_NO_SCRN_DSCR ? CodecError.damaged("the GIF ends inside its header (truncated?)")
                : failure(status, input)
        }
        return gif
    }

    /// Reads the records up to the first image and its descriptor, and gives its transparent
    /// colour's index (-1: none). Of the extensions before it only the graphic control block matters.
    static func readToFirstImage(_ gif: UnsafeMutablePointer<GifFileType>, _ input: GIFInput) throws(CodecError) -> Int {
        var transparentIndex = -1
        var record = UNDEFINED_RECORD_TYPE
        repeat {
            guard DGifGetRecordType(gif, &record) == GIF_OK else { throw failure(gif.pointee.Error, input) }
            switch record {
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw failure(gif.pointee.Error, input) }
                if code == GRAPHICS_EXT_FUNC_CODE, let block {
                    var control = GraphicsControlBlock()
                    if DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK { transparentIndex = Int(control.TransparentColor) }
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw failure(gif.pointee.Error, input) }
                }
            case TERMINATE_RECORD_TYPE:
                throw CodecError.damaged("corrupt GIF: it holds no image")
            default:
                break
            }
        } while record != IMAGE_DESC_RECORD_TYPE
        guard DGifGetImageDesc(gif) == GIF_OK else { throw failure(gif.pointee.Error, input) }
        return transparentIndex
    }

    /// The screen's rows in strips, the image's lines painted in its colours where it lies and
    /// the rest transparent; the number of the image's lines that decoded. With `partly`, lines
    /// giflib could not decode (the file cut short) are left transparent once one line has.
    static func streamRows(_ gif: UnsafeMutablePointer<GifFileType>, _ input: GIFInput, screen: PixelSize,
                           frame: (x: Int, y: Int, width: Int, height: Int), palette: GIFPalette, partly: Bool,
                           into consumer: RowConsumer) throws(CodecError) -> Int {
        /// Whether a line that did not decode may be left transparent: not when a read failed
        /// (the machine, not the file) or when nothing decoded.
        func mayLeave(_ lines: GIFLines) -> Bool { partly && lines.count > 0 && input.readError == 0 }
        let lines = GIFLines(gif: gif, frame: frame, interlaced: gif.pointee.Image.Interlace)
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
                guard lines.read(line - frame.y, into: &indexes) else {
                    guard mayLeave(lines) else { throw failure(gif.pointee.Error, input) }
                    continue
                }
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
        guard lines.finish() || mayLeave(lines) else { throw failure(gif.pointee.Error, input) }
        return lines.failed ? lines.count : frame.height
    }
}
