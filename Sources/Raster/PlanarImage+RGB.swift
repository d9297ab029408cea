/// JPEG's YCbCr (full-range BT.601) to RGB, for the few places that need RGB of a planar image:
/// the placeholder, and comparisons in tests.
extension PlanarImage {
    /// Opaque RGB pixels, each luma sample with the chroma sample that covers it (no smoothing:
    /// a placeholder averages far more than that).
    public func rgb() -> PixelBuffer {
        var image = PixelBuffer(width: width, height: height, hasAlpha: false)
        let width = self.width, height = self.height
        image.pixels.withUnsafeMutableBufferPointer { target in
            planes[0].bytes.withUnsafeBufferPointer { luma in
                if isGrey {
                    for index in 0..<(width * height) {
                        let y = luma[index]
                        target[index * 4] = y
                        target[index * 4 + 1] = y
                        target[index * 4 + 2] = y
                        target[index * 4 + 3] = 255
                    }
                    return
                }
                let chromaWidth = planes[1].width
                planes[1].bytes.withUnsafeBufferPointer { cb in
                    planes[2].bytes.withUnsafeBufferPointer { cr in
                        for row in 0..<height {
                            for column in 0..<width {
                                let index = row * width + column, chroma = (row / 2) * chromaWidth + column / 2
                                let (r, g, b) = Self.rgb(y: luma[index], cb: cb[chroma], cr: cr[chroma])
                                target[index * 4] = r
                                target[index * 4 + 1] = g
                                target[index * 4 + 2] = b
                                target[index * 4 + 3] = 255
                            }
                        }
                    }
                }
            }
        }
        return image
    }

    /// One pixel, with libjpeg's constants (JFIF: R = Y + 1.402 Cr', G = Y − 0.344136 Cb' −
    /// 0.714136 Cr', B = Y + 1.772 Cb', where Cb' = Cb − 128), rounded and clamped.
    @inline(__always)
    public static func rgb(y: UInt8, cb: UInt8, cr: UInt8) -> (UInt8, UInt8, UInt8) {
        let y = Int32(y) << 16, cb = Int32(cb) - 128, cr = Int32(cr) - 128
        let half: Int32 = 1 << 15
        let r = (y + 91881 * cr + half) >> 16
        let g = (y - 22554 * cb - 46802 * cr + half) >> 16
        let b = (y + 116130 * cb + half) >> 16
        return (UInt8(clamping: r), UInt8(clamping: g), UInt8(clamping: b))
    }
}
