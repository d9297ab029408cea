/// One 8-bit channel of an image, rows packed: a luma or chroma plane, or one channel of RGBA.
public struct Plane: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var bytes: [UInt8]

    /// A plane of `width`×`height` bytes, all `value`.
    public init(width: Int, height: Int, value: UInt8 = 0) {
        self.width = width
        self.height = height
        bytes = [UInt8](repeating: value, count: width * height)
    }

    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height)
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// The plane turned upright.
    public func oriented(_ orientation: Orientation) -> Plane {
        guard orientation != .up else { return self }
        let upright = orientation.upright(size)
        var result = Plane(width: upright.width, height: upright.height)
        let (w, h) = (width, height)
        bytes.withUnsafeBufferPointer { source in
            result.bytes.withUnsafeMutableBufferPointer { target in
                var index = 0
                for v in 0..<upright.height {
                    // The stored pixel shown at upright (u, v) is start + u * step.
                    let (start, step): (Int, Int)
                    switch orientation {
                    case .up: (start, step) = (v * w, 1)
                    case .upMirrored: (start, step) = (v * w + w - 1, -1)
                    case .down: (start, step) = ((h - 1 - v) * w + w - 1, -1)
                    case .downMirrored: (start, step) = ((h - 1 - v) * w, 1)
                    case .leftMirrored: (start, step) = (v, w)
                    case .right: (start, step) = ((h - 1) * w + v, -w)
                    case .rightMirrored: (start, step) = ((h - 1) * w + w - 1 - v, -w)
                    case .left: (start, step) = (w - 1 - v, w)
                    }
                    var offset = start
                    for _ in 0..<upright.width {
                        target[index] = source[offset]
                        offset &+= step
                        index &+= 1
                    }
                }
            }
        }
        return result
    }
}

/// An image as 8-bit planes, as a JPEG holds it: Y, Cb and Cr (full-range BT.601, JPEG's
/// YCbCr) with chroma at half resolution each way, rounded up (4:2:0, sited between the luma
/// samples it covers, as JPEG, WebP and AVIF encoders take it); or Y alone for a grey image.
public struct PlanarImage: Sendable, Equatable {
    public var planes: [Plane]

    public init(planes: [Plane]) {
        precondition(planes.count == 1 || planes.count == 3)
        self.planes = planes
    }

    public var width: Int { planes[0].width }
    public var height: Int { planes[0].height }
    public var size: PixelSize { planes[0].size }
    public var isGrey: Bool { planes.count == 1 }

    /// The chroma planes' size for an image of `size`.
    public static func chromaSize(_ size: PixelSize) -> PixelSize {
        PixelSize(width: (size.width + 1) / 2, height: (size.height + 1) / 2)
    }
}
