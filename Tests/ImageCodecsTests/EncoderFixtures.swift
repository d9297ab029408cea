import Foundation
import ImageCodecs
import Raster
import TestSupport

/// Pictures and checks shared by the WebP and AVIF encoder tests.
enum EncoderFixtures {
    /// Red on the left, transparent on the right, a soft edge between them (premultiplied): what
    /// a cut-out logo's edge looks like after resampling. Straight colour is pure red wherever
    /// alpha is not zero, so any dark or grey pixel an encoder gives back is a fringe.
    static func redEdge(width: Int = 48, height: Int = 32) -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height, hasAlpha: true)
        for y in 0..<height {
            for x in 0..<width {
                // Alpha falls from 255 to 0 over 8 pixels around the middle, the edge slanting a little.
                let position = Double(x) - Double(width) / 2 + Double(y) / 8
                let alpha = UInt8(max(0, min(255, (4 - position) * 255 / 8)))
                buffer[x, y] = SIMD4(alpha, 0, 0, alpha)
            }
        }
        return buffer
    }

    /// Wide-gamut ICC profiles: one made in code, and the real Display P3 profile of
    /// ../shared/testdata's `png/sharp__p3.png` when that folder is there.
    static func wideGamutProfiles() throws -> [[UInt8]] {
        var profiles = [WideGamutProfile.bytes()]
        let p3 = SharedTestData.folder.appendingPathComponent("png/sharp__p3.png").path
        if SharedTestData.isPresent,
           let real = try PNGDecoder.decode(path: p3, minimumScale: 1, pixelLimit: 1 << 20, memoryLimit: 1 << 24).iccProfile {
            profiles.append(real)
        }
        return profiles
    }

    /// A grey ramp with some texture, R = G = B.
    static func grey(width: Int = 40, height: Int = 24) -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height, hasAlpha: false)
        for y in 0..<height {
            for x in 0..<width {
                let v = UInt8((x * 255 / max(1, width - 1) + (y % 4) * 9) % 256)
                buffer[x, y] = SIMD4(v, v, v, 255)
            }
        }
        return buffer
    }

    /// The darkest straight red among decoded pixels at least `minimumAlpha` opaque, and the
    /// largest green or blue there: a dark fringe shows as a low red, a grey one as green/blue.
    /// Measured on `redEdge` at quality 60–80: red 226 to 248, green/blue at most 15.
    static func edgeColours(_ decoded: PixelBuffer, minimumAlpha: UInt8 = 32) -> (minimumRed: Int, maximumGreenBlue: Int) {
        let straight = decoded.unpremultiplied()
        var red = 255, other = 0
        for y in 0..<straight.height {
            for x in 0..<straight.width where straight[x, y][3] >= minimumAlpha {
                let pixel = straight[x, y]
                red = min(red, Int(pixel[0]))
                other = max(other, Int(pixel[1]), Int(pixel[2]))
            }
        }
        return (red, other)
    }

    /// The largest difference between R, G and B in any pixel.
    static func greyError(_ image: PixelBuffer) -> Int {
        var worst = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                worst = max(worst, abs(Int(p[0]) - Int(p[1])), abs(Int(p[1]) - Int(p[2])), abs(Int(p[0]) - Int(p[2])))
            }
        }
        return worst
    }

    /// Same-sized images' PSNR over R, G and B only (the fourth byte of an opaque image means nothing).
    static func colourPSNR(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        var squares = 0.0, count = 0.0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            for c in 0..<3 {
                let d = Double(a.pixels[i + c]) - Double(b.pixels[i + c])
                squares += d * d
                count += 1
            }
        }
        return squares == 0 ? .infinity : 10 * log10(255 * 255 / (squares / count))
    }
}
