/// A size in pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public static let zero = PixelSize(width: 0, height: 0)

    public var area: Int { width * height }

    /// The same size with its sides swapped.
    public var transposed: PixelSize { PixelSize(width: height, height: width) }

    /// `640x480`
    public var description: String { "\(width)x\(height)" }
}

/// A rectangle in pixel coordinates; fractional, since crops and resampling work between pixels.
public struct PixelRect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public init(size: PixelSize) {
        self.init(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    }

    /// The same rectangle in a space scaled by `sx`, `sy`.
    public func scaled(x sx: Double, y sy: Double) -> PixelRect {
        PixelRect(x: x * sx, y: y * sy, width: width * sx, height: height * sy)
    }
}
