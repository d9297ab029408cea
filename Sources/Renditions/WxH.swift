/// A size written `WIDTHxHEIGHT`: a slot's box in points (`320x180`, `390x` for width only,
/// `x200` for height only) or a size in pixels (`640x480`). The one reader of the spelling: the
/// manifest's slot sizes, `lookup --pixels`, and the slot records of an index all split it here.
public enum WxH {
    /// The two sides as written, either of which may be empty; nil unless there is exactly one `x`.
    public static func sides(_ text: String) -> (width: Substring, height: Substring)? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    /// Whole pixels above 0 on both sides (`640x480`), or nil.
    public static func pixels(_ text: String) -> (width: Int, height: Int)? {
        guard let sides = sides(text), let width = Int(sides.width), let height = Int(sides.height), width > 0, height > 0 else { return nil }
        return (width, height)
    }

    /// A box in points: a side that is left out, or is not a positive number, is infinite.
    public static func box(_ text: String) -> (width: Double, height: Double) {
        let sides = text.split(separator: "x", omittingEmptySubsequences: false)
            .map { Double($0).flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? .infinity }
        return (sides.first ?? .infinity, sides.count > 1 ? sides[1] : .infinity)
    }
}

/// How a rendition fills its slot's box: the manifest's `fit`, and the text an index records.
public enum Fit: String, CaseIterable, Sendable {
    /// The largest size with the original's aspect ratio that fits the box.
    case inside
    /// Fill the box, cropping the overflow around the focus.
    case cover
}
