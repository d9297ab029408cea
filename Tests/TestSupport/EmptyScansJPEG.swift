/// A grey progressive JPEG written byte by byte, every coefficient zero, with as many scans as
/// asked: a few hundred KB that make libjpeg visit every block of a huge image once per scan
/// (the work bomb of issue 29: 16383×16383, 500 scans, 23.5 s of CPU). Each scan is legal, in a
/// progression libjpeg accepts: the DC scan, then for coefficient 1, 2, … a first scan at
/// successive approximation bit 13 and refinements down to bit 0.
public enum EmptyScansJPEG {
    public static func jpeg(width: Int, height: Int, scans: Int) -> [UInt8] {
        precondition(scans >= 1 && scans <= 1 + 63 * 14)
        var bytes: [UInt8] = [0xFF, 0xD8]
        func segment(_ marker: UInt8, _ payload: [UInt8]) {
            bytes += [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        }
        segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        segment(0xC2, [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0])
        // DC: one code, "0", for a difference of category 0. AC: "0" for EOB14 (a run of
        // 2^14 + 14 bits of blocks), "10" for EOB7.
        segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0])
        segment(0xC4, [0x10, 1, 1] + [UInt8](repeating: 0, count: 14) + [0xE0, 0x70])
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)

        var dc = BitWriter()
        for _ in 0..<blocks { dc.write(0, bits: 1) }
        segment(0xDA, [1, 1, 0x00, 0, 0, 0x00])
        bytes += dc.finished()

        // Every AC scan is the same: end-of-band runs over all the blocks.
        // EOB14 ends runs of 16384 to 32767 blocks, EOB7 runs of 128 to 255; the last runs are
        // chosen so that none is left shorter than 128.
        precondition(blocks >= 128)
        var ac = BitWriter(), left = blocks
        while left > 0 {
            if left >= 16384 + 128 || (16384...32767).contains(left) {
                let run = (16384...32767).contains(left) ? left : min(32767, left - 128)
                ac.write(0, bits: 1)
                ac.write(run - 16384, bits: 14)
                left -= run
            } else {
                let run = left <= 255 ? left : min(255, left - 128)
                ac.write(0b10, bits: 2)
                ac.write(run - 128, bits: 7)
                left -= run
            }
        }
        let acData = ac.finished()
        for scan in 1..<scans {
            let coefficient = UInt8(1 + (scan - 1) / 14), step = (scan - 1) % 14
            let high = step == 0 ? 0 : 14 - step, low = 13 - step
            segment(0xDA, [1, 1, 0x00, coefficient, coefficient, UInt8(high << 4 | low)])
            bytes += acData
        }
        return bytes + [0xFF, 0xD9]
    }
}

/// Bits into bytes, most significant first, with a zero stuffed after every 0xFF.
private struct BitWriter {
    private var bytes: [UInt8] = []
    private var current = 0, filled = 0

    mutating func write(_ value: Int, bits: Int) {
        for shift in stride(from: bits - 1, through: 0, by: -1) {
            current = current << 1 | (value >> shift & 1)
            filled += 1
            if filled == 8 { flush() }
        }
    }

    private mutating func flush() {
        bytes.append(UInt8(current))
        if current == 0xFF { bytes.append(0) }
        current = 0
        filled = 0
    }

    /// The bytes, the last one padded with ones.
    mutating func finished() -> [UInt8] {
        if filled > 0 { write((1 << (8 - filled)) - 1, bits: 8 - filled) }
        return bytes
    }
}
