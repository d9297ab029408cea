#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ThumbHash (Evan Wallace's placeholder format): a DCT of an image of at most 100×100 pixels in
/// about 25 bytes, which a client decodes into a blurred preview of the right colours and shape.
///
/// The arithmetic follows the reference JavaScript encoder step for step (same operations in the
/// same order, in `Double`), so the bytes are the reference's. Rounding is JavaScript's
/// `Math.round` (halves go up); Python ports round halves to even, which can differ in one
/// quantised term when a value lands exactly on a half.
public enum ThumbHash {
    /// The largest side the encoder takes, in pixels.
    public static let maximumSide = 100

    /// The hash of a `width`×`height` image (each side 1...100 pixels) given as straight-alpha
    /// RGBA, 8 bits a channel, rows packed. Nil when the sizes are out of range or `rgba` is not
    /// `width × height × 4` bytes.
    public static func encode(width w: Int, height h: Int, rgba: [UInt8]) -> [UInt8]? {
        guard (1...maximumSide).contains(w), (1...maximumSide).contains(h), rgba.count == w * h * 4 else { return nil }
        let count = w * h
        let average = averageColour(rgba, count: count)
        let hasAlpha = average.alphaSum < Double(count)
        let luminanceLimit = hasAlpha ? 5.0 : 7.0  // fewer luminance terms leave room for alpha
        let longest = Double(max(w, h))
        let lx = max(1, Int(jsRound(luminanceLimit * Double(w) / longest)))
        let ly = max(1, Int(jsRound(luminanceLimit * Double(h) / longest)))

        let (l, p, q, a) = lpqa(rgba, count: count, over: average)
        let luminance = Channel(l, width: w, height: h, nx: max(3, lx), ny: max(3, ly))
        let yellowBlue = Channel(p, width: w, height: h, nx: 3, ny: 3)
        let redGreen = Channel(q, width: w, height: h, nx: 3, ny: 3)
        let opacity = hasAlpha ? Channel(a, width: w, height: h, nx: 5, ny: 5) : nil

        var hash = header(luminance: luminance, yellowBlue: yellowBlue, redGreen: redGreen, opacity: opacity,
                          lx: lx, ly: ly, isLandscape: w > h)
        appendTerms([luminance, yellowBlue, redGreen] + (opacity.map { [$0] } ?? []), to: &hash)
        return hash
    }

    /// The average colour, weighted by alpha, and the alpha summed over the pixels.
    private static func averageColour(_ rgba: [UInt8], count: Int) -> (r: Double, g: Double, b: Double, alphaSum: Double) {
        var averageR = 0.0, averageG = 0.0, averageB = 0.0, averageA = 0.0
        for i in 0..<count {
            let j = i * 4
            let alpha = Double(rgba[j + 3]) / 255
            averageR += alpha / 255 * Double(rgba[j])
            averageG += alpha / 255 * Double(rgba[j + 1])
            averageB += alpha / 255 * Double(rgba[j + 2])
            averageA += alpha
        }
        if averageA != 0 {
            averageR /= averageA
            averageG /= averageA
            averageB /= averageA
        }
        return (averageR, averageG, averageB, averageA)
    }

    /// RGBA to LPQA (luminance, yellow–blue, red–green, alpha), composited over the average colour.
    private static func lpqa(_ rgba: [UInt8], count: Int, over average: (r: Double, g: Double, b: Double, alphaSum: Double))
        -> (l: [Double], p: [Double], q: [Double], a: [Double]) {
        var l = [Double](repeating: 0, count: count), p = l, q = l, a = l
        for i in 0..<count {
            let j = i * 4
            let alpha = Double(rgba[j + 3]) / 255
            let r = average.r * (1 - alpha) + alpha / 255 * Double(rgba[j])
            let g = average.g * (1 - alpha) + alpha / 255 * Double(rgba[j + 1])
            let b = average.b * (1 - alpha) + alpha / 255 * Double(rgba[j + 2])
            l[i] = (r + g + b) / 3
            p[i] = (r + g) / 2 - b
            q[i] = r - g
            a[i] = alpha
        }
        return (l, p, q, a)
    }

    /// The 5 header bytes (the constant terms, the scales, the luminance terms' count, the
    /// orientation and whether there is alpha), and the alpha byte when there is.
    private static func header(luminance: Channel, yellowBlue: Channel, redGreen: Channel, opacity: Channel?,
                               lx: Int, ly: Int, isLandscape: Bool) -> [UInt8] {
        let header24 = Int(jsRound(63 * luminance.dc))
            | Int(jsRound(31.5 + 31.5 * yellowBlue.dc)) << 6
            | Int(jsRound(31.5 + 31.5 * redGreen.dc)) << 12
            | Int(jsRound(31 * luminance.scale)) << 18
            | (opacity != nil ? 1 << 23 : 0)
        let header16 = (isLandscape ? ly : lx)
            | Int(jsRound(63 * yellowBlue.scale)) << 3
            | Int(jsRound(63 * redGreen.scale)) << 9
            | (isLandscape ? 1 << 15 : 0)
        var hash: [UInt8] = [UInt8(header24 & 255), UInt8((header24 >> 8) & 255), UInt8(header24 >> 16),
                             UInt8(header16 & 255), UInt8(header16 >> 8)]
        if let opacity {
            hash.append(UInt8(Int(jsRound(15 * opacity.dc)) | Int(jsRound(15 * opacity.scale)) << 4))
        }
        return hash
    }

    /// The varying terms, two 4-bit values a byte, low nibble first.
    private static func appendTerms(_ channels: [Channel], to hash: inout [UInt8]) {
        var nibble = 0
        for channel in channels {
            for term in channel.ac {
                let value = UInt8(Int(jsRound(15 * term)))
                if nibble & 1 == 0 { hash.append(value) } else { hash[hash.count - 1] |= value << 4 }
                nibble += 1
            }
        }
    }

    /// One channel's DCT: the constant term, the varying terms normalised to 0...1 around 0.5,
    /// and the scale they were normalised by.
    private struct Channel {
        var dc = 0.0
        var ac: [Double] = []
        var scale = 0.0

        init(_ channel: [Double], width w: Int, height h: Int, nx: Int, ny: Int) {
            var fx = [Double](repeating: 0, count: w)
            channel.withUnsafeBufferPointer { channel in
                fx.withUnsafeMutableBufferPointer { fx in
                    for cy in 0..<ny {
                        var cx = 0
                        while cx * ny < nx * (ny - cy) {
                            var f = 0.0
                            for x in 0..<w { fx[x] = cos(Double.pi / Double(w) * Double(cx) * (Double(x) + 0.5)) }
                            for y in 0..<h {
                                let fy = cos(Double.pi / Double(h) * Double(cy) * (Double(y) + 0.5))
                                let row = y * w
                                // (value × fx) × fy, in this order: the reference's rounding.
                                for x in 0..<w { f += channel[x + row] * fx[x] * fy }
                            }
                            f /= Double(w * h)
                            if cx > 0 || cy > 0 {
                                ac.append(f)
                                scale = max(scale, abs(f))
                            } else {
                                dc = f
                            }
                            cx += 1
                        }
                    }
                }
            }
            if scale != 0 {
                for i in ac.indices { ac[i] = 0.5 + 0.5 / scale * ac[i] }
            }
        }
    }

    /// JavaScript's `Math.round`: the nearest integer, halves up.
    static func jsRound(_ value: Double) -> Double {
        let down = value.rounded(.down)
        return value - down >= 0.5 ? down + 1 : down  // exact: no `value + 0.5` that could round up
    }
}
