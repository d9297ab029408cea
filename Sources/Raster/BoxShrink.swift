/// When and by how much a decode is box-shrunk before the Lanczos resampler: the one place that
/// decides it.
public enum BoxShrink {
    /// A rendition more than this many times smaller than its source (per axis) gets its source
    /// box-shrunk first: the Lanczos window then stays a few dozen taps wide.
    public static let threshold = 3.0
    /// Sums of one block stay within 32 bits: 4096 × 4096 pixels of 255.
    public static let maxFactor = 4096

    /// The whole factor to box-shrink `sourceLength` source pixels by, when they are to become
    /// `outputLength` output pixels: half the ratio, so the Lanczos step after it still reduces by
    /// 2× or more and hides the box filter's blur; 1 below the threshold.
    public static func factor(sourceLength: Double, outputLength: Int) -> Int {
        let ratio = sourceLength / Double(max(1, outputLength))
        guard ratio >= threshold else { return 1 }
        return max(1, min(maxFactor, Int(ratio / 2)))
    }

    /// The largest whole factor that keeps at least `minimumScale` of an axis `length` pixels
    /// long (1: keep every pixel), for decoding straight to a reduced image.
    public static func factor(keeping minimumScale: Double, length: Int) -> Int {
        guard minimumScale > 0, minimumScale < 1 else { return 1 }
        // The epsilon keeps 1/(1/3) from flooring to 2.
        let factor = (1 / minimumScale + 1e-9).rounded(.down)
        return max(1, min(length, maxFactor, factor >= Double(Int.max) ? Int.max : Int(factor)))
    }
}
