import TestSupport
import Raster
import Testing
@testable import ImageCodecs

/// Expected 8-bit RGBA (premultiplied) of fixture pixels, worked out independently of libpng.
private struct Expectation {
    let fixture: PNGFixture

    /// A stored sample scaled to 8 bits.
    func eight(_ value: Int) -> Int {
        switch fixture.bitDepth {
        case 16: Int((Double(value) / 257).rounded())
        case 8: value
        default: value * 255 / ((1 << fixture.bitDepth) - 1)
        }
    }

    /// Straight-alpha RGBA of pixel (x, y), 8 bits a channel; alpha from a tRNS palette too.
    func straight(_ x: Int, _ y: Int) -> [Int] {
        let s = fixture.sample(x, y)
        switch fixture.colorType {
        case 0: return [eight(s[0]), eight(s[0]), eight(s[0]), 255]
        case 2: return s.map(eight) + [255]
        case 3:
            let alpha = fixture.transparency.map { s[0] < $0.count ? Int($0[s[0]]) : 255 } ?? 255
            return fixture.palette[s[0]].map(Int.init) + [alpha]
        case 4: return [eight(s[0]), eight(s[0]), eight(s[0]), eight(s[1])]
        default: return s.map(eight)
        }
    }

    /// Premultiplied, as the decoder hands pixels over; 16-bit sources premultiply before rounding.
    func premultiplied(_ x: Int, _ y: Int) -> [Int] {
        let s = fixture.sample(x, y)
        if fixture.bitDepth == 16, fixture.colorType == 4 || fixture.colorType == 6 {
            let alpha = Double(s.last!)
            let colour = fixture.colorType == 4 ? [s[0], s[0], s[0]] : Array(s[0..<3])
            return colour.map { Int((Double($0) * alpha / 65535 / 257).rounded()) } + [Int((alpha / 257).rounded())]
        }
        let rgba = straight(x, y)
        let alpha = rgba[3]
        return rgba[0..<3].map { ($0 * alpha + 127) / 255 } + [alpha]
    }
}

/// A 13×11 fixture (odd sizes exercise partial Adam7 passes) with a pattern over every level.
func patternFixture(colorType: UInt8, bitDepth: Int, interlaced: Bool = false) -> PNGFixture {
    let maximum = (1 << bitDepth) - 1
    let entries = min(maximum + 1, 7)
    var fixture = PNGFixture(width: 13, height: 11, colorType: colorType, bitDepth: bitDepth) { x, y in
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)]!
        if colorType == 3 { return [(x + 3 * y) % entries] }
        let spread = maximum / 255 + 1
        return (0..<channels).map { (c: Int) -> Int in
            let seed: Int = x * 7919 + y * 104_729 + c * 7_777
            return seed * spread % (maximum + 1)
        }
    }
    fixture.interlaced = interlaced
    if colorType == 3 {
        fixture.palette = (0..<entries).map { (i: Int) -> [UInt8] in [UInt8(i * 36), UInt8(255 - i * 30), UInt8(i * 17)] }
        fixture.transparency = Array([UInt8]([255, 0, 128, 7]).prefix(entries))
    }
    return fixture
}

@Suite struct PNGDecoderTests {
    let folder = TemporaryFolder()

    func decode(_ bytes: [UInt8], scale: Double = 1, pixelLimit: Int = 1 << 28, memoryLimit: Int = 1 << 30) throws(CodecError) -> DecodedImage {
        try PNGDecoder.decode(path: folder.write(bytes, "image.png"), minimumScale: scale,
                              pixelLimit: pixelLimit, memoryLimit: memoryLimit)
    }

    static let kinds: [(colorType: UInt8, depth: Int)] = [
        (0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (2, 8), (2, 16), (3, 1), (3, 2), (3, 4), (3, 8),
        (4, 8), (4, 16), (6, 8), (6, 16),
    ]

    @Test(arguments: kinds, [false, true])
    func everyColourTypeAndDepthDecodesToItsPixels(kind: (colorType: UInt8, depth: Int), interlaced: Bool) throws {
        let fixture = patternFixture(colorType: kind.colorType, bitDepth: kind.depth, interlaced: interlaced)
        let image = try decode(fixture.bytes)
        let expect = Expectation(fixture: fixture)
        #expect(image.pixels.size == PixelSize(width: 13, height: 11))
        #expect(image.fullSize == PixelSize(width: 13, height: 11))
        #expect(image.pixels.hasAlpha == (kind.colorType == 3 || kind.colorType & 4 != 0))
        #expect(image.isGrey == (kind.colorType == 0 || kind.colorType == 4))
        // Interlaced 16-bit files round to 8 bits before premultiplying (they are held whole).
        let tolerance = kind.depth == 16 ? 1 : 0
        for y in 0..<11 {
            for x in 0..<13 {
                let got = image.pixels[x, y]
                let want = expect.premultiplied(x, y)
                for c in 0..<4 where abs(Int(got[c]) - want[c]) > tolerance {
                    Issue.record("pixel (\(x), \(y)) channel \(c): \(got[c]), expected \(want[c])")
                    return
                }
            }
        }
    }

    @Test func greyWithTRNSHasAlpha() throws {
        var fixture = PNGFixture(width: 4, height: 1, colorType: 0, bitDepth: 8) { x, _ in [x * 60] }
        fixture.transparency = [0, 60]
        let image = try decode(fixture.bytes)
        #expect(image.pixels.hasAlpha)
        #expect(image.isGrey)
        #expect(image.pixels[1, 0] == SIMD4(0, 0, 0, 0))
        #expect(image.pixels[2, 0] == SIMD4(120, 120, 120, 255))
    }

    @Test(arguments: [(1.0, 100, 60), (0.5, 50, 30), (0.3, 34, 20), (0.26, 34, 20), (1.0 / 3, 34, 20), (0.2, 20, 12), (0.001, 1, 1)])
    func shrinksByWholeFactorsToExactSizes(scale: Double, width: Int, height: Int) throws {
        let fixture = PNGFixture(width: 100, height: 60, colorType: 2, bitDepth: 8) { x, y in [x, y, 0] }
        let image = try decode(fixture.bytes, scale: scale)
        #expect(image.pixels.size == PixelSize(width: width, height: height))
        #expect(image.fullSize == PixelSize(width: 100, height: 60))
    }

    @Test func shrinkFactorIsTheWholePartOfTheInverseScale() {
        #expect(BoxShrink.factor(keeping: 1, length: 100) == 1)
        #expect(BoxShrink.factor(keeping: 0.6, length: 100) == 1)
        #expect(BoxShrink.factor(keeping: 0.5, length: 100) == 2)
        #expect(BoxShrink.factor(keeping: 0.2925, length: 8000) == 3)
        #expect(BoxShrink.factor(keeping: 0.01, length: 40) == 40)
        #expect(BoxShrink.factor(keeping: 1e-6, length: 60000) == 4096)
        #expect(BoxShrink.factor(keeping: 1e-300, length: 60000) == 4096)
    }

    @Test(arguments: [false, true])
    func transparentPixelsLendNoColourWhenShrunk(interlaced: Bool) throws {
        // 1-px columns: opaque red, fully transparent green.
        var fixture = PNGFixture(width: 40, height: 8, colorType: 6, bitDepth: 8) { x, _ in x % 2 == 0 ? [255, 0, 0, 255] : [0, 255, 0, 0] }
        fixture.interlaced = interlaced
        let image = try decode(fixture.bytes, scale: 0.5)
        #expect(image.pixels.size == PixelSize(width: 20, height: 4))
        let straight = image.pixels.unpremultiplied()
        for y in 0..<4 {
            for x in 0..<20 {
                #expect(straight[x, y] == SIMD4(255, 0, 0, 128))
            }
        }
    }

    @Test func sixteenBitAlphaIsPremultipliedBeforeRounding() throws {
        // Colour 65535 at alpha 300: 300/257 rounds to 1, and so does the premultiplied colour.
        let fixture = PNGFixture(width: 3, height: 1, colorType: 6, bitDepth: 16) { x, _ in
            [[65535, 0, 32768, 300], [65535, 65535, 65535, 65535], [1000, 2000, 3000, 0]][x]
        }
        let image = try decode(fixture.bytes)
        #expect(image.pixels[0, 0] == SIMD4(1, 0, 1, 1))
        #expect(image.pixels[1, 0] == SIMD4(255, 255, 255, 255))
        #expect(image.pixels[2, 0] == SIMD4(0, 0, 0, 0))
    }

    @Test func colourChunksAndProfileAreKept() throws {
        let profile = ICCFixture.minimal()
        var fixture = PNGFixture(width: 2, height: 2, colorType: 2, bitDepth: 8) { _, _ in [1, 2, 3] }
        let chromaticities = [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000]
        fixture.chunks = [("gAMA", UInt32(45455).bigEndian4), ("cHRM", chromaticities.flatMap { UInt32($0).bigEndian4 }),
                          ("iCCP", ICCFixture.iccpPayload(profile))]
        let image = try decode(fixture.bytes)
        #expect(image.iccProfile == profile)
        #expect(image.colorChunks == PNGColorChunks(gamma: 45455, chromaticities: chromaticities))

        fixture.chunks = [("sRGB", [1])]
        let srgb = try decode(fixture.bytes)
        #expect(srgb.iccProfile == nil)
        #expect(srgb.colorChunks == PNGColorChunks(srgbIntent: 1))

        fixture.chunks = []
        #expect(try decode(fixture.bytes).colorChunks == nil)
    }

    @Test func aMalformedProfileIsDroppedNotFatal() throws {
        var fixture = PNGFixture(width: 2, height: 2, colorType: 2, bitDepth: 8) { _, _ in [1, 2, 3] }
        fixture.chunks = [("iCCP", ICCFixture.iccpPayload(Array(repeating: 7, count: 200)))]
        let image = try decode(fixture.bytes)
        #expect(image.iccProfile == nil)
        #expect(image.pixels[1, 1] == SIMD4(1, 2, 3, 255))
    }
}
