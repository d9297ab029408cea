import ImageCodecs

/// Greyscale PNGs of zeros: a few hundred kilobytes of file that decode to width × height
/// pixels. Interlaced, they must be held whole: 16000 × 16000 needs 977 MiB (the bomb of
/// issue 13: two of them aborted a build under a 1.6 GB address-space limit).
public enum ZeroPNG {
    /// A PNG whose every pixel is 0, 8-bit grey, Adam7-interlaced when `interlaced`.
    public static func make(width: Int, height: Int, interlaced: Bool) throws -> [UInt8] {
        var header = PNGFixture(width: width, height: height, colorType: 0, bitDepth: 8) { _, _ in [0] }
        header.interlaced = interlaced
        // Every row is a filter byte and its pixels, all zero: only the byte count matters.
        let passes = interlaced ? PNGFixture.adam7 : [(0, 0, 1, 1)]
        let bytes = passes.reduce(0) { total, pass in
            let columns = (width - pass.0 + pass.2 - 1) / pass.2, rows = (height - pass.1 + pass.3 - 1) / pass.3
            return columns > 0 && rows > 0 ? total + rows * (1 + columns) : total
        }
        let data = try Deflate.zlib([UInt8](repeating: 0, count: bytes), level: 12)
        return header.headerBytes + PNGFixture.chunk("IDAT", data) + PNGFixture.chunk("IEND", [])
    }
}
