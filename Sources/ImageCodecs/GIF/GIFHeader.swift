import Raster

/// Reads a GIF's screen size and counts its images, stopping at the second: more than one is an
/// animation. For the first image it notes what the decoder will meet: transparency (a graphic
/// control extension's transparent index, or an image that leaves part of the screen uncovered)
/// and interlacing (the decoder then holds the image's colour indexes whole, a byte a pixel).
/// A first image whose data the file cuts short has alpha too: what did not decode is left
/// transparent, as browsers leave it (`GIFDecoder`).
enum GIFHeader {
    static func read(_ file: FileBytes) throws(CodecError) -> ImageHeader {
        try scan(file).header
    }

    /// The header, and whether the file ends inside the first image's data.
    static func scan(_ file: FileBytes) throws(CodecError) -> (header: ImageHeader, firstImageCut: Bool) {
        var cursor = ByteCursor(file, at: 6)
        guard let width = cursor.uint16LE(), let height = cursor.uint16LE(), let flags = cursor.byte(),
              cursor.skip(2)
        else { throw CodecError.damaged("the GIF ends inside its header (truncated?)") }
        var header = ImageHeader(format: .gif, size: PixelSize(width: width, height: height))
        if flags & 0x80 != 0 { _ = cursor.skip(3 << (Int(flags & 7) + 1)) }
        var images = 0
        var transparent = false, cut = false
        loop: while let block = cursor.byte() {
            switch block {
            case 0x21:  // extension: label, then sub-blocks
                guard let label = cursor.byte() else { break loop }
                if label == 0xF9, images == 0 {
                    // Graphic control: a 4-byte block whose first byte's bit 0 flags a transparent index.
                    guard let size = cursor.byte(), size >= 1, let packed = cursor.byte(), cursor.skip(Int(size) - 1) else { break loop }
                    transparent = packed & 1 != 0
                }
                guard cursor.skipSubBlocks() else { break loop }
            case 0x2C:  // image descriptor
                images += 1
                if images > 1 { break loop }
                guard let left = cursor.uint16LE(), let top = cursor.uint16LE(), let frameWidth = cursor.uint16LE(),
                      let frameHeight = cursor.uint16LE(), let localFlags = cursor.byte()
                else { break loop }
                let covers = left == 0 && top == 0 && frameWidth >= width && frameHeight >= height
                header.hasAlpha = transparent || !covers
                if localFlags & 0x40 != 0 {
                    header.needsWholeImage = true
                    header.wholeImageBytes = frameWidth * frameHeight
                }
                if localFlags & 0x80 != 0 { _ = cursor.skip(3 << (Int(localFlags & 7) + 1)) }
                guard cursor.skip(1), cursor.skipSubBlocks() else {
                    cut = true
                    header.hasAlpha = true
                    break loop
                }
            default:  // 0x3B trailer, or garbage
                break loop
            }
        }
        header.isAnimated = images > 1
        return (header, cut)
    }
}

/// Sequential reads through a file in 64 KiB pieces.
struct ByteCursor {
    private let file: FileBytes
    private var buffer: [UInt8] = []
    private var bufferStart: Int
    private var position: Int

    init(_ file: FileBytes, at offset: Int) {
        self.file = file
        bufferStart = offset
        position = offset
    }

    mutating func byte() -> UInt8? {
        if position - bufferStart >= buffer.count {
            bufferStart = position
            buffer = file.read(at: position, length: 65_536)
            guard !buffer.isEmpty else { return nil }
        }
        defer { position += 1 }
        return buffer[position - bufferStart]
    }

    mutating func uint16LE() -> Int? {
        guard let low = byte(), let high = byte() else { return nil }
        return Int(low) | Int(high) << 8
    }

    /// Moves `count` bytes on; false when that passes the end of the file.
    mutating func skip(_ count: Int) -> Bool {
        position += count
        return position <= file.count
    }

    /// Skips GIF data sub-blocks up to and including the zero-length terminator.
    mutating func skipSubBlocks() -> Bool {
        while let length = byte() {
            if length == 0 { return true }
            guard skip(Int(length)) else { return false }
        }
        return false
    }
}
