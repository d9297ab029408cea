import Glibc

/// A separable Lanczos-3 resampler: any part of an image (fractional rectangle) to any size.
/// See `StreamingResampler` for how; this feeds it a whole image held in memory.
public enum Resampler {
    /// `rect` is in `source`'s pixel coordinates; pixels around it (inside the image) feed the
    /// filter at its edges, as they would for a crop of a larger picture.
    public static func resample(_ source: PixelBuffer, rect: PixelRect, to size: PixelSize) -> PixelBuffer {
        let resampler = StreamingResampler(sourceWidth: source.width, sourceHeight: source.height, rect: rect, to: size,
                                           hasAlpha: source.hasAlpha)
        source.pixels.withUnsafeBytes { bytes in
            for row in resampler.rows { resampler.add(row: row, pixels: bytes.baseAddress! + row * source.rowBytes) }
        }
        return resampler.finish()
    }
}

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
        let maxTaps = Int((support * 2).rounded(.up)) + 2
        paddedTaps = (maxTaps + 3) & ~3
        starts = []
        counts = []
        flatWeights = [Float](repeating: 0, count: count * paddedTaps)
        var low = Int.max, high = Int.min
        var weights = [Double](repeating: 0, count: maxTaps)
        for i in 0..<count {
            let center = start + (Double(i) + 0.5) * scale
            var first = max(0, Int((center - support).rounded(.down)))
            var end = min(limit, Int((center + support).rounded(.up)), first + maxTaps)
            var total = 0.0
            for j in first..<max(first, end) {
                let weight = Self.lanczos((Double(j) + 0.5 - center) / filterScale)
                weights[j - first] = weight
                total += weight
            }
            if end <= first || total == 0 {
                // A window wholly outside the image (only for rects that leave it) keeps the nearest pixel.
                first = min(max(0, Int(center)), limit - 1)
                end = first + 1
                weights[0] = 1
                total = 1
            }
            starts.append(first)
            counts.append(end - first)
            for k in 0..<(end - first) { flatWeights[i * paddedTaps + k] = Float(weights[k] / total) }
            low = min(low, first)
            high = max(high, end)
        }
        span = low..<high
    }

    /// The weights with each repeated into a four-lane vector, so the inner loop loads instead of
    /// shuffling. The caller deallocates.
    func broadcastWeights() -> UnsafeMutablePointer<SIMD4<Float>> {
        let vectors = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: flatWeights.count)
        for (index, weight) in flatWeights.enumerated() { vectors[index] = SIMD4(repeating: weight) }
        return vectors
    }

    static func lanczos(_ x: Double) -> Double {
        if x == 0 { return 1 }
        guard abs(x) < lobes else { return 0 }
        let pix = Double.pi * x
        return lobes * sin(pix) * sin(pix / lobes) / (pix * pix)
    }
}
