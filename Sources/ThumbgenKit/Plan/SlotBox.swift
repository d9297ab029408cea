import Raster

/// A slot at one scale, in pixels: each side ⌈points × scale⌉; nil for an unconstrained side.
public struct SlotBox: Hashable, Sendable, CustomStringConvertible {
    public var width: Int?
    public var height: Int?

    public init(width: Int?, height: Int?) {
        self.width = width
        self.height = height
    }

    /// The box of `size` points at `scale` (60 pt × 3 = 180 px, 33.34 pt × 3 = 101 px).
    public init(_ size: SlotSize, scale: ExactDecimal) {
        width = size.width?.ceilProduct(scale)
        height = size.height?.ceilProduct(scale)
    }

    /// `180x180`, `780x`, `x400`.
    public var description: String {
        "\(width.map(String.init) ?? "")x\(height.map(String.init) ?? "")"
    }
}
