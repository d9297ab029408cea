import Foundation

/// Smooth value noise and its fractal sum, deterministic for a seed: the texture of the scenes.
struct Noise {
    private var table: [Double]

    init(seed: UInt64) {
        var state = seed &+ 0x9E37_79B9_7F4A_7C15
        table = (0..<1024).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    private func lattice(_ x: Int, _ y: Int) -> Double {
        table[(x &* 73 &+ y &* 151 &+ (x ^ y) &* 17) & 1023]
    }

    /// Noise in 0...1, smooth between integer lattice points.
    func value(_ x: Double, _ y: Double) -> Double {
        let x0 = Int(floor(x)), y0 = Int(floor(y))
        let fx = x - Double(x0), fy = y - Double(y0)
        let sx = fx * fx * (3 - 2 * fx), sy = fy * fy * (3 - 2 * fy)
        let top = lattice(x0, y0) + (lattice(x0 + 1, y0) - lattice(x0, y0)) * sx
        let bottom = lattice(x0, y0 + 1) + (lattice(x0 + 1, y0 + 1) - lattice(x0, y0 + 1)) * sx
        return top + (bottom - top) * sy
    }

    /// Fractal sum of `octaves` layers, each twice as fine and half as strong, in 0...1.
    func fractal(_ x: Double, _ y: Double, octaves: Int = 5) -> Double {
        var sum = 0.0, amplitude = 0.5, frequency = 1.0, total = 0.0
        for _ in 0..<octaves {
            sum += value(x * frequency, y * frequency) * amplitude
            total += amplitude
            amplitude *= 0.5
            frequency *= 2
        }
        return sum / total
    }
}

/// Colours as linear-ish RGB in 0...1.
typealias Colour = SIMD3<Double>

func mix(_ a: Colour, _ b: Colour, _ t: Double) -> Colour { a + (b - a) * min(1, max(0, t)) }

func smoothstep(_ edge0: Double, _ edge1: Double, _ x: Double) -> Double {
    let t = min(1, max(0, (x - edge0) / (edge1 - edge0)))
    return t * t * (3 - 2 * t)
}
