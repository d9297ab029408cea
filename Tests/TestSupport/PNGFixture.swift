/// A PNG written sample by sample, for tests: any colour type, bit depth, palette, tRNS,
/// interlace and extra chunks. The image data is filtered with None and stored in zlib
/// without compression, so the file's layout is plain and damage can be placed exactly.
public struct PNGFixture {
    public var width: Int
    public var height: Int
    /// 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA.
    public var colorType: UInt8
    /// 1, 2, 4, 8 or 16, as the colour type allows.
    public var bitDepth: Int
    public var interlaced = false
    /// RGB entries of a PLTE chunk.
    public var palette: [[UInt8]] = []
    /// A tRNS chunk's payload.
    public var transparency: [UInt8]?
    /// Chunks written after IHDR (and before PLTE and IDAT), in order.
    public var chunks: [(type: String, data: [UInt8])] = []
    /// The samples of pixel (x, y): one per channel (a palette index for type 3).
    public var sample: (Int, Int) -> [Int]

    public init(width: Int, height: Int, colorType: UInt8, bitDepth: Int, sample: @escaping (Int, Int) -> [Int]) {
        self.width = width
        self.height = height
        self.colorType = colorType
        self.bitDepth = bitDepth
        self.sample = sample
    }

    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Channels a pixel has in the file.
    public var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)]! }

    /// The PNG file.
    public var bytes: [UInt8] {
        headerBytes + Self.chunk("IDAT", ZlibStored.stream(scanlines)) + Self.chunk("IEND", [])
    }

    /// The signature and every chunk before the image data: no pixel is packed.
    public var headerBytes: [UInt8] {
        var file = Self.signature
        let header = UInt32(width).bigEndian4 + UInt32(height).bigEndian4
            + [UInt8(bitDepth), colorType, 0, 0, interlaced ? 1 : 0]
        file += Self.chunk("IHDR", header)
        for chunk in chunks { file += Self.chunk(chunk.type, chunk.data) }
        if !palette.isEmpty { file += Self.chunk("PLTE", palette.flatMap { $0 }) }
        if let transparency { file += Self.chunk("tRNS", transparency) }
        return file
    }

    /// The filtered (filter None) rows of every pass, as IDAT's zlib stream holds them.
    public var scanlines: [UInt8] {
        let passes = interlaced ? Self.adam7 : [(0, 0, 1, 1)]
        var data: [UInt8] = []
        for (x0, y0, dx, dy) in passes {
            let xs = Array(stride(from: x0, to: width, by: dx)), ys = Array(stride(from: y0, to: height, by: dy))
            guard !xs.isEmpty else { continue }
            for y in ys {
                data.append(0)
                data += pack(xs.flatMap { sample($0, y) })
            }
        }
        return data
    }

    /// Adam7's passes: first column, first row, column step, row step.
    static let adam7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

    /// Samples packed at the bit depth, most significant bits first, the last byte padded.
    func pack(_ samples: [Int]) -> [UInt8] {
        switch bitDepth {
        case 16: return samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case 8: return samples.map { UInt8($0) }
        default:
            var bytes: [UInt8] = []
            var bits = 0, current = 0
            for value in samples {
                current = current << bitDepth | value
                bits += bitDepth
                if bits == 8 { bytes.append(UInt8(current)); bits = 0; current = 0 }
            }
            if bits > 0 { bytes.append(UInt8(current << (8 - bits))) }
            return bytes
        }
    }

    /// One chunk: length, type, data, CRC-32.
    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return UInt32(data.count).bigEndian4 + body + CRC32.of(body).bigEndian4
    }

    /// An `eXIf` payload (big-endian TIFF) holding only an orientation (1...8).
    public static func exif(orientation: Int) -> [UInt8] {
        Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 1]
            + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0] + [0, 0, 0, 0]
    }
}

extension UInt32 {
    /// Most significant byte first.
    public var bigEndian4: [UInt8] { [UInt8(self >> 24), UInt8(self >> 16 & 0xFF), UInt8(self >> 8 & 0xFF), UInt8(self & 0xFF)] }
}
