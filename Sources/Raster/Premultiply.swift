extension PixelBuffer {
    /// Multiplies colour by alpha in place, for rows of straight-alpha RGBA.
    public static func premultiply(_ row: UnsafeMutableBufferPointer<UInt8>) {
        var offset = 0
        while offset + 3 < row.count {
            let alpha = UInt32(row[offset + 3])
            if alpha != 255 {
                row[offset] = UInt8((UInt32(row[offset]) * alpha + 127) / 255)
                row[offset + 1] = UInt8((UInt32(row[offset + 1]) * alpha + 127) / 255)
                row[offset + 2] = UInt8((UInt32(row[offset + 2]) * alpha + 127) / 255)
            }
            offset += 4
        }
    }

    /// The same image with straight (not premultiplied) alpha, for encoders.
    public func unpremultiplied() -> PixelBuffer {
        guard hasAlpha else { return self }
        var copy = self
        copy.pixels.withUnsafeMutableBufferPointer { bytes in
            var offset = 0
            while offset < bytes.count {
                let alpha = UInt32(bytes[offset + 3])
                if alpha == 0 {
                    bytes[offset] = 0
                    bytes[offset + 1] = 0
                    bytes[offset + 2] = 0
                } else if alpha != 255 {
                    for channel in 0..<3 {
                        bytes[offset + channel] = UInt8(min(255, (UInt32(bytes[offset + channel]) * 255 + alpha / 2) / alpha))
                    }
                }
                offset += 4
            }
        }
        return copy
    }
}
