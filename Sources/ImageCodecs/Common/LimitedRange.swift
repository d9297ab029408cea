/// Limited ("video") range samples to full range, as ITU-T H.273 defines luma's: black at
/// 16 × 2^(bits − 8), white at 235 × 2^(bits − 8), rounded, clamped (libavif's own RGB
/// conversion does the same for luma and alpha).
enum LimitedRange {
    /// Each coded value of a `bits`-bit sample (8 to 16), expanded.
    static func table(bits: Int) -> [UInt16] {
        let scale = 1 << (bits - 8), black = 16 * scale, span = 219 * scale, maximum = (1 << bits) - 1
        return (0...maximum).map { value in
            let above = value - black
            return UInt16(above <= 0 ? 0 : min(maximum, (above * maximum + span / 2) / span))
        }
    }

    static let table8: [UInt8] = table(bits: 8).map { UInt8($0) }
}
