import Foundation
import GIFWriting
import Raster

/// A round badge on a transparent background, with soft edges: the PNG-with-alpha original.
enum Badge {
    static func render(size: Int) -> PixelBuffer {
        var buffer = PixelBuffer(width: size, height: size, hasAlpha: true)
        let centre = Double(size) / 2, radius = Double(size) * 0.46, ring = Double(size) * 0.05
        for y in 0..<size {
            for x in 0..<size {
                let dx = Double(x) + 0.5 - centre, dy = Double(y) + 0.5 - centre
                let distance = (dx * dx + dy * dy).squareRoot()
                let alpha = min(1, max(0, radius - distance + 0.5))
                guard alpha > 0 else { continue }
                let angle = atan2(dy, dx)
                var colour = mix(Colour(0.98, 0.55, 0.2), Colour(0.85, 0.15, 0.45), (dy / radius + 1) / 2)
                if distance > radius - ring { colour = Colour(1, 1, 1) }
                // A star of five points in the middle.
                let star = 0.45 + 0.2 * cos(5 * angle)
                if distance < radius * star * 0.8 { colour = mix(colour, Colour(1, 0.95, 0.7), 0.85) }
                let a = alpha * 255
                buffer[x, y] = SIMD4(UInt8(colour.x * a + 0.5), UInt8(colour.y * a + 0.5), UInt8(colour.z * a + 0.5), UInt8(a + 0.5))
            }
        }
        return buffer
    }
}

/// An eight-frame loading spinner: the animated original.
enum Spinner {
    static func gif(size: Int, frames count: Int) -> [UInt8] {
        let palette: [SIMD3<UInt8>] = [[255, 255, 255], [40, 110, 220], [180, 200, 235]]
        let frames = (0..<count).map { frame -> [UInt8] in
            var pixels = [UInt8](repeating: 0, count: size * size)
            let centre = Double(size) / 2
            for y in 0..<size {
                for x in 0..<size {
                    let dx = Double(x) + 0.5 - centre, dy = Double(y) + 0.5 - centre
                    let distance = (dx * dx + dy * dy).squareRoot()
                    guard distance > centre * 0.5, distance < centre * 0.85 else { continue }
                    let angle = (atan2(dy, dx) + .pi) / (2 * .pi) * Double(count)
                    pixels[y * size + x] = Int(angle) == frame ? 1 : 2
                }
            }
            return pixels
        }
        return GIFWriter.gif(width: size, height: size, palette: palette,
                             frames: frames.map { GIFWriter.Frame(width: size, height: size, indexes: $0) }, loops: true)
    }
}
