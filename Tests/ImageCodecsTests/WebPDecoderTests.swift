import Foundation
import Raster
import Testing
import TestSupport
@testable import ImageCodecs

/// Still WebP through libwebp's scaling decoder: sizes, alpha, colour profile, damage, limits.
@Suite struct WebPDecoderTests {
    let folder = TemporaryFolder()
    static let photo = Pictures.photo(width: 400, height: 300, seed: 7)
    static let limits = DecodeLimits(pixels: 1 << 28, memoryBytes: 1 << 30, scans: 100)

    /// A 200×150 picture whose left part is opaque red and whose right part is transparent with
    /// bright green hidden under it (kept by lossless `exact`), a soft edge between.
    static let edge: PixelBuffer = {
        var image = PixelBuffer(width: 200, height: 150, hasAlpha: true)
        for y in 0..<150 {
            for x in 0..<200 {
                let alpha = UInt8(max(0, min(255, (120 - x) * 16)))
                image[x, y] = SIMD4(UInt8((220 * Int(alpha) + 127) / 255), 0, 0, alpha)
            }
        }
        return image
    }()

    func decode(_ bytes: [UInt8], scale: Double, limits: DecodeLimits = Self.limits) throws(CodecError) -> (ImageHeader, DecodedImage) {
        let path = folder.write(bytes, "image.webp")
        let header = try ImageHeader.read(path: path)
        let collector = PixelCollector()
        try ImageDecoders.decode(path: path, header: header, minimumScale: scale, limits: limits, into: collector)
        return (header, collector.image!)
    }

    static func reference(_ image: PixelBuffer, _ size: PixelSize) -> PixelBuffer {
        Resampler.resample(image, rect: PixelRect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)), to: size)
    }

    @Test(arguments: [(1.0, 400, 300), (0.5, 200, 150), (0.3, 120, 90), (0.26, 104, 78), (0.001, 1, 1)])
    func theScalingDecoderMakesTheSizeAsked(scale: Double, width: Int, height: Int) throws {
        let (header, image) = try decode(WebPFixtures.encode(Self.photo, quality: 90), scale: scale)
        #expect(header.size == PixelSize(width: 400, height: 300) && !header.hasAlpha)
        #expect(image.info.fullSize == header.size)
        #expect(image.info.decodedSize == PixelSize(width: width, height: height))
        #expect(image.info.scaleX == Double(width) / 400 && image.info.scaleY == Double(height) / 300)
        #expect(!image.info.hasAlpha && image.info.iccProfile == nil)
        // Measured: 42.1 to 45.5 dB against the source resampled to the same size.
        if width > 8 { #expect(psnr(image.pixels, Self.reference(Self.photo, image.pixels.size)) > 40) }
    }

    @Test func aLossyDecodeMatchesItsSource() throws {
        let (_, full) = try decode(WebPFixtures.encode(Self.photo, quality: 90), scale: 1)
        let (_, quarter) = try decode(WebPFixtures.encode(Self.photo, quality: 90), scale: 0.25)
        #expect(psnr(full.pixels, Self.photo) > 36)
        // Measured: 45.4 dB.
        #expect(psnr(quarter.pixels, Self.reference(Self.photo, quarter.pixels.size)) > 43)
    }

    @Test func losslessAlphaIsScaledPremultipliedWithoutFringes() throws {
        let (header, image) = try decode(WebPFixtures.encode(Self.edge, lossless: true), scale: 0.25)
        #expect(header.hasAlpha && image.info.hasAlpha)
        #expect(image.info.decodedSize == PixelSize(width: 50, height: 38))
        // The green under transparent pixels must not bleed into the soft edge.
        let green = stride(from: 1, to: image.pixels.pixels.count, by: 4).map { Int(image.pixels.pixels[$0]) }.max()!
        #expect(green <= 1)
        // Measured: 58.6 dB.
        #expect(psnr(image.pixels, Self.reference(Self.edge, image.pixels.size)) > 55)
    }

    @Test func lossyAlphaIsDecodedWhole() throws {
        let (header, image) = try decode(WebPFixtures.encode(Self.edge, quality: 90), scale: 0.25)
        #expect(header.hasAlpha && header.wholeImageBytes > 200 * 150 * 4)
        #expect(image.info.decodedSize == PixelSize(width: 200, height: 150) && image.info.hasAlpha)
        #expect(psnr(image.pixels, Self.edge) > 35)
    }

    @Test func theICCProfileComesFromTheICCPChunk() throws {
        let profile = ICCFixture.minimal()
        let (_, image) = try decode(WebPFixtures.encode(Self.photo, quality: 80, iccProfile: profile), scale: 0.5)
        #expect(image.info.iccProfile == profile)
    }

    @Test func anAnimatedWebPIsAnimated() throws {
        let path = folder.write(WebPFixtures.animated([Self.photo, Pictures.quadrants(width: 400, height: 300)]), "animated.webp")
        let header = try ImageHeader.read(path: path)
        #expect(header.isAnimated && header.size == PixelSize(width: 400, height: 300))
        #expect(throws: CodecError.unsupported("animated WebP images are not decoded")) {
            try WebPDecoder.decode(path: path, minimumScale: 1, pixelLimit: 1 << 28, memoryLimit: 1 << 30)
        }
    }

    @Test func aTruncatedWebPIsDamaged() throws {
        let bytes = WebPFixtures.encode(Self.photo, quality: 90)
        let path = folder.write(Array(bytes.prefix(bytes.count / 2)), "cut.webp")
        #expect(throws: CodecError.damaged("truncated WebP data (not enough data)")) {
            try WebPDecoder.decode(path: path, minimumScale: 0.5, pixelLimit: 1 << 28, memoryLimit: 1 << 30)
        }
    }

    @Test func aCorruptWebPIsDamaged() throws {
        var bytes = WebPFixtures.encode(Self.photo, lossless: true)
        for index in stride(from: 40, to: bytes.count, by: 7) { bytes[index] ^= 0x5A }
        let path = folder.write(bytes, "corrupt.webp")
        #expect(throws: CodecError.damaged("corrupt WebP data (bitstream error)")) {
            try WebPDecoder.decode(path: path, minimumScale: 0.5, pixelLimit: 1 << 28, memoryLimit: 1 << 30)
        }
    }

    @Test func limitsAreCheckedBeforeDecoding() throws {
        let path = folder.write(WebPFixtures.encode(Self.photo, lossless: true), "big.webp")
        #expect(throws: CodecError.overLimit("400x300 is 120000 pixels, over the limit of 100000 (limits.pixels)")) {
            try WebPDecoder.decode(path: path, minimumScale: 0.5, pixelLimit: 100_000, memoryLimit: 1 << 30)
        }
        #expect(throws: CodecError.overLimit("this WebP needs 1 MiB to decode, over the limit of 0 MiB (limits.memory_mb)")) {
            try WebPDecoder.decode(path: path, minimumScale: 0.5, pixelLimit: 1 << 28, memoryLimit: 500_000)
        }
    }
}

/// A file the fuzzer found (585 bytes): thumbgen's header reader takes its VP8X canvas, 3841x1,
/// where libwebp reads an image of 33x21. Renditions planned for the one were resampled from
/// the other, out of its bounds, until the resampler's weights overflowed (a trap). Two readers
/// that disagree on a file's size mean a damaged file.
@Suite struct WebPSizeDisagreementTests {
    static let file = [UInt8](Data(base64Encoded: "UklGRpIBAABXRUJQVlA4WAoAAAAQAAAAIAAAFAAAQUxQSBcAAAABmQpE9D9ApG0ztvl3fXoUMQFJZcUlAQBWUDggVAEAABAIAJ0BKiEAFQA+tUyhTKcjoyIquAoA4BaJSGwAsR7LurEGt+HMzvgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAACQLVLIh1KOtUAjzJgTi2veAuVuL/CJty7MdK4imkE/wMgAD+/QYxcw/dU7RCubNgXl86I8Gnl//ftgbn/OZa3/trC2DAcyATuFtGczbxDDyuloSFNjPJ8UGsoiUUNZvAMDYKNdqPtwaoB2kvGVgSkw7bL1SkCEA0sco4ihBnDn9Kvapeu8aJFSp70YusQXe/+v/X+b8Jjrz5Cl4t9OZSuYvQ/Zf2acgP9Q/6ydRUP+/f7/WTqJt5x/oR/eBjH4tmBWitupftj4An2bLVjvWBP9yCvfgCZCWD2PKPfkjjjfLrfWfJMff6Rd4uiL15LlO+ecgiMadz39ZSSUZG4AAAAFdFQlBWUDhYCgAAACAANjoADwAAAAAAAADcEDj28pQXS2l/iQAAAAAAAAAAAAAIAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABkqX/Bl36l/f+WT6f0mzgVqYPv")!)

    @Test func aFileTwoReadersSizeDifferentlyIsDamaged() throws {
        let folder = TemporaryFolder()
        let path = folder.write(Self.file, "fuzz.webp")
        let header = try ImageHeader.read(path: path)
        #expect(header.size == PixelSize(width: 3841, height: 1))
        #expect(throws: CodecError.damaged("corrupt WebP: its header says 3841x1 but libwebp reads an image of 33x21")) {
            try WebPDecoder.decode(file: FileBytes(path: path), minimumScale: 1, pixelLimit: 1 << 24, memoryLimit: 1 << 28,
                                   into: PixelCollector(), expecting: header.size)
        }
    }
}
