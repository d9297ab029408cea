import Foundation
import Raster

/// Procedural scenes for the example site: photo-sized, with gradients, fine texture and hard
/// edges, so renditions show what resampling does. Each is a pure function of (x, y) in 0...1.
enum Scene {
    case lake, forest, dunes, city, coast, canyon, aurora

    func colour(_ u: Double, _ v: Double, aspect: Double, noise: Noise) -> Colour {
        switch self {
        case .lake: return Self.lake(u, v, aspect, noise)
        case .forest: return Self.forest(u, v, aspect, noise)
        case .dunes: return Self.dunes(u, v, aspect, noise)
        case .city: return Self.city(u, v, aspect, noise)
        case .coast: return Self.coast(u, v, aspect, noise)
        case .canyon: return Self.canyon(u, v, aspect, noise)
        case .aurora: return Self.aurora(u, v, aspect, noise)
        }
    }

    /// Renders the scene at `width`×`height`.
    func render(width: Int, height: Int, seed: UInt64) -> PixelBuffer {
        let noise = Noise(seed: seed)
        var buffer = PixelBuffer(width: width, height: height, hasAlpha: false)
        let aspect = Double(width) / Double(height)
        buffer.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<height {
                let v = (Double(y) + 0.5) / Double(height)
                for x in 0..<width {
                    let u = (Double(x) + 0.5) / Double(width)
                    let c = colour(u, v, aspect: aspect, noise: noise)
                    let offset = (y * width + x) * 4
                    pixels[offset] = UInt8(min(255, max(0, c.x * 255 + 0.5)))
                    pixels[offset + 1] = UInt8(min(255, max(0, c.y * 255 + 0.5)))
                    pixels[offset + 2] = UInt8(min(255, max(0, c.z * 255 + 0.5)))
                    pixels[offset + 3] = 255
                }
            }
        }
        return buffer
    }

    private static func ridge(_ u: Double, base: Double, height: Double, scale: Double, _ noise: Noise, _ offset: Double) -> Double {
        base - height * noise.fractal(u * scale + offset, offset, octaves: 6)
    }

    private static func lake(_ u: Double, _ v: Double, _ aspect: Double, _ noise: Noise) -> Colour {
        let horizon = 0.58
        var y = v
        let reflected = v > horizon
        if reflected { y = 2 * horizon - v + 0.004 * sin(v * 900 + noise.value(u * 40, v * 300) * 6) }
        var sky = mix(Colour(0.98, 0.74, 0.52), Colour(0.22, 0.38, 0.68), 1 - y / horizon)
        let sun = exp(-pow(hypot((u - 0.68) * aspect, y - 0.36) / 0.05, 2))
        sky = mix(sky, Colour(1, 0.93, 0.75), sun)
        sky += Colour(1, 1, 1) * 0.08 * smoothstep(0.55, 0.8, noise.fractal(u * 6, y * 14))
        var colour = sky
        let far = ridge(u, base: 0.5, height: 0.22, scale: 3, noise, 1.7)
        if y > far { colour = mix(Colour(0.42, 0.45, 0.62), sky, 0.35 * (1 - (y - far) * 4)) }
        let near = ridge(u, base: 0.6, height: 0.2, scale: 5, noise, 9.2)
        if y > near { colour = mix(Colour(0.16, 0.24, 0.2), Colour(0.3, 0.36, 0.26), noise.fractal(u * 80, y * 80)) }
        if reflected { colour = mix(colour * Colour(0.7, 0.8, 0.9), Colour(0.1, 0.18, 0.3), (v - horizon) * 1.2) }
        return colour
    }

    private static func forest(_ u: Double, _ v: Double, _ aspect: Double, _ noise: Noise) -> Colour {
        // Misty layers of conifers, far ones pale, near ones dark and large.
        var colour = mix(Colour(0.9, 0.93, 0.9), Colour(0.55, 0.66, 0.62), v)
        for layer in 0..<4 {
            let depth = Double(layer) / 3
            let count = 9.0 - Double(layer) * 2
            let column = u * count + Double(layer) * 0.37
            let index = floor(column), local = column - index - 0.5
            let top = 0.08 + 0.3 * noise.value(index * 1.7, Double(layer) * 5) + 0.12 * (1 - depth)
            let bottom = 0.8 + 0.06 * depth
            let t = (v - top) / (bottom - top)
            let jag = 0.06 * abs(sin(t * 40 + index))
            let fog = 0.7 * (1 - depth)
            if t > 0 && t < 1 && abs(local) < 0.42 * t + jag * t {
                let needles = noise.fractal(u * 120 + Double(layer), v * 120)
                let shade = local < 0 ? 0.85 : 1.0
                colour = mix(mix(Colour(0.07, 0.22, 0.12), Colour(0.2, 0.42, 0.22), needles) * shade, colour, fog)
            } else if t >= 1 && t < 1.15 && abs(local) < 0.035 {
                colour = mix(Colour(0.25, 0.17, 0.1), colour, fog)
            }
        }
        let ground = smoothstep(0.86, 0.9, v + 0.03 * noise.fractal(u * 10, 3))
        return mix(colour, mix(Colour(0.3, 0.26, 0.16), Colour(0.45, 0.4, 0.22), noise.fractal(u * 90, v * 90)), ground)
    }

    private static func dunes(_ u: Double, _ v: Double, _ aspect: Double, _ noise: Noise) -> Colour {
        let sky = mix(Colour(0.95, 0.9, 0.8), Colour(0.55, 0.68, 0.85), 1 - v * 2.2)
        let crest = 0.45 + 0.08 * sin(u * 9 + 2 * noise.value(u * 3, 1)) + 0.05 * noise.fractal(u * 4, 2)
        guard v > crest else { return sky }
        let shade = 0.5 + 0.5 * sin((u * 14 + v * 30) + 3 * noise.fractal(u * 2, v * 2))
        let ripples = 0.04 * sin(v * 700 + u * 90 + 8 * noise.value(u * 20, v * 20))
        return mix(Colour(0.62, 0.44, 0.27), Colour(0.93, 0.74, 0.5), shade) + Colour(repeating: ripples)
    }

    private static func city(_ u: Double, _ v: Double, _ aspect: Double, _ noise: Noise) -> Colour {
        var colour = mix(Colour(0.02, 0.03, 0.1), Colour(0.2, 0.12, 0.3), v * 1.4)
        if noise.value(u * 900, v * 600) > 0.985 && v < 0.5 { colour = Colour(0.9, 0.9, 1) }
        let block = floor(u * 36)
        let top = 0.35 + 0.4 * noise.value(block * 1.7, 4)
        if v > top {
            colour = Colour(0.05, 0.05, 0.08)
            let wx = u * 36 * 6, wy = v * 140
            let lit = noise.value(floor(wx), floor(wy)) > 0.55
            if lit && wx - floor(wx) > 0.3 && wy - floor(wy) > 0.35 {
                colour = mix(Colour(1, 0.8, 0.45), Colour(0.7, 0.85, 1), noise.value(floor(wx) * 3, 1))
            }
        }
        return colour
    }

    private static func coast(_ u: Double, _ v: Double, _ aspect: Double, _ noise: Noise) -> Colour {
        let sky = mix(Colour(0.75, 0.86, 0.95), Colour(0.3, 0.55, 0.85), 1 - v * 2.5)
        let clouds = smoothstep(0.5, 0.75, noise.fractal(u * 5, v * 12))
        var colour = mix(sky, Colour(1, 1, 1), clouds * 0.8)
        if v > 0.42 {
            let wave = sin(v * 400 + 4 * noise.fractal(u * 8, v * 30)) * 0.5 + 0.5
            colour = mix(Colour(0.05, 0.3, 0.45), Colour(0.2, 0.55, 0.65), wave * (v - 0.42) * 3)
        }
        let shore = 0.72 + 0.05 * sin(u * 7) + 0.03 * noise.fractal(u * 12, 5)
        if v > shore {
            colour = mix(Colour(0.85, 0.78, 0.6), Colour(0.7, 0.6, 0.45), noise.fractal(u * 200, v * 200))
            if v < shore + 0.012 { colour = Colour(0.97, 0.97, 0.95) }
        }
        return colour
    }

    private static func canyon(_ u: Double, _ v: Double, _ aspect: Double, _ noise: Noise) -> Colour {
        let sky = mix(Colour(0.95, 0.8, 0.6), Colour(0.4, 0.6, 0.9), 1 - v * 2.5)
        let left = 0.12 + 0.12 * noise.fractal(v * 3, 1) + 0.3 * v
        let right = 0.88 - 0.12 * noise.fractal(v * 3, 7) - 0.3 * v
        if v > 0.9 && abs(u - 0.5 - 0.05 * sin(v * 40)) < 0.08 {
            return mix(Colour(0.2, 0.45, 0.5), Colour(0.5, 0.75, 0.8), noise.fractal(u * 60, v * 200))  // the river
        }
        guard u < left || u > right || v > 0.9 else { return sky }
        let strata = 0.5 + 0.5 * sin(v * 90 + 6 * noise.fractal(u * 3, v * 3))
        let light = u < left ? 0.95 : 0.75  // the far wall in shade
        return mix(Colour(0.55, 0.25, 0.12), Colour(0.88, 0.55, 0.32), strata) * light * (0.8 + 0.2 * noise.fractal(u * 150, v * 150))
    }

    private static func aurora(_ u: Double, _ v: Double, _ aspect: Double, _ noise: Noise) -> Colour {
        var colour = mix(Colour(0.01, 0.02, 0.06), Colour(0.03, 0.08, 0.15), v)
        if noise.value(u * 2400, v * 800) > 0.99 { colour = Colour(1, 1, 1) * 0.9 }
        let band = exp(-pow((v - 0.35 - 0.12 * sin(u * 10 + 3 * noise.fractal(u * 2, 5))) / 0.08, 2))
        let curtain = 0.5 + 0.5 * sin(u * 300 + 10 * noise.fractal(u * 6, v * 2))
        colour += Colour(0.1, 0.9, 0.5) * band * curtain * 0.8 + Colour(0.5, 0.1, 0.6) * band * 0.2
        let hills = 0.8 - 0.1 * noise.fractal(u * 5, 3)
        return v > hills ? Colour(0.02, 0.03, 0.04) : colour
    }
}
