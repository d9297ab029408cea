/// An 8-bit image, four bytes a pixel (R, G, B, A), rows packed. When `hasAlpha` is true the
/// colour is premultiplied by alpha; otherwise the fourth byte is 255 and means nothing.
public struct PixelBuffer: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var hasAlpha: Bool
    public var pixels: [UInt8]

    public static let channels = 4

    /// A buffer of `width`×`height` pixels, all bytes zero.
    public init(width: Int, height: Int, hasAlpha: Bool) {
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
        pixels = [UInt8](repeating: 0, count: width * height * Self.channels)
    }

    public init(width: Int, height: Int, hasAlpha: Bool, pixels: [UInt8]) {
        precondition(pixels.count == width * height * Self.channels)
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
        self.pixels = pixels
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }
    public var rowBytes: Int { width * Self.channels }

    /// The four bytes at (x, y).
    public subscript(x: Int, y: Int) -> SIMD4<UInt8> {
        get {
            let offset = (y * width + x) * Self.channels
            return SIMD4(pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
        }
        set {
            let offset = (y * width + x) * Self.channels
            pixels[offset] = newValue[0]
            pixels[offset + 1] = newValue[1]
            pixels[offset + 2] = newValue[2]
            pixels[offset + 3] = newValue[3]
        }
    }

    /// True when every pixel has R = G = B.
    public var isGrey: Bool {
        pixels.withUnsafeBufferPointer { bytes in
            var offset = 0
            while offset < bytes.count {
                if bytes[offset] != bytes[offset + 1] || bytes[offset] != bytes[offset + 2] { return false }
                offset += 4
            }
            return true
        }
    }
}
