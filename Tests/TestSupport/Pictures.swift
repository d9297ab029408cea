import Foundation
import Raster

/// Test pictures drawn in code.
public enum Pictures {
    /// Four flat quadrants, upright: red top-left, green top-right, blue bottom-left, white
    /// bottom-right. Any turn or mirror shows.
    public static func quadrants(width: Int, height: Int) -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height, hasAlpha: false)
        for y in 0..<height {
            for x in 0..<width {
                let right = x >= width / 2, bottom = y >= height / 2
                let colour: SIMD4<UInt8> = switch (right, bottom) {
                case (false, false): [220, 30, 30, 255]
                case (true, false): [30, 200, 40, 255]
                case (false, true): [30, 40, 210, 255]
                case (true, true): [240, 240, 240, 255]
                }
                buffer[x, y] = colour
            }
        }
        return buffer
    }

    /// Photo-like content: smooth light, soft shapes and fine texture at several frequencies,
    /// with a few hard edges. Deterministic for a given seed.
    public static func photo(width: Int, height: Int, seed: UInt64 = 1) -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height, hasAlpha: false)
        var random = SplitMix(seed: seed)
        let blobs = (0..<12).map { _ in (x: random.unit() * Double(width), y: random.unit() * Double(height),
                                         r: (0.05 + random.unit() * 0.2) * Double(min(width, height)),
                                         c: SIMD3<Double>(random.unit(), random.unit(), random.unit())) }
        let frequency = 40.0 / Double(min(width, height))
        buffer.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<height {
                for x in 0..<width {
                    let fx = Double(x), fy = Double(y)
                    var colour = SIMD3<Double>(0.35 + 0.3 * fx / Double(width), 0.4, 0.55 - 0.3 * fy / Double(height))
                    for blob in blobs {
                        let d = ((fx - blob.x) * (fx - blob.x) + (fy - blob.y) * (fy - blob.y)).squareRoot()
                        if d < blob.r { colour = colour * 0.4 + blob.c * 0.6 * (1 - 0.3 * d / blob.r) }
                    }
                    let texture = 0.06 * sin(fx * frequency * 1.7 + sin(fy * frequency)) * cos(fy * frequency * 2.3)
                    colour += SIMD3(repeating: texture)
                    let offset = (y * width + x) * 4
                    for channel in 0..<3 {
                        pixels[offset + channel] = UInt8(max(0, min(255, (colour[channel] * 255).rounded())))
                    }
                    pixels[offset + 3] = 255
                }
            }
        }
        return buffer
    }

    /// The stored pixels that show `upright` when turned by `orientation`.
    public static func stored(_ upright: PixelBuffer, for orientation: Orientation) -> PixelBuffer {
        let size = orientation.upright(upright.size)  // upright ↔ stored swap alike
        var stored = PixelBuffer(width: size.width, height: size.height, hasAlpha: upright.hasAlpha)
        // Find, for every stored pixel, the upright pixel it becomes, by turning an index map.
        var indices = PixelBuffer(width: size.width, height: size.height, hasAlpha: false)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let index = y * size.width + x
                indices[x, y] = SIMD4(UInt8(index & 255), UInt8((index >> 8) & 255), UInt8((index >> 16) & 255), 0)
            }
        }
        let turned = indices.oriented(orientation)
        for v in 0..<turned.height {
            for u in 0..<turned.width {
                let p = turned[u, v]
                let index = Int(p[0]) | Int(p[1]) << 8 | Int(p[2]) << 16
                stored[index % size.width, index / size.width] = upright[u, v]
            }
        }
        return stored
    }

    /// Peak signal-to-noise ratio of the colour channels, in dB (infinity when identical).
    public static func psnr(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        precondition(a.size == b.size)
        var squared = 0.0
        var count = 0
        for index in stride(from: 0, to: a.pixels.count, by: 4) {
            for channel in 0..<3 {
                let difference = Double(a.pixels[index + channel]) - Double(b.pixels[index + channel])
                squared += difference * difference
                count += 1
            }
        }
        guard squared > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (squared / Double(count)))
    }

    /// The largest difference of any colour channel.
    public static func maxDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        precondition(a.size == b.size)
        var worst = 0
        for index in a.pixels.indices where index % 4 != 3 {
            worst = max(worst, abs(Int(a.pixels[index]) - Int(b.pixels[index])))
        }
        return worst
    }
}

/// A small deterministic random generator.
public struct SplitMix {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<1.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
