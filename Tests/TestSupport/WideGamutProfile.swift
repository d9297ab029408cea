/// A wide-gamut RGB display profile made in code: an ICC v2.1 matrix/TRC profile with the
/// Display P3 primaries (Bradford-adapted to D50, the values Apple's Display P3 profile carries)
/// and a 2.2 gamma curve for the three channels. Valid for colour management engines; its bytes
/// are what tests check survive an encoder.
public enum WideGamutProfile {
    public static let description = "thumbgen test P3 (gamma 2.2)"

    public static func bytes() -> [UInt8] {
        // Tag data, each padded to four bytes; the three TRC tags share one curve.
        let xyz: (Double, Double, Double) -> [UInt8] = { x, y, z in
            Array("XYZ ".utf8) + [0, 0, 0, 0] + s15Fixed16(x) + s15Fixed16(y) + s15Fixed16(z)
        }
        let blocks: [(signatures: [String], data: [UInt8])] = [
            (["desc"], textDescription(description)),
            (["cprt"], padded(Array("text".utf8) + [0, 0, 0, 0] + Array("No copyright, test data".utf8) + [0])),
            (["wtpt"], xyz(0.9642, 1.0, 0.8249)),
            (["rXYZ"], xyz(0.515121, 0.241196, -0.001053)),
            (["gXYZ"], xyz(0.291977, 0.692245, 0.041885)),
            (["bXYZ"], xyz(0.157104, 0.066574, 0.784073)),
            (["rTRC", "gTRC", "bTRC"], Array("curv".utf8) + [0, 0, 0, 0] + UInt32(1).bigEndian4 + [0x02, 0x33, 0, 0]),
        ]
        let tagCount = blocks.reduce(0) { $0 + $1.signatures.count }
        var table = UInt32(tagCount).bigEndian4, data: [UInt8] = []
        let dataStart = 128 + 4 + 12 * tagCount
        for block in blocks {
            for signature in block.signatures {
                table += Array(signature.utf8) + UInt32(dataStart + data.count).bigEndian4 + UInt32(block.data.count).bigEndian4
            }
            data += padded(block.data)
        }
        var header = [UInt8](repeating: 0, count: 128)
        func put(_ bytes: [UInt8], at offset: Int) { header.replaceSubrange(offset..<offset + bytes.count, with: bytes) }
        put(UInt32(128 + table.count + data.count).bigEndian4, at: 0)
        put([2, 0x10, 0, 0], at: 8)                       // version 2.1
        put(Array("mntr".utf8), at: 12)                   // display device
        put(Array("RGB ".utf8), at: 16)
        put(Array("XYZ ".utf8), at: 20)                   // profile connection space
        put(Array("acsp".utf8), at: 36)
        put(s15Fixed16(0.9642) + s15Fixed16(1.0) + s15Fixed16(0.8249), at: 68)  // D50
        return header + table + data
    }

    /// `textDescriptionType`: ASCII, then empty Unicode and ScriptCode descriptions.
    static func textDescription(_ text: String) -> [UInt8] {
        let ascii = Array(text.utf8) + [0]
        return Array("desc".utf8) + [0, 0, 0, 0] + UInt32(ascii.count).bigEndian4 + ascii
            + [0, 0, 0, 0] + [0, 0, 0, 0]                 // Unicode language code and count
            + [0, 0] + [0] + [UInt8](repeating: 0, count: 67)  // ScriptCode code, count, data
    }

    static func s15Fixed16(_ value: Double) -> [UInt8] {
        UInt32(bitPattern: Int32((value * 65536).rounded())).bigEndian4
    }

    static func padded(_ bytes: [UInt8]) -> [UInt8] {
        bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
    }
}
