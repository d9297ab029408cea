/// Reads a codec header bit by bit, most significant bit first; every read returns nil past the
/// end, so a truncated or hostile header can only fail to parse.
struct BitReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next `count` bits (at most 62) as an unsigned value.
    mutating func bits(_ count: Int) -> Int? {
        guard count >= 0, count <= 62, position + count <= bytes.count * 8 else { return nil }
        var value = 0
        for _ in 0..<count {
            value = value << 1 | Int(bytes[position >> 3] >> (7 - UInt8(position & 7)) & 1)
            position += 1
        }
        return value
    }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, position + count <= bytes.count * 8 else { return false }
        position += count
        return true
    }

    /// H.265's ue(v): an exponential-Golomb code; nil past 31 leading zeros (no legal value has more).
    mutating func exponentialGolomb() -> Int? {
        guard let zeros = leadingZeros(), zeros <= 31, let rest = bits(zeros) else { return nil }
        return (1 << zeros) - 1 + rest
    }

    /// AV1's uvlc(): 32 or more leading zeros mean 2^32 − 1.
    mutating func uvlc() -> Int? {
        guard let zeros = leadingZeros() else { return nil }
        guard zeros < 32 else { return (1 << 32) - 1 }
        guard let rest = bits(zeros) else { return nil }
        return (1 << zeros) - 1 + rest
    }

    /// Zero bits up to and including the next one bit (nil when the bytes end first).
    private mutating func leadingZeros() -> Int? {
        var zeros = 0
        while true {
            guard let bit = bits(1) else { return nil }
            if bit == 1 { return zeros }
            zeros += 1
        }
    }
}
