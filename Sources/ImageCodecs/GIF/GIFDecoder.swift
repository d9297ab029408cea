import Glibc
import LibGIF
import Raster

/// Decodes the first image of a GIF with giflib, at full resolution, onto its logical screen:
/// the part of the screen the image leaves uncovered, and its transparent colour, come out
/// transparent (as browsers show a still GIF). Rows are streamed; only an interlaced image, whose
/// four passes land in rows all over the screen, has its colour indexes held whole (a byte a
/// pixel) before the rows go out.
///
/// An image giflib reads only in part (the file cut short inside it) is shown as browsers show
/// it: the lines that decoded, the rest transparent, with a warning. Only when the rows carry
/// alpha anyway (a file cut inside its first image always has, see `GIFHeader`), so that the
/// rest cannot pass for pixels, and only when a line decoded at all.
public enum GIFDecoder {
    /// Rows handed to the consumer at once.
    static let stripRows = 16

    /// Decodes the GIF open as `file` into `consumer`. `pixelLimit`: most pixels (width × height) the
    /// screen, or the image on it, may have. `memoryLimit`: most bytes an interlaced image may
    /// take while its indexes are held whole.
    @discardableResult
    public static func decode(file: FileBytes, pixelLimit: Int, memoryLimit: Int, into consumer: RowConsumer) throws(CodecError) -> SourceInfo {
        let input = GIFInput(file: file)
        defer { withExtendedLifetime(input) {} }
        let gif = try open(input)
        defer {
            var status: Int32 = 0
            DGifCloseFile(gif, &status)
        }

        let screen = PixelSize(width: Int(gif.pointee.SWidth), height: Int(gif.pointee.SHeight))
        guard screen.width > 0, screen.height > 0 else {
            throw CodecError.damaged("corrupt GIF: its screen is \(screen)")
        }
        try checkPixels(screen, "the GIF's screen", limit: pixelLimit)
        let transparentIndex = try readToFirstImage(gif, input)

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
        let cut = (try? GIFHeader.scan(file))?.firstImageCut ?? false
        source.hasAlpha = palette.hasTransparency || !covers || cut
        if image.Interlace, frame.width * frame.height > memoryLimit {
            throw CodecError.overLimit("this interlaced GIF must be held whole to decode, \(CodecError.mebibytes(frame.width * frame.height)) MiB, over the limit of \(memoryLimit >> 20) MiB (limits.memory_mb)")
        }
        try consumer.begin(source)
        let decoded = try streamRows(gif, input, screen: screen, frame: frame, palette: palette, partly: source.hasAlpha, into: consumer)
        if decoded < frame.height {
            let reason = GifErrorString(gif.pointee.Error).map { String(cString: $0) } ?? "error \(gif.pointee.Error)"
            source.warnings.append("the GIF's image is cut short (\(reason)): \(decoded) of its \(frame.height) lines decoded, the rest is left transparent (truncated?)")
        }
        return source
    }

    /// Decodes the whole screen into memory: for tests and tools.
    public static func decode(path: String, pixelLimit: Int, memoryLimit: Int) throws(CodecError) -> DecodedImage {
        let collector = PixelCollector()
        let source = try decode(file: FileBytes(path: path), pixelLimit: pixelLimit, memoryLimit: memoryLimit, into: collector)
        var image = collector.image!
        image.info.warnings = source.warnings  // known only once the decode is done
        return image
    }

    /// giflib's error as a codec error, by its code: a read that failed (`readError`, an errno)
    /// or memory giflib could not get is the machine, not the file; a read that found the end of
    /// the file (giflib says READ_FAILED for both) is a truncated GIF.
    static func failure(_ code: Int32, readError: Int32) -> CodecError {
        switch code {
        case D_GIF_ERR_NOT_ENOUGH_MEM: return .outOfMemory(bytes: 1 << 20)
        case D_GIF_ERR_READ_FAILED where readError != 0, D_GIF_ERR_OPEN_FAILED, D_GIF_ERR_NOT_READABLE:
            return .io("cannot read the file: \(String(cString: strerror(readError == 0 ? EIO : readError)))")
        default:
            let reason = GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
            return .damaged("corrupt or truncated GIF data (\(reason))")
        }
    }

    static func failure(_ code: Int32, _ input: GIFInput) -> CodecError {
        failure(code, readError: input.readError)
    }

    static func checkPixels(_ size: PixelSize, _ what: String, limit: Int) throws(CodecError) {
        guard size.area > limit else { return }
        throw CodecError.overLimit("\(what) is \(size), \(size.area) pixels, over the limit of \(limit) (limits.pixels)")
    }
}

/// A colour table as premultiplied RGBA words, 256 of them so that any index byte is safe: an
/// index past the table is opaque black, the transparent index is all zeros.
struct GIFPalette {
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
final class GIFLines {
    let gif: UnsafeMutablePointer<GifFileType>
    let frame: (x: Int, y: Int, width: Int, height: Int)
    private var whole: [UInt8]?
    /// Interlaced: the lines that decoded before giflib failed (all when it did not).
    private var decoded: [Bool] = []
    private var next = 0
    /// giflib failed: no line decodes from there on.
    private(set) var failed = false
    /// Lines that decoded.
    private(set) var count = 0

    init(gif: UnsafeMutablePointer<GifFileType>, frame: (x: Int, y: Int, width: Int, height: Int), interlaced: Bool) {
        self.gif = gif
        self.frame = frame
        if interlaced {
            var indexes = [UInt8](repeating: 0, count: frame.width * frame.height)
            decoded = [Bool](repeating: false, count: frame.height)
            passes: for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
                for line in stride(from: start, to: frame.height, by: step) {
                    let ok = indexes.withUnsafeMutableBufferPointer {
                        DGifGetLine(gif, $0.baseAddress! + line * frame.width, Int32(frame.width)) == GIF_OK
                    }
                    if !ok { failed = true; break passes }
                    (decoded[line], count) = (true, count + 1)
                }
            }
            whole = indexes
            next = frame.height
        }
    }

    /// Line `line` of the image (called in increasing order); false when it did not decode.
    func read(_ line: Int, into indexes: inout [UInt8]) -> Bool {
        if let whole {
            guard decoded[line] else { return false }
            indexes.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: whole.withUnsafeBufferPointer { $0.baseAddress! + line * frame.width }, count: frame.width) }
            return true
        }
        while next <= line {
            guard !failed, indexes.withUnsafeMutableBufferPointer({ DGifGetLine(gif, $0.baseAddress, Int32(frame.width)) }) == GIF_OK else {
                failed = true
                return false
            }
            (next, count) = (next + 1, count + 1)
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

/// giflib's input, read by thumbgen, buffered: giflib reports the end of the file and a read
/// that failed alike (READ_FAILED), and only one of them is the file's fault.
final class GIFInput {
    private let file: FileBytes
    /// Where the next read starts: reads go by offset, so the file's shared position is untouched.
    private var offset = 0
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0, end = 0
    /// The errno of a read that failed, else 0.
    private(set) var readError: Int32 = 0

    init(file: FileBytes) {
        self.file = file
    }

    /// giflib's `InputFunc`: up to `length` bytes into `target`; fewer at the end or on failure.
    static let read: InputFunc = { gif, target, length in
        guard let gif, let target, let user = gif.pointee.UserData, length > 0 else { return 0 }
        return Int32(Unmanaged<GIFInput>.fromOpaque(user).takeUnretainedValue().read(into: target, length: Int(length)))
    }

    private func read(into target: UnsafeMutablePointer<UInt8>, length: Int) -> Int {
        var done = 0
        while done < length {
            if start == end {
                guard readError == 0 else { break }
                let got = buffer.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress, $0.count, off_t(offset)) }
                if got < 0, errno == EINTR { continue }
                if got < 0 { readError = errno }
                guard got > 0 else { break }
                (start, end, offset) = (0, got, offset + got)
            }
            let count = min(length - done, end - start)
            buffer.withUnsafeBytes { (target + done).update(from: $0.baseAddress!.assumingMemoryBound(to: UInt8.self) + start, count: count) }
            (start, done) = (start + count, done + count)
        }
        return done
    }
}
