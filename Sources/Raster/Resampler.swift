import Foundation

/// A separable Lanczos-3 resampler: any part of an image (fractional rectangle) to any size.
///
/// Rows are filtered horizontally as they are needed and kept in a small ring, then combined
/// vertically, so memory beyond the output is a few rows. Edge pixels use only the taps that fall
/// inside the image, renormalised, so no dark or black border appears. Premultiplied alpha is
/// resampled like colour, then colour is clamped to alpha.
public enum Resampler {
    /// `rect` is in `source`'s pixel coordinates; pixels around it (inside the image) feed the
    /// filter at its edges, as they would for a crop of a larger picture.
    public static func resample(_ source: PixelBuffer, rect: PixelRect, to size: PixelSize) -> PixelBuffer {
        precondition(size.width > 0 && size.height > 0 && source.width > 0 && source.height > 0)
        let horizontal = FilterTaps(count: size.width, start: rect.x, length: rect.width, limit: source.width)
        let vertical = FilterTaps(count: size.height, start: rect.y, length: rect.height, limit: source.height)
        var output = PixelBuffer(width: size.width, height: size.height, hasAlpha: source.hasAlpha)
        let ringSize = vertical.maxTaps
        let width = size.width
        var ring = [SIMD4<Float>](repeating: .zero, count: ringSize * width)
        var ringRows = [Int](repeating: -1, count: ringSize)
        var floatRow = [SIMD4<Float>](repeating: .zero, count: horizontal.span.count)
        var sums = [SIMD4<Float>](repeating: .zero, count: width)
        let clampToAlpha = source.hasAlpha

        source.pixels.withUnsafeBufferPointer { sourcePixels in
            ring.withUnsafeMutableBufferPointer { ring in
                floatRow.withUnsafeMutableBufferPointer { floatRow in
                    sums.withUnsafeMutableBufferPointer { sums in
                        vertical.flatWeights.withUnsafeBufferPointer { verticalWeights in
                            output.pixels.withUnsafeMutableBufferPointer { out in
                                for y in 0..<size.height {
                                    let first = vertical.starts[y], count = vertical.counts[y]
                                    for row in first..<first + count where ringRows[row % ringSize] != row {
                                        let slot = row % ringSize
                                        ringRows[slot] = row
                                        filterRow(sourcePixels, row: row, width: source.width, taps: horizontal,
                                                  scratch: floatRow, into: ring.baseAddress! + slot * width)
                                    }
                                    for x in 0..<width { sums[x] = .zero }
                                    for k in 0..<count {
                                        let weight = verticalWeights[y * vertical.maxTaps + k]
                                        let filtered = ring.baseAddress! + ((first + k) % ringSize) * width
                                        for x in 0..<width { sums[x] += filtered[x] * weight }
                                    }
                                    var outOffset = y * width * 4
                                    for x in 0..<width {
                                        store(sums[x], into: out, at: outOffset, clampToAlpha: clampToAlpha)
                                        outOffset += 4
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return output
    }

    /// Filters one source row horizontally into `target` (one value per output column).
    private static func filterRow(_ pixels: UnsafeBufferPointer<UInt8>, row: Int, width: Int, taps: FilterTaps,
                                  scratch: UnsafeMutableBufferPointer<SIMD4<Float>>, into target: UnsafeMutablePointer<SIMD4<Float>>) {
        let rowStart = row * width * 4
        let spanStart = taps.span.lowerBound
        for i in 0..<taps.span.count {
            let offset = rowStart + (spanStart + i) * 4
            scratch[i] = SIMD4<Float>(Float(pixels[offset]), Float(pixels[offset + 1]),
                                      Float(pixels[offset + 2]), Float(pixels[offset + 3]))
        }
        taps.flatWeights.withUnsafeBufferPointer { weights in
            for x in 0..<taps.counts.count {
                let first = taps.starts[x] - spanStart
                let base = x * taps.maxTaps
                var sum = SIMD4<Float>.zero
                for k in 0..<taps.counts[x] {
                    sum += scratch[first + k] * weights[base + k]
                }
                target[x] = sum
            }
        }
    }

    @inline(__always)
    private static func store(_ value: SIMD4<Float>, into out: UnsafeMutableBufferPointer<UInt8>, at offset: Int, clampToAlpha: Bool) {
        var rounded = (value + 0.5).rounded(.down)
        rounded = rounded.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
        if clampToAlpha {
            let alpha = rounded[3]
            rounded = SIMD4(min(rounded[0], alpha), min(rounded[1], alpha), min(rounded[2], alpha), alpha)
        }
        out[offset] = UInt8(rounded[0])
        out[offset + 1] = UInt8(rounded[1])
        out[offset + 2] = UInt8(rounded[2])
        out[offset + 3] = UInt8(rounded[3])
    }
}

/// Lanczos-3 weights for every output pixel along one axis.
struct FilterTaps {
    /// First source pixel of each output pixel's window.
    var starts: [Int]
    /// Pixels in each window.
    var counts: [Int]
    /// `maxTaps` weights per output pixel, zero-padded.
    var flatWeights: [Float]
    var maxTaps: Int
    /// Every source pixel any window touches.
    var span: Range<Int>

    static let lobes = 3.0

    init(count: Int, start: Double, length: Double, limit: Int) {
        let scale = length / Double(count)
        let filterScale = max(scale, 1)
        let support = Self.lobes * filterScale
        maxTaps = Int((support * 2).rounded(.up)) + 2
        starts = []
        counts = []
        flatWeights = [Float](repeating: 0, count: count * maxTaps)
        var low = Int.max, high = Int.min
        var weights = [Double](repeating: 0, count: maxTaps)
        for i in 0..<count {
            let center = start + (Double(i) + 0.5) * scale
            let first = max(0, Int((center - support).rounded(.down)))
            let end = min(limit, Int((center + support).rounded(.up)), first + maxTaps)
            var total = 0.0
            for j in first..<max(first, end) {
                let weight = Self.lanczos((Double(j) + 0.5 - center) / filterScale)
                weights[j - first] = weight
                total += weight
            }
            // A window that falls wholly outside the image (cannot happen for rects inside it) keeps the nearest pixel.
            let taps = max(0, end - first)
            if taps == 0 || total == 0 {
                let nearest = min(max(0, Int(center)), limit - 1)
                starts.append(nearest)
                counts.append(1)
                flatWeights[i * maxTaps] = 1
                low = min(low, nearest)
                high = max(high, nearest + 1)
                continue
            }
            starts.append(first)
            counts.append(taps)
            for k in 0..<taps { flatWeights[i * maxTaps + k] = Float(weights[k] / total) }
            low = min(low, first)
            high = max(high, end)
        }
        span = low..<high
    }

    static func lanczos(_ x: Double) -> Double {
        if x == 0 { return 1 }
        guard abs(x) < lobes else { return 0 }
        let pix = Double.pi * x
        return lobes * sin(pix) * sin(pix / lobes) / (pix * pix)
    }
}
