/// RGB to JPEG's YCbCr (full-range BT.601) with chroma at half resolution: the planes a decoder
/// that only hands out RGB would have given (libheif before 1.19 turns every image to RGB
/// first, see HEIFDecoder's `PlanarYCbCr`).
extension PlanarImage {
    /// The planes of `size` pixels whose red, green and blue samples are rows `stride` bytes
    /// apart. Luma per pixel; each chroma sample from the sums of the (up to) four pixels it
    /// covers, so an image whose chroma was upsampled by repetition gets that chroma back, and a
    /// last odd column or row averages the pixels there are. libjpeg's constants in 16-bit fixed
    /// point, rounded half up: Y = 0.299 R + 0.587 G + 0.114 B, Cb = 128 − 0.168736 R −
    /// 0.331264 G + 0.5 B, Cr = 128 + 0.5 R − 0.418688 G − 0.081312 B.
    public static func ycbcr420(red: UnsafePointer<UInt8>, green: UnsafePointer<UInt8>, blue: UnsafePointer<UInt8>,
                                stride: (red: Int, green: Int, blue: Int), size: PixelSize) -> PlanarImage {
        let width = size.width, height = size.height, chroma = chromaSize(size)
        var luma = Plane(width: width, height: height)
        var cb = Plane(width: chroma.width, height: chroma.height), cr = cb
        luma.bytes.withUnsafeMutableBufferPointer { target in
            for row in 0..<height {
                lumaRow(red + row * stride.red, green + row * stride.green, blue + row * stride.blue,
                        target.baseAddress! + row * width, width)
            }
        }
        cb.bytes.withUnsafeMutableBufferPointer { cbTarget in
            cr.bytes.withUnsafeMutableBufferPointer { crTarget in
                for chromaRow in 0..<chroma.height {
                    let top = 2 * chromaRow, below = min(top + 1, height - 1)
                    chromaRow420((red + top * stride.red, red + below * stride.red),
                                 (green + top * stride.green, green + below * stride.green),
                                 (blue + top * stride.blue, blue + below * stride.blue),
                                 width: width,
                                 cbTarget.baseAddress! + chromaRow * chroma.width, crTarget.baseAddress! + chromaRow * chroma.width)
                }
            }
        }
        return PlanarImage(planes: [luma, cb, cr])
    }

    /// One row of luma. The weights sum to 65536, so no value passes 255.
    @inline(__always)
    static func lumaRow(_ r: UnsafePointer<UInt8>, _ g: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>,
                        _ target: UnsafeMutablePointer<UInt8>, _ width: Int) {
        for x in 0..<width {
            let sum = 19595 &* Int32(r[x]) &+ 38470 &* Int32(g[x]) &+ 7471 &* Int32(b[x]) &+ 32768
            target[x] = UInt8(truncatingIfNeeded: sum >> 16)
        }
    }

    /// One row of Cb and Cr from two rows of pixels (the same row twice at the bottom of an odd
    /// height, and a last odd column counted twice: every sum is four pixels' worth), scaled
    /// down by 2^18: |sum| ≤ 32768 · 1020 < 2^25, no overflow.
    @inline(__always)
    static func chromaRow420(_ r: (UnsafePointer<UInt8>, UnsafePointer<UInt8>), _ g: (UnsafePointer<UInt8>, UnsafePointer<UInt8>),
                             _ b: (UnsafePointer<UInt8>, UnsafePointer<UInt8>), width: Int,
                             _ cb: UnsafeMutablePointer<UInt8>, _ cr: UnsafeMutablePointer<UInt8>) {
        let pairs = width / 2
        @inline(__always) func store(_ x: Int, _ rs: Int32, _ gs: Int32, _ bs: Int32) {
            let offset: Int32 = (128 << 18) + (1 << 17)
            let blue = (-11059 &* rs &- 21709 &* gs &+ 32768 &* bs &+ offset) >> 18
            let red = (32768 &* rs &- 27439 &* gs &- 5329 &* bs &+ offset) >> 18
            cb[x] = UInt8(clamping: blue)
            cr[x] = UInt8(clamping: red)
        }
        for x in 0..<pairs {
            let left = 2 * x, right = left + 1
            let rs = Int32(r.0[left]) &+ Int32(r.0[right]) &+ Int32(r.1[left]) &+ Int32(r.1[right])
            let gs = Int32(g.0[left]) &+ Int32(g.0[right]) &+ Int32(g.1[left]) &+ Int32(g.1[right])
            let bs = Int32(b.0[left]) &+ Int32(b.0[right]) &+ Int32(b.1[left]) &+ Int32(b.1[right])
            store(x, rs, gs, bs)
        }
        if width % 2 == 1 {
            let last = width - 1
            store(pairs, (Int32(r.0[last]) &+ Int32(r.1[last])) &* 2, (Int32(g.0[last]) &+ Int32(g.1[last])) &* 2,
                  (Int32(b.0[last]) &+ Int32(b.1[last])) &* 2)
        }
    }
}
