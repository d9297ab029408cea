@testable import Raster
import Testing
import TestSupport

/// The fixed-point resampler: its AVX2 kernels give exactly the portable kernels' bytes, and
/// both stay within a level of Lanczos-3 in double precision.
@Suite struct ResampleKernelTests {
    /// Noise with some structure: smooth ramps, hard edges and random texture.
    static func plane(width: Int, height: Int, seed: UInt64) -> Plane {
        var state = seed &* 6364136223846793005 &+ 1442695040888963407
        var plane = Plane(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let noise = Int(state >> 58)
                let ramp = (x * 255) / max(1, width - 1), edge = (x / 7 + y / 5) % 2 == 0 ? 0 : 255
                plane.bytes[y * width + x] = UInt8((ramp + edge) / 2 + noise - 32 < 0 ? 0 : min(255, (ramp + edge) / 2 + noise - 32))
            }
        }
        return plane
    }

    /// Reductions from barely to 8×, enlargements, crops with fractional edges, and widths that
    /// leave every remainder of the 16-lane and 4-output loops.
    static let cases: [(source: PixelSize, rect: PixelRect, size: PixelSize)] = [
        (PixelSize(width: 517, height: 389), PixelRect(x: 0, y: 0, width: 517, height: 389), PixelSize(width: 431, height: 301)),
        (PixelSize(width: 517, height: 389), PixelRect(x: 0, y: 0, width: 517, height: 389), PixelSize(width: 64, height: 49)),
        (PixelSize(width: 300, height: 200), PixelRect(x: 10.25, y: 3.5, width: 250.5, height: 180.75), PixelSize(width: 97, height: 61)),
        (PixelSize(width: 90, height: 70), PixelRect(x: 0, y: 0, width: 90, height: 70), PixelSize(width: 131, height: 101)),
        (PixelSize(width: 1000, height: 40), PixelRect(x: 0, y: 0, width: 1000, height: 40), PixelSize(width: 125, height: 17)),
        (PixelSize(width: 33, height: 33), PixelRect(x: 0, y: 0, width: 33, height: 33), PixelSize(width: 1, height: 1)),
        (PixelSize(width: 640, height: 360), PixelRect(x: 0, y: 0, width: 640, height: 360), PixelSize(width: 19, height: 303)),
    ]

    /// On a CPU without AVX2 there is nothing to compare: only the portable kernels can run.
    @Test(arguments: cases.indices)
    func avx2GivesThePortableBytes(_ index: Int) {
        guard ResampleKernels.best == .avx2 else { return }
        let (source, rect, size) = Self.cases[index]
        let plane = Self.plane(width: source.width, height: source.height, seed: UInt64(index))
        let portable = Resampler.resample(plane, rect: rect, to: size, kernels: .portable)
        let avx2 = Resampler.resample(plane, rect: rect, to: size, kernels: .avx2)
        #expect(portable == avx2)
    }

    /// Measured here: at most 1 level from the double-precision reference on every case.
    @Test(arguments: cases.indices)
    func fixedPointStaysWithinALevelOfDoublePrecision(_ index: Int) {
        let (source, rect, size) = Self.cases[index]
        let plane = Self.plane(width: source.width, height: source.height, seed: UInt64(index) + 100)
        let fixed = Resampler.resample(plane, rect: rect, to: size, kernels: .portable)
        let reference = ReferenceResampler.resample(plane, rect: rect, to: size)
        let worst = zip(fixed.bytes, reference.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "largest difference \(worst) levels")
    }
}

/// Windows that reach past the image's edge keep bounded weights: where the pixels a window
/// keeps are only the filter's lobes (weights that nearly cancel), it takes the nearest pixel
/// instead of dividing by almost nothing (which overflowed the fixed-point weights: a trap).
@Suite struct FilterTapsEdgeTests {
    @Test func windowsCentredOutsideTheImageSumToOne() {
        for step in 0..<400 {
            let start = 1.0 + Double(step) * 0.01
            for limit in 1...4 {
                let taps = FilterTaps(count: 3, start: start, length: 2.0, limit: limit)
                let fixed = taps.fixedWeights(stride: taps.paddedTaps)
                for i in taps.starts.indices {
                    let sum = fixed[(i * taps.paddedTaps)..<(i * taps.paddedTaps + taps.counts[i])].reduce(0) { $0 + Int($1) }
                    #expect(sum == 1 << 14, "start \(start), limit \(limit), window \(i): weights sum to \(sum)")
                }
            }
        }
    }
}
