import TestSupport
import Raster
import Testing
@testable import ImageCodecs

@Suite struct PNGEncoderTests {
    let folder = TemporaryFolder()

    /// A premultiplied test image with varied colour and alpha (alpha 255 when `alpha` is false).
    static func image(width: Int = 37, height: Int = 23, alpha: Bool, grey: Bool = false) -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height, hasAlpha: alpha)
        for y in 0..<height {
            for x in 0..<width {
                let a = alpha ? UInt8((x * 40 + y * 7) % 256) : 255
                let r = UInt8((x * 11 + y * 3) % 256), g = grey ? r : UInt8((y * 13) % 256), b = grey ? r : UInt8((x ^ y) * 5 % 256)
                func times(_ c: UInt8) -> UInt8 { UInt8((Int(c) * Int(a) + 127) / 255) }
                buffer[x, y] = SIMD4(times(r), times(g), times(b), a)
            }
        }
        return buffer
    }

    func roundTrip(_ bytes: [UInt8]) throws -> DecodedImage {
        try PNGDecoder.decode(path: folder.write(bytes, "out.png"), minimumScale: 1, pixelLimit: 1 << 28, memoryLimit: 1 << 30)
    }

    /// IHDR's colour type byte.
    func colorType(_ png: [UInt8]) -> UInt8 { png[25] }

    @Test(arguments: PNGPixelLayout.allCases, 0...9)
    func everyLayoutAndLevelRoundTrips(layout: PNGPixelLayout, compression: Int) throws {
        let alpha = layout == .rgba || layout == .greyAlpha, grey = layout == .grey || layout == .greyAlpha
        let source = Self.image(alpha: alpha, grey: grey)
        var options = PNGEncoder.Options(compression: compression)
        options.grey = grey
        let png = try PNGEncoder.encode(source, options: options)
        #expect(colorType(png) == layout.colorType)
        let decoded = try roundTrip(png)
        #expect(decoded.isGrey == grey)
        #expect(decoded.pixels.hasAlpha == alpha)
        // Straight alpha loses a little precision where alpha is low; premultiplied values come back within one level.
        #expect(maxDifference(decoded.pixels, source) <= 1)
        #expect(maxDifference(decoded.pixels.unpremultiplied().withoutColourUnderZeroAlpha, source.unpremultiplied()) == 0
            || alpha)
    }

    @Test func opaqueImagesRoundTripExactly() throws {
        let source = Self.image(alpha: false)
        let decoded = try roundTrip(try PNGEncoder.encode(source, options: PNGEncoder.Options(compression: 6)))
        #expect(decoded.pixels == source)
    }

    @Test func fullyTransparentPixelsAreWrittenBlack() throws {
        var source = PixelBuffer(width: 2, height: 1, hasAlpha: true)
        source[0, 0] = SIMD4(0, 0, 0, 0)
        source[1, 0] = SIMD4(100, 50, 0, 200)
        let png = try PNGEncoder.encode(source, options: PNGEncoder.Options(compression: 0))
        let decoded = try roundTrip(png)
        #expect(decoded.pixels[0, 0] == SIMD4(0, 0, 0, 0))
        #expect(decoded.pixels[1, 0] == SIMD4(100, 50, 0, 200))
    }

    @Test func theBytesAreDeterministicAndHaveNoTimeOrText() throws {
        let source = Self.image(alpha: true)
        let first = try PNGEncoder.encode(source, options: PNGEncoder.Options(compression: 6))
        let second = try PNGEncoder.encode(source, options: PNGEncoder.Options(compression: 6))
        #expect(first == second)
        #expect(PNGDamage.chunks(first).map(\.type) == ["IHDR", "IDAT", "IEND"])
        #expect(Array(first.prefix(33)) == PNGFixture.signature + PNGFixture.chunk("IHDR", [0, 0, 0, 37, 0, 0, 0, 23, 8, 6, 0, 0, 0]))
        #expect(Array(first.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    @Test func colourChunksAreCarriedInOrder() throws {
        let profile = ICCFixture.minimal()
        var options = PNGEncoder.Options(compression: 6)
        options.iccProfile = profile
        let chromaticities = [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000]
        options.colorChunks = PNGColorChunks(srgbIntent: 0, gamma: 45455, chromaticities: chromaticities)
        let png = try PNGEncoder.encode(Self.image(alpha: false), options: options)
        // An embedded profile and sRGB are exclusive: the profile wins.
        #expect(PNGDamage.chunks(png).map(\.type) == ["IHDR", "gAMA", "cHRM", "iCCP", "IDAT", "IEND"])
        let decoded = try roundTrip(png)
        #expect(decoded.iccProfile == profile)
        #expect(decoded.colorChunks == PNGColorChunks(gamma: 45455, chromaticities: chromaticities))

        options.iccProfile = nil
        let srgb = try roundTrip(try PNGEncoder.encode(Self.image(alpha: false), options: options))
        #expect(srgb.colorChunks == PNGColorChunks(srgbIntent: 0, gamma: 45455, chromaticities: chromaticities))
    }

    @Test func aTinyProfileIsStoredSoLibpngAcceptsIt() throws {
        let tiny = try PNGEncoder.iccpPayload(ICCFixture.minimal())
        #expect(tiny.count >= PNGEncoder.shortestICCPChunk)
        let large = ICCFixture.minimal() + (0..<3000).map { UInt8($0 * 7 % 251) }
        #expect(try PNGEncoder.iccpPayload(large).count < large.count)
    }

    @Test func largeImageDataIsSplitIntoIDATChunksOfAMebibyte() throws {
        var noise = PixelBuffer(width: 700, height: 600, hasAlpha: false)
        var state: UInt32 = 1
        for i in noise.pixels.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            noise.pixels[i] = i % 4 == 3 ? 255 : UInt8(state >> 24)
        }
        let png = try PNGEncoder.encode(noise, options: PNGEncoder.Options(compression: 1))
        let idats = PNGDamage.chunks(png).filter { $0.type == "IDAT" }
        #expect(idats.count == 2)
        #expect(idats[0].length == 1 << 20)
        #expect(try roundTrip(png).pixels == noise)
    }

    @Test func higherCompressionIsNoLarger() throws {
        let source = Self.image(width: 200, height: 150, alpha: false)
        let sizes = try (0...9).map { try PNGEncoder.encode(source, options: PNGEncoder.Options(compression: $0)).count }
        #expect(sizes[0] > sizes[1])
        #expect(sizes[1] >= sizes[6])
        #expect(sizes[6] >= sizes[9])
    }
}

extension PixelBuffer {
    /// Colour zeroed where alpha is zero (straight alpha keeps no colour there).
    var withoutColourUnderZeroAlpha: PixelBuffer {
        var copy = self
        for i in stride(from: 0, to: pixels.count, by: 4) where pixels[i + 3] == 0 {
            copy.pixels[i] = 0
            copy.pixels[i + 1] = 0
            copy.pixels[i + 2] = 0
        }
        return copy
    }
}
