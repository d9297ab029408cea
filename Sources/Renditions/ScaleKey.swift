/// The `<slot>@<scale>x` keys of the index.
public enum ScaleKey {
    /// A scale as the index writes it: `2`, `1.5`, `0.75` (the shortest form that reads back the same).
    public static func format(_ scale: Double) -> String {
        if scale == scale.rounded(), abs(scale) < 1e15 {
            return String(Int64(scale))
        }
        return scale.description
    }

    /// `thumb@2x`, `card@1.5x`.
    public static func entry(slot: String, scale: Double) -> String {
        "\(slot)@\(format(scale))x"
    }
}
