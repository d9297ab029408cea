/// 16-bit straight-alpha RGBA rows to 8-bit premultiplied RGBA.
///
/// Premultiplying before rounding to 8 bits rounds once instead of three times (colour, alpha,
/// product), so a faint edge of a 16-bit source keeps up to one more level of precision. Only
/// sources with alpha take this path; opaque 16-bit rows are rounded to 8 bits by libpng.
enum PremultipliedRGBA16 {
    /// `source` holds 4 values a pixel, in host byte order; `target` 4 bytes a pixel.
    static func convert(_ source: UnsafeBufferPointer<UInt16>, into target: UnsafeMutableBufferPointer<UInt8>) {
        precondition(target.count >= source.count)
        var offset = 0
        while offset + 3 < source.count {
            let alpha = UInt32(source[offset + 3])
            for channel in 0..<3 {
                // At most 65535², which fits in 32 bits.
                let premultiplied = (UInt32(source[offset + channel]) * alpha + 32767) / 65535
                target[offset + channel] = to8Bits(premultiplied)
            }
            target[offset + 3] = to8Bits(alpha)
            offset += 4
        }
    }

    /// A 16-bit value rounded to the nearest 8-bit one (v / 257).
    @inline(__always)
    static func to8Bits(_ value: UInt32) -> UInt8 {
        UInt8((value * 255 + 32895) >> 16)
    }
}
