import Foundation
import Raster

/// The largest difference between two same-sized images in any channel of any pixel
/// (`Int.max` when their sizes differ).
public func maxDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
    guard a.size == b.size else { return .max }
    return zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
}

/// Peak signal-to-noise ratio of two same-sized images over all four channels, in dB
/// (infinity when they are equal).
public func psnr(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
    precondition(a.size == b.size)
    var squares = 0.0
    for i in a.pixels.indices {
        let difference = Double(a.pixels[i]) - Double(b.pixels[i])
        squares += difference * difference
    }
    guard squares > 0 else { return .infinity }
    return 10 * log10(255 * 255 / (squares / Double(a.pixels.count)))
}
