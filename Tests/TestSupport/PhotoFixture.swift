import Foundation

/// A photograph-like RGB test image: smooth shapes at several scales with a little grain, so
/// resampling behaves as it does on real photos (PngSuite's 1-pixel patterns do not).
public enum PhotoFixture {
    /// The RGB samples of pixel (x, y), 0...255.
    public static func sample(_ x: Int, _ y: Int) -> [Int] {
        let fx = Double(x), fy = Double(y)
        let grain = ((x &* 73_856_093) ^ (y &* 19_349_663)) & 3
        return (0..<3).map { channel in
            let phase = Double(channel) * 1.7
            let value = 128 + 55 * sin(fx / 37 + phase) * cos(fy / 23 - phase) + 35 * sin((fx + 2 * fy) / 61 + phase)
                + 20 * cos(fx / 9 + fy / 13)
            return min(255, max(0, Int(value) + grain))
        }
    }

    /// `width`×`height` of it as a PNG fixture (8-bit RGB).
    public static func png(width: Int, height: Int) -> PNGFixture {
        PNGFixture(width: width, height: height, colorType: 2, bitDepth: 8) { x, y in sample(x, y) }
    }
}
