/// A minimal animated GIF89a writer for flat-coloured frames: one global palette, every pixel a
/// literal LZW code (with a clear code often enough that codes stay 8 bits wide). Files are not
/// small, but they are valid and simple.
enum GIFWriter {
    /// `frames` hold palette indexes (< 128), `width`×`height` each; `delay` in hundredths of a second.
    static func animated(width: Int, height: Int, palette: [SIMD3<UInt8>], frames: [[UInt8]], delay: Int) -> [UInt8] {
        precondition(palette.count <= 128)
        var out = Array("GIF89a".utf8)
        out += le16(width) + le16(height) + [0xF6, 0, 0]  // global table of 128 colours
        for index in 0..<128 {
            let colour = index < palette.count ? palette[index] : .zero
            out += [colour.x, colour.y, colour.z]
        }
        out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]  // loop forever
        for frame in frames {
            out += [0x21, 0xF9, 4, 0x04] + le16(delay) + [0, 0]
            out += [0x2C] + le16(0) + le16(0) + le16(width) + le16(height) + [0]
            out += [7] + subBlocks(lzw(frame))
        }
        return out + [0x3B]
    }

    private static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 255), UInt8(value >> 8)] }

    /// Literal codes of 8 bits with minimum code size 7: clear = 128, end = 129.
    private static func lzw(_ indexes: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        var accumulator = 0, bits = 0
        func emit(_ code: Int) {
            accumulator |= code << bits
            bits += 8
            while bits >= 8 {
                bytes.append(UInt8(accumulator & 255))
                accumulator >>= 8
                bits -= 8
            }
        }
        for (offset, index) in indexes.enumerated() {
            if offset % 100 == 0 { emit(128) }
            emit(Int(index))
        }
        emit(129)
        return bytes
    }

    private static func subBlocks(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var offset = 0
        while offset < data.count {
            let count = min(255, data.count - offset)
            out.append(UInt8(count))
            out += data[offset..<offset + count]
            offset += count
        }
        return out + [0]
    }
}
