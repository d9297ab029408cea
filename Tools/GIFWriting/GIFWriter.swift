/// GIF files written byte by byte, for the example site's animated badge and for the tests'
/// fixtures (global or local colour tables, a transparent index, interlacing, an image smaller
/// than the screen, several frames, a loop). Every pixel is a literal LZW code, with a clear code
/// often enough that codes stay 8 bits wide: the files are not small, but they are valid and
/// simple. thumbgen itself writes no GIF.
public enum GIFWriter {
    /// One image of a GIF: colour indexes (`width`×`height`, each below the table's 128 colours).
    public struct Frame {
        public var x = 0, y = 0, width: Int, height: Int
        public var indexes: [UInt8]
        /// Written as a local colour table when set; else the image uses the global one.
        public var localPalette: [SIMD3<UInt8>]?
        public var transparentIndex: Int?
        public var interlaced = false
        /// Hundredths of a second the frame is shown.
        public var delay = 10

        public init(width: Int, height: Int, indexes: [UInt8]) {
            self.width = width
            self.height = height
            self.indexes = indexes
        }
    }

    /// A GIF89a of `frames` on a `width`×`height` screen, with `palette` as its global table
    /// (none when nil); `loops`: a NETSCAPE2.0 extension that repeats the frames forever.
    public static func gif(width: Int, height: Int, palette: [SIMD3<UInt8>]?, frames: [Frame], loops: Bool = false) -> [UInt8] {
        var out = Array("GIF89a".utf8) + le16(width) + le16(height)
        out += palette == nil ? [0, 0, 0] : [0xF6, 0, 0]
        if let palette { out += table(palette) }
        if loops { out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0] }
        for frame in frames {
            let transparent = frame.transparentIndex.map { UInt8($0) }
            out += [0x21, 0xF9, 4, transparent == nil ? 0x04 : 0x05] + le16(frame.delay) + [transparent ?? 0, 0]
            var flags: UInt8 = frame.interlaced ? 0x40 : 0
            if frame.localPalette != nil { flags |= 0x86 }
            out += [0x2C] + le16(frame.x) + le16(frame.y) + le16(frame.width) + le16(frame.height) + [flags]
            if let local = frame.localPalette { out += table(local) }
            out += [7] + subBlocks(lzw(frame.interlaced ? interlace(frame) : frame.indexes))
        }
        return out + [0x3B]
    }

    /// The rows in the order an interlaced GIF stores them: every 8th from 0, every 8th from 4,
    /// every 4th from 2, every 2nd from 1.
    static func interlace(_ frame: Frame) -> [UInt8] {
        var rows: [UInt8] = []
        for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
            for row in stride(from: start, to: frame.height, by: step) {
                rows += frame.indexes[row * frame.width..<(row + 1) * frame.width]
            }
        }
        return rows
    }

    /// A 128-colour table (padded with black).
    static func table(_ palette: [SIMD3<UInt8>]) -> [UInt8] {
        precondition(palette.count <= 128)
        return (0..<128).flatMap { index -> [UInt8] in
            let colour = index < palette.count ? palette[index] : .zero
            return [colour.x, colour.y, colour.z]
        }
    }

    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 255), UInt8(value >> 8)] }

    /// Literal codes of 8 bits with minimum code size 7: clear = 128, end = 129, a clear every
    /// 100 codes so the code width never grows.
    static func lzw(_ indexes: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        for (offset, index) in indexes.enumerated() {
            if offset % 100 == 0 { bytes.append(128) }
            bytes.append(index)
        }
        return bytes + [129]
    }

    static func subBlocks(_ data: [UInt8]) -> [UInt8] {
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
