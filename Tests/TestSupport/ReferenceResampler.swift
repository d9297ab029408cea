import Foundation
import Raster

/// Lanczos-3 in double precision, one output pixel at a time, with the windows and edge rule
/// of the production resampler (taps whose centres lie inside the support, renormalised at the
/// image's edges): the yardstick the fixed-point kernels are held to.
public enum ReferenceResampler {
    public static func resample(_ source: Plane, rect: PixelRect, to size: PixelSize) -> Plane {
        let horizontal = weights(count: size.width, start: rect.x, length: rect.width, limit: source.width)
        let vertical = weights(count: size.height, start: rect.y, length: rect.height, limit: source.height)
        var middle = [Double](repeating: 0, count: source.height * size.width)
        for y in 0..<source.height {
            for (x, window) in horizontal.enumerated() {
                middle[y * size.width + x] = window.weights.enumerated().reduce(0) { total, tap in
                    total + tap.element * Double(source.bytes[y * source.width + window.first + tap.offset])
                }
            }
        }
        var output = Plane(width: size.width, height: size.height)
        for (y, window) in vertical.enumerated() {
            for x in 0..<size.width {
                let value = window.weights.enumerated().reduce(0) { total, tap in
                    total + tap.element * middle[(window.first + tap.offset) * size.width + x]
                }
                output.bytes[y * size.width + x] = UInt8(max(0, min(255, value.rounded())))
            }
        }
        return output
    }

    static func weights(count: Int, start: Double, length: Double, limit: Int) -> [(first: Int, weights: [Double])] {
        let scale = length / Double(count), filterScale = max(scale, 1), support = 3 * filterScale
        return (0..<count).map { i in
            let center = start + (Double(i) + 0.5) * scale
            var first = max(0, Int((center - support - 0.5).rounded(.down)) + 1)
            var end = min(limit, Int((center + support - 0.5).rounded(.up)))
            if end <= first {
                first = min(max(0, Int(center)), limit - 1)
                end = first + 1
            }
            var weights = (first..<end).map { lanczos((Double($0) + 0.5 - center) / filterScale) }
            let total = weights.reduce(0, +)
            weights = total == 0 ? [1] + Array(repeating: 0, count: weights.count - 1) : weights.map { $0 / total }
            return (first, weights)
        }
    }

    static func lanczos(_ x: Double) -> Double {
        if x == 0 { return 1 }
        guard abs(x) < 3 else { return 0 }
        let pix = Double.pi * x
        return 3 * sin(pix) * sin(pix / 3) / (pix * pix)
    }
}
