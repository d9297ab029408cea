/// The scale an original is shown at in a slot, where the index shows the original itself
/// because it already fits. A rendition is made for its scale; an original is not, and taking the
/// screen's scale for it would shrink it: a 48-pixel icon in a 96-point slot at 3× would show at
/// 16 points, though it is 48 points at 1×.
extension SlotRecord {
    /// The slot's box in points; a side the size leaves out (`390x`, `x200`) is infinite.
    public var box: (width: Double, height: Double) { WxH.box(size) }

    /// True when the slot crops to fill its box: `cover` with both sides given.
    var crops: Bool {
        let box = box
        return Fit(rawValue: fit) == .cover && box.width.isFinite && box.height.isFinite
    }

    /// Pixels per point of an original of `width`×`height` pixels shown as it is in this slot:
    /// fitted into the box (or, for `cover`, filling it) and never enlarged, as thumbgen fits it
    /// at 1× and as the web shows it (`cssSize`). 1 when the size is unknown.
    public func shownScale(width: Int, height: Int) -> Double {
        guard width > 0, height > 0 else { return 1 }
        let box = box
        let across = Double(width) / box.width, down = Double(height) / box.height
        // Filling the box, the side that covers it sets the scale; fitting, the side that fills it.
        return max(1, crops ? min(across, down) : max(across, down))
    }
}
