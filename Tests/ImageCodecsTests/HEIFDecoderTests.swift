import Foundation
import Raster
import Testing
import TestSupport
@testable import ImageCodecs

/// HEIC and AVIF through libheif, on files its own encoders made: transformations, bit depths,
/// alpha, grids, sequences, damage, bombs. Stored rows turned upright must match libheif's own
/// decode with its transformations applied.
@Suite struct HEIFDecoderTests {
    let folder = TemporaryFolder()
    static let stored = Pictures.photo(width: 96, height: 64, seed: 3)
    static let limits = DecodeLimits(pixels: 1 << 28, memoryBytes: 1 << 30, scans: 100)

    func decode(_ bytes: [UInt8], limits: DecodeLimits = Self.limits) throws(CodecError) -> (ImageHeader, DecodedImage) {
        let path = folder.write(bytes, "image.heic")
        let header = try ImageHeader.read(path: path)
        let collector = PixelCollector()
        try ImageDecoders.decode(path: path, header: header, minimumScale: 0.5, limits: limits, into: collector)
        return (header, collector.image!)
    }

    @Test func libheifEncodesHEVCAndAV1() {
        #expect(HEIFFixtures.canEncode(.hevc) && HEIFFixtures.canEncode(.av1))
    }

    @Test(arguments: Orientation.allCases)
    func irotAndImirBecomeTheOrientation(orientation: Orientation) throws {
        let bytes = HEIFFixtures.encode(Self.stored, options: .init(orientation: orientation))
        let (header, image) = try decode(bytes)
        #expect(header.format == .heif && header.size == Self.stored.size && header.orientation == orientation)
        #expect(header.uprightSize == orientation.upright(Self.stored.size) && !header.isAnimated && !header.hasAlpha)
        #expect(image.info.decodedSize == Self.stored.size && image.info.fullSize == Self.stored.size)
        // Measured: 37.5 dB against the source (x265 ultrafast, quality 90).
        #expect(psnr(image.pixels, Self.stored) > 36)
        #expect(image.pixels.oriented(header.orientation) == HEIFFixtures.referenceDecode(bytes))
    }

    @Test(arguments: [10, 12])
    func deepImagesAreRoundedTo8Bits(depth: Int) throws {
        let (width, height) = (96, 64), maximum = (1 << depth) - 1
        var samples = [UInt16](repeating: UInt16(maximum), count: width * height * 4)
        var expected = PixelBuffer(width: width, height: height, hasAlpha: false)
        for y in 0..<height {
            for x in 0..<width {
                let values = [x * maximum / (width - 1), y * maximum / (height - 1), (x + y) * maximum / (width + height - 2)]
                for c in 0..<3 { samples[(y * width + x) * 4 + c] = UInt16(values[c]) }
                expected[x, y] = SIMD4(values.map { UInt8(($0 * 255 + maximum / 2) / maximum) } + [255])
            }
        }
        let bytes = HEIFFixtures.encode(width: width, height: height, samples16: samples, bitDepth: depth, hasAlpha: false)
        let (header, image) = try decode(bytes)
        #expect(header.heifLayout?.bitDepth == depth)
        // Measured: 48.0 dB (10 and 12 bits) against the exactly rounded source.
        #expect(psnr(image.pixels, expected) > 46)
    }

    @Test func alphaIsPremultiplied() throws {
        var picture = Self.stored
        picture.hasAlpha = true
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let alpha = UInt32(x * 255 / (picture.width - 1))
                let p = picture[x, y]
                picture[x, y] = SIMD4(UInt8((UInt32(p.x) * alpha + 127) / 255), UInt8((UInt32(p.y) * alpha + 127) / 255),
                                      UInt8((UInt32(p.z) * alpha + 127) / 255), UInt8(alpha))
            }
        }
        let bytes = HEIFFixtures.encode(picture)
        let (header, image) = try decode(bytes)
        #expect(header.hasAlpha && image.info.hasAlpha)
        // Measured: 43.8 dB.
        #expect(psnr(image.pixels, picture) > 42)
        #expect(image.pixels == HEIFFixtures.referenceDecode(bytes))
    }

    @Test func aGridOfTilesIsOneImage() throws {
        let whole = Pictures.photo(width: 192, height: 128, seed: 11)
        let tiles = (0..<6).map { (index: Int) -> [UInt8] in
            let x = Double(index % 3 * 64), y = Double(index / 3 * 64)
            let tile = Resampler.resample(whole, rect: PixelRect(x: x, y: y, width: 64, height: 64), to: PixelSize(width: 64, height: 64))
            return HEIFFixtures.encode(tile)
        }
        let bytes = HEIFAssembly.grid(tiles: tiles, columns: 3, rows: 2, output: (180, 120))
        let (header, image) = try decode(bytes)
        #expect(header.size == PixelSize(width: 180, height: 120))
        #expect(header.heifLayout?.tiles == 6 && header.heifLayout?.tileSize == PixelSize(width: 64, height: 64))
        let expected = Resampler.resample(whole, rect: PixelRect(x: 0, y: 0, width: 180, height: 120), to: PixelSize(width: 180, height: 120))
        // Measured: 38.2 dB.
        #expect(psnr(image.pixels, expected) > 37)
        #expect(image.pixels == HEIFFixtures.referenceDecode(bytes))
    }

    @Test func anAVIFDecodes() throws {
        var options = HEIFFixtures.Options(codec: .av1, orientation: .right)
        options.quality = 90
        let bytes = HEIFFixtures.encode(Self.stored, options: options)
        let (header, image) = try decode(bytes)
        #expect(header.format == .avif && header.orientation == .right && header.uprightSize == PixelSize(width: 64, height: 96))
        // Measured: 36.8 dB (aom speed 9).
        #expect(psnr(image.pixels, Self.stored) > 35)
        #expect(image.pixels.oriented(.right) == HEIFFixtures.referenceDecode(bytes))
    }

    @Test func aSequenceIsAnimated() throws {
        let bytes = HEIFAssembly.sequence(HEIFFixtures.encode(Self.stored), width: 96, height: 64)
        let header = try ImageHeader.read(path: folder.write(bytes, "sequence.heic"))
        #expect(header.isAnimated && header.format == .heif && header.size == Self.stored.size)
    }

    @Test func aCleanApertureCropsLikeLibheif() throws {
        let odd = Pictures.photo(width: 95, height: 63, seed: 5)
        var options = HEIFFixtures.Options(orientation: .left)
        options.clapForOddSizes = true
        let bytes = HEIFFixtures.encode(odd, options: options)
        let (header, image) = try decode(bytes)
        #expect(header.size == odd.size && header.orientation == .left)
        // Measured: 35.2 dB.
        #expect(psnr(image.pixels, odd) > 34)
        #expect(image.pixels.oriented(.left) == HEIFFixtures.referenceDecode(bytes))
    }

    @Test func aTruncatedHEICIsDamaged() throws {
        let bytes = HEIFFixtures.encode(Self.stored)
        let path = folder.write(Array(bytes.prefix(bytes.count * 3 / 4)), "cut.heic")
        let header = try ImageHeader.read(path: path)
        #expect {
            try HEIFDecoder.decode(path: path, header: header, limits: Self.limits, into: PixelCollector())
        } throws: { error in
            (error as? CodecError)?.description.hasPrefix("corrupt or truncated HEIF data (Invalid input: Unexpected end of file: Extent in iloc box references data outside of file bounds") == true
        }
    }

    /// A huge ispe over a small frame is a lie, refused from the header (HEIFSizeLieTests has the
    /// other lies); an honest huge image is refused by limits.pixels.
    @Test func aHugeClaimedSizeIsRefusedAtOnce() throws {
        var bytes = HEIFFixtures.encode(Self.stored)
        // The ispe property: its width and height after the full box's version and flags.
        let ispe = (0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual("ispe".utf8) }! + 8
        bytes.replaceSubrange(ispe..<ispe + 8, with: [0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60])
        let path = folder.write(bytes, "huge.heic")
        let start = Date()
        #expect(throws: CodecError.damaged("corrupt HEIF: image 1 claims 60000x60000 (ispe) but its HEVC frames are 96x64 (its sequence parameter set); the decoder would allocate those")) {
            try ImageHeader.read(path: path)
        }
        #expect(Date().timeIntervalSince(start) < 0.05)
        var layout = try #require(try ImageHeader.read(path: folder.write(HEIFFixtures.encode(Self.stored), "honest.heic")).heifLayout)
        layout.codedSize = PixelSize(width: 60000, height: 60000)
        var header = ImageHeader(format: .heif, size: layout.codedSize)
        header.heifLayout = layout
        #expect(throws: CodecError.overLimit("60000x60000 is 3600000000 pixels, over the limit of 268435456 (limits.pixels)")) {
            try HEIFDecoder.decode(path: path, header: header, limits: Self.limits, into: PixelCollector())
        }
    }

    @Test func aGridOfTenThousandTilesIsRefusedAtOnce() throws {
        let tile = HEIFFixtures.encode(Pictures.photo(width: 64, height: 64))
        let bytes = HEIFAssembly.grid(tiles: [tile], columns: 100, rows: 100, output: (6400, 6400), tileOrder: Array(repeating: 0, count: 10_000))
        let path = folder.write(bytes, "bomb.heic")
        let start = Date()
        let header = try ImageHeader.read(path: path)
        #expect(header.heifLayout?.tiles == 10_000)
        #expect(throws: CodecError.overLimit("a grid of 10000 tiles of 64x64 counts as 655360000 pixels (at least 65536 a tile), over the limit of 268435456 (limits.pixels)")) {
            try HEIFDecoder.decode(path: path, header: header, limits: Self.limits, into: PixelCollector())
        }
        #expect(Date().timeIntervalSince(start) < 0.05)
    }

    @Test func theWholeDecodeMustFitTheMemoryLimit() throws {
        let path = folder.write(HEIFFixtures.encode(Self.stored), "image.heic")
        let header = try ImageHeader.read(path: path)
        #expect(header.wholeImageBytes == 96 * 64 * 7)
        let limits = DecodeLimits(pixels: 1 << 28, memoryBytes: 40_000, scans: 100)
        #expect(throws: CodecError.overLimit("this HEIF image is decoded whole (HEVC and AV1 have no shrink-on-load), 1 MiB, over the limit of 0 MiB (limits.memory_mb)")) {
            try HEIFDecoder.decode(path: path, header: header, limits: limits, into: PixelCollector())
        }
    }

    @Test func anEmbeddedICCProfileIsCarried() throws {
        var options = HEIFFixtures.Options()
        options.iccProfile = ICCFixture.minimal()
        let (_, image) = try decode(HEIFFixtures.encode(Self.stored, options: options))
        #expect(image.info.iccProfile == ICCFixture.minimal())
    }

    @Test(arguments: [(UInt16(1), UInt16(13), false), (12, 13, true), (9, 14, true), (1, 16, true), (2, 2, false)])
    func nclxColourBecomesAProfileUnlessItIsSRGB(primaries: UInt16, transfer: UInt16, profiled: Bool) throws {
        var options = HEIFFixtures.Options()
        options.nclx = (primaries, transfer)
        let (_, image) = try decode(HEIFFixtures.encode(Self.stored, options: options))
        #expect((image.info.iccProfile != nil) == profiled)
    }
}
