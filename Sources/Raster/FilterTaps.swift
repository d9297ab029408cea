import CResample
import Glibc

/// Lanczos-3 weights for every output pixel along one axis.
struct FilterTaps {
    /// First source pixel of each output pixel's window.
    var starts: [Int]
    /// Pixels in each window.
    var counts: [Int]
    /// `paddedTaps` weights per output pixel, zero past the window's own.
    var flatWeights: [Float]
    /// The widest window, rounded up to a multiple of four.
    var paddedTaps: Int
    /// Every source pixel any window touches.
    var span: Range<Int>

    static let lobes = 3.0

    init(count: Int, start: Double, length: Double, limit: Int) {
        let scale = length / Double(count)
        let filterScale = max(scale, 1)
        let support = Self.lobes * filterScale
        // The windows first: the widest one sets the padded width, so no tap is wasted beyond it.
        var windows: [(first: Int, end: Int, center: Double)] = []
        windows.reserveCapacity(count)
        for i in 0..<count {
            let center = start + (Double(i) + 0.5) * scale
            // Pixels whose centres lie strictly inside the support: the filter is zero beyond it.
            var first = max(0, Int((center - support - 0.5).rounded(.down)) + 1)
            var end = min(limit, Int((center + support - 0.5).rounded(.up)))
            if end <= first {
                // A window wholly outside the image (only for rects that leave it) keeps the nearest pixel.
                first = min(max(0, Int(center)), limit - 1)
                end = first + 1
            }
            windows.append((first, end, center))
        }
        paddedTaps = ((windows.map { $0.end - $0.first }.max() ?? 1) + 3) & ~3
        starts = windows.map(\.first)
        counts = windows.map { $0.end - $0.first }
        flatWeights = [Float](repeating: 0, count: count * paddedTaps)
        var weights = [Double](repeating: 0, count: paddedTaps)
        for (i, window) in windows.enumerated() {
            var total = 0.0
            for j in window.first..<window.end {
                let weight = Self.lanczos((Double(j) + 0.5 - window.center) / filterScale)
                weights[j - window.first] = weight
                total += weight
            }
            // A window whose weights nearly cancel (its centre far outside the pixels it keeps,
            // where only the filter's lobes reach in) would scale them past any bound: it takes
            // the pixel nearest its centre instead. A window holding its centre sums to about 1.
            if total < 0.25 {
                let nearest = min(max(window.first, Int(window.center.rounded(.down))), window.end - 1) - window.first
                for k in 0..<(window.end - window.first) { weights[k] = k == nearest ? 1 : 0 }
                total = 1
            }
            for k in 0..<(window.end - window.first) { flatWeights[i * paddedTaps + k] = Float(weights[k] / total) }
        }
        span = (starts.min() ?? 0)..<(windows.map(\.end).max() ?? 1)
    }

    /// The weights in fixed point (`TG_WEIGHT_BITS` fractional bits), `stride` a window (at
    /// least `paddedTaps`, zeros after the window's own). Each window's weights sum to exactly
    /// one: the rounding is taken up by its largest weight, so a flat area stays flat.
    func fixedWeights(stride: Int) -> [Int16] {
        let one = 1 << Int(TG_WEIGHT_BITS)
        var fixed = [Int16](repeating: 0, count: starts.count * stride)
        for i in starts.indices {
            var total = 0, largest = 0
            for k in 0..<counts[i] {
                let value = Int((Double(flatWeights[i * paddedTaps + k]) * Double(one)).rounded())
                fixed[i * stride + k] = Int16(value)
                total += value
                if value > Int(fixed[i * stride + largest]) { largest = k }
            }
            fixed[i * stride + largest] = Int16(Int(fixed[i * stride + largest]) + one - total)
        }
        return fixed
    }

    /// sinc(x) · sinc(x / 3), with sin(πx) from sin(πx/3) by the triple angle (sin 3θ = 3 sin θ
    /// − 4 sin³ θ): one call to `sin` per tap, not two. The weights of a build's resamples were
    /// about a third of its resample stage's CPU on a JPEG photo set, half of that in `sin`.
    static func lanczos(_ x: Double) -> Double {
        if x == 0 { return 1 }
        guard abs(x) < lobes else { return 0 }
        let pix = Double.pi * x
        let third = sin(pix / 3)
        return 3 * third * third * (3 - 4 * third * third) / (pix * pix)
    }
}

/// The weights of resamples of one image, kept by their axis's geometry: an image's planes share
/// theirs (R, G and B; Cb and Cr), and Lanczos weights cost a `sin` a tap. Not for use from two
/// threads at once.
public final class ResampleWeights {
    /// How far apart the fixed-point windows are.
    enum Stride: Hashable {
        /// `paddedTaps`.
        case taps
        /// `paddedTaps` rounded up to a multiple of eight (the row kernels read eight at a time).
        case eights

        func of(_ paddedTaps: Int) -> Int { self == .taps ? paddedTaps : (paddedTaps + 7) & ~7 }
    }

    struct Axis {
        var taps: FilterTaps
        var fixed: [Int16]
        var stride: Int
    }

    private struct Key: Hashable {
        var count: Int, start: UInt64, length: UInt64, limit: Int, stride: Stride
    }

    private var kept: [Key: Axis] = [:]

    public init() {}

    /// The taps of `count` output pixels over `length` source pixels from `start` (of `limit`),
    /// and their fixed-point weights; made once for each geometry.
    func axis(count: Int, start: Double, length: Double, limit: Int, stride: Stride) -> Axis {
        let key = Key(count: count, start: start.bitPattern, length: length.bitPattern, limit: limit, stride: stride)
        if let axis = kept[key] { return axis }
        let axis = Self.axis(count: count, start: start, length: length, limit: limit, stride: stride)
        kept[key] = axis
        return axis
    }

    static func axis(count: Int, start: Double, length: Double, limit: Int, stride: Stride) -> Axis {
        let taps = FilterTaps(count: count, start: start, length: length, limit: limit)
        let width = stride.of(taps.paddedTaps)
        return Axis(taps: taps, fixed: taps.fixedWeights(stride: width), stride: width)
    }
}
