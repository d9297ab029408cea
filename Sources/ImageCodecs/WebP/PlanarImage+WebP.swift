import LibWebP
import Raster

extension PlanarImage {
    /// JPEG's full-range Y (0...255) to the limited range of lossy WebP (16...235), rounded.
    static let limitedLuma: [UInt8] = (0..<256).map { UInt8((16 + Double($0) * 219 / 255).rounded()) }
    /// Full-range chroma (0...255 around 128) to limited (16...240 around 128), rounded.
    static let limitedChroma: [UInt8] = (0..<256).map { UInt8((128 + Double($0 - 128) * 224 / 255).rounded()) }

    /// Fills a WebP picture's allocated YUV 4:2:0 planes: the same BT.601 matrix as JPEG's,
    /// limited range. A grey image's chroma is neutral (128).
    func copyLimitedRange(into picture: inout WebPPicture) {
        Self.map(planes[0], through: Self.limitedLuma, into: picture.y, stride: Int(picture.y_stride))
        let chroma = Self.chromaSize(size)
        if isGrey {
            for row in 0..<chroma.height {
                (picture.u + row * Int(picture.uv_stride)).update(repeating: 128, count: chroma.width)
                (picture.v + row * Int(picture.uv_stride)).update(repeating: 128, count: chroma.width)
            }
        } else {
            Self.map(planes[1], through: Self.limitedChroma, into: picture.u, stride: Int(picture.uv_stride))
            Self.map(planes[2], through: Self.limitedChroma, into: picture.v, stride: Int(picture.uv_stride))
        }
    }

    private static func map(_ plane: Plane, through table: [UInt8], into target: UnsafeMutablePointer<UInt8>, stride: Int) {
        table.withUnsafeBufferPointer { table in
            plane.bytes.withUnsafeBufferPointer { bytes in
                for row in 0..<plane.height {
                    let source = bytes.baseAddress! + row * plane.width, out = target + row * stride
                    for x in 0..<plane.width { out[x] = table[Int(source[x])] }
                }
            }
        }
    }
}
