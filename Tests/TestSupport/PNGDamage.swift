/// Ways to break a valid PNG at a known place, for tests of broken files.
public enum PNGDamage {
    /// Each chunk's type and the offset of its length field.
    public static func chunks(_ png: [UInt8]) -> [(type: String, offset: Int, length: Int)] {
        var result: [(String, Int, Int)] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            result.append((String(decoding: png[offset + 4..<offset + 8], as: UTF8.self), offset, length))
            offset += 12 + length
        }
        return result
    }

    /// The first chunk of `type`.
    static func find(_ type: String, in png: [UInt8]) -> (offset: Int, length: Int) {
        let chunk = chunks(png).first { $0.type == type }!
        return (chunk.offset, chunk.length)
    }

    /// The CRC of the first `type` chunk no longer matches its data.
    public static func badCRC(_ png: [UInt8], in type: String) -> [UInt8] {
        let chunk = find(type, in: png)
        var damaged = png
        damaged[chunk.offset + 8 + chunk.length] ^= 0xFF
        return damaged
    }

    /// The zlib stream's Adler-32 (the last 4 bytes of the last IDAT) is wrong; every CRC still matches.
    public static func badAdler(_ png: [UInt8]) -> [UInt8] {
        let chunk = chunks(png).last { $0.type == "IDAT" }!
        var data = Array(png[chunk.offset + 8..<chunk.offset + 8 + chunk.length])
        data[data.count - 1] ^= 0x5A
        return Array(png[..<chunk.offset]) + PNGFixture.chunk("IDAT", data) + Array(png[(chunk.offset + 12 + chunk.length)...])
    }

    /// The first `type` chunk's length field says `delta` bytes more than it holds.
    public static func badLength(_ png: [UInt8], in type: String, delta: Int = 7) -> [UInt8] {
        let chunk = find(type, in: png)
        var damaged = png
        damaged.replaceSubrange(chunk.offset..<chunk.offset + 4, with: UInt32(chunk.length + delta).bigEndian4)
        return damaged
    }

    /// `png` with `chunk` (a whole chunk's bytes) inserted before the first `type` chunk.
    public static func inserting(_ chunk: [UInt8], before type: String, in png: [UInt8]) -> [UInt8] {
        let offset = find(type, in: png).offset
        return Array(png[..<offset]) + chunk + Array(png[offset...])
    }
}
