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
            if total == 0 {
                weights[0] = 1
                total = 1
            }
            for k in 0..<(window.end - window.first) { flatWeights[i * paddedTaps + k] = Float(weights[k] / total) }
        }
        span = (starts.min() ?? 0)..<(windows.map(\.end).max() ?? 1)
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
