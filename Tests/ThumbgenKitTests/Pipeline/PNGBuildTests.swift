import Foundation
import ImageCodecs
import TestSupport
import Raster
import Renditions
import Testing
import ThumbgenKit

/// Whole builds over PNGs, GIFs and WebPs written in code: sizes, pixels, metadata, statuses.
@Suite struct PNGBuildTests {
    static let manifest = """
        version: 1
        output:
          png: { compression: 6 }
        slots:
          small: { size: 20x20, scales: [1, 2, 3] }
          wide:  { size: 100x, scales: [1, 1.5] }
        images:
          - path: "*.png"
            slots: [small, wide]
          - path: "*.gif"
            slots: [small]
          - path: "*.webp"
            slots: [small]
        """

    /// Upright pixels of the orientation test: a gradient with a mark in one corner.
    static func upright(_ u: Int, _ v: Int) -> [Int] {
        u < 30 && v < 20 ? [250, 10, 10] : [u * 2, v * 4, 128]
    }

    /// One build shared by every test of the suite (the suite is built anew for each test).
    fileprivate static let build = Result { try BuiltSite() }
    let folder: ScratchFolder
    let index: RenditionIndex

    init() throws {
        let site = try Self.build.get()
        folder = site.folder
        index = site.index
    }

    func record(_ name: String) -> ImageRecord { index.images[name]! }

    /// A rendition file's decoded pixels, full size.
    func decode(_ file: String) throws -> DecodedImage {
        try PNGDecoder.decode(path: folder.path + "/" + file, minimumScale: 1, pixelLimit: 1 << 28, memoryLimit: 1 << 30)
    }

    @Test func renditionsHaveTheirExactSizes() throws {
        let photo = record("photo.png")
        #expect(photo.status == .resized)
        let expected = ["small@1x": (20, 13), "small@2x": (40, 27), "small@3x": (60, 40), "wide@1x": (100, 67), "wide@1.5x": (150, 100)]
        for (key, size) in expected {
            let entry = try #require(photo.renditions[key])
            #expect(entry.file == "photo.Thumbnail(\(size.0)x\(size.1)).png")
            #expect((entry.width, entry.height) == size)
            let pixels = try decode(entry.file).pixels
            #expect(pixels.size == PixelSize(width: size.0, height: size.1))
            #expect(entry.bytes == folder.read(entry.file)?.count)
        }
    }

    @Test func renditionsAreCloseToAResizeOfTheFullImage() throws {
        let full = try decode("photo.png").pixels
        for key in ["wide@1.5x", "wide@1x", "small@3x"] {
            let rendition = try decode(record("photo.png").renditions[key]!.file).pixels
            let reference = Resampler.resample(full, rect: PixelRect(size: full.size), to: rendition.size)
            #expect(psnr(rendition, reference) >= 40, "\(key): \(psnr(rendition, reference)) dB")
        }
    }

    @Test func transparentColourNeverBleedsIntoRenditions() throws {
        for entry in record("stripes.png").renditions.values {
            let image = try decode(entry.file)
            #expect(image.pixels.hasAlpha)
            let straight = image.pixels.unpremultiplied()
            for y in 0..<straight.height {
                for x in 0..<straight.width where straight[x, y][3] > 0 {
                    let pixel = straight[x, y]
                    #expect(pixel[0] >= 250 && pixel[1] == 0 && pixel[2] == 0, "\(entry.file) (\(x), \(y)): \(pixel)")
                }
            }
        }
    }

    @Test func exifOrientationIsApplied() throws {
        let turned = record("turned.png"), upright = record("upright.png")
        #expect((turned.width, turned.height) == (90, 60))
        for key in ["small@1x", "small@2x", "small@3x"] {
            let a = try decode(turned.renditions[key]!.file).pixels, b = try decode(upright.renditions[key]!.file).pixels
            #expect(a.size == b.size)
            #expect(maxDifference(a, b) <= 2, "\(key)")
        }
    }

    @Test func alphaAndGreyAreKeptOnlyWhenTheSourceHasThem() throws {
        // IHDR colour type of each rendition: 0 grey, 2 RGB, 4 grey+alpha, 6 RGBA.
        let expected: [String: UInt8] = ["photo.png": 2, "stripes.png": 6, "grey16.png": 0, "greykey.png": 4,
                                         "rgba16.png": 6, "palette.png": 2, "srgb.png": 2, "upright.png": 2]
        for (name, colorType) in expected {
            let entries = record(name).renditions.values.filter { $0.file != name }
            #expect(!entries.isEmpty, "\(name)")
            for entry in entries {
                #expect(folder.read(entry.file)?[25] == colorType, "\(entry.file)")
            }
        }
    }

    @Test func sixteenBitSourcesRender() throws {
        let grey = try decode(record("grey16.png").renditions["wide@1x"]!.file).pixels
        #expect(grey.size == PixelSize(width: 100, height: 75))
        // x × 500 + y × 20 at the centre (60, 45): 30900 of 65535, about 120 of 255.
        #expect(abs(Int(grey[50, 37][0]) - 120) <= 3)
        let rgba = try decode(record("rgba16.png").renditions["wide@1x"]!.file).pixels
        #expect(rgba.hasAlpha)
    }

    @Test func colourChunksAreCarriedIntoRenditions() throws {
        let photo = try decode(record("photo.png").renditions["wide@1x"]!.file)
        #expect(photo.iccProfile == (try decode("photo.png")).iccProfile)
        #expect(photo.iccProfile != nil)
        let srgb = try decode(record("srgb.png").renditions["wide@1x"]!.file)
        #expect(srgb.colorChunks == PNGColorChunks(srgbIntent: 0, gamma: 45455))
    }

    @Test(arguments: [("animated.png", ImageStatus.animated, 64, 64), ("gif-animated.gif", .animated, 40, 30),
                      ("gif-still.gif", .unsupported, 40, 30), ("webp-animated.webp", .animated, 40, 30), ("webp-still.webp", .unsupported, 40, 30)])
    func animatedAndUnsupportedImagesPointToTheOriginal(name: String, status: ImageStatus, width: Int, height: Int) {
        let image = record(name)
        #expect(image.status == status)
        #expect(image.error == nil)
        #expect((image.width, image.height) == (width, height))
        #expect(!image.renditions.isEmpty)
        for entry in image.renditions.values {
            #expect(entry.file == name)
            #expect((entry.width, entry.height) == (width, height))
        }
    }

    @Test(arguments: [
        ("truncated.png", "the PNG ends early (truncated?)", 64),
        ("empty.png", "the file is empty", 0),
        ("crc.png", "a chunk's CRC checksum does not match its data: the file is damaged (IDAT: CRC error)", 64),
        ("adler.png", "the image data's Adler-32 checksum does not match: the file is damaged (IDAT: incorrect data check)", 64),
        ("length.png", nil, 64),
    ] as [(String, String?, Int)])
    func brokenFilesAreUnreadableAndPointToTheOriginal(name: String, reason: String?, side: Int) {
        let image = record(name)
        #expect(image.status == .unreadable)
        #expect(image.error != nil)
        if let reason { #expect(image.error == reason) }
        #expect((image.width, image.height) == (side, side))
        #expect(image.renditions.count == 5)
        for entry in image.renditions.values {
            #expect(entry.file == name)
        }
    }

    /// The format comes from the bytes: a damaged signature is no image format thumbgen reads,
    /// whatever the name says.
    @Test func bytesOfNoKnownFormatAreUnsupported() {
        let image = record("signature.png")
        #expect(image.status == .unsupported)
        #expect(image.error == nil && image.format == "unknown")
        #expect((image.width, image.height) == (0, 0))
        #expect(image.renditions.values.allSatisfy { $0.file == "signature.png" && $0.type == nil })
    }
}

/// The build the tests look at: every fixture written to a fresh folder, then one `build`.
private struct BuiltSite: Sendable {
    let folder = ScratchFolder()
    let index: RenditionIndex

    init() throws {
        var photo = PhotoFixture.png(width: 900, height: 600)
        photo.chunks = [("iCCP", ICCFixture.iccpPayload(ICCFixture.minimal() + (0..<600).map { UInt8($0 * 13 % 251) }))]
        folder.write(photo.bytes, "photo.png")
        folder.write(PNGFixture(width: 200, height: 100, colorType: 6, bitDepth: 8) { x, _ in
            x % 2 == 0 ? [255, 0, 0, 255] : [0, 255, 0, 0]
        }.bytes, "stripes.png")
        folder.write(PNGFixture(width: 90, height: 60, colorType: 2, bitDepth: 8) { PNGBuildTests.upright($0, $1) }.bytes, "upright.png")
        var turned = PNGFixture(width: 60, height: 90, colorType: 2, bitDepth: 8) { x, y in PNGBuildTests.upright(89 - y, x) }
        turned.chunks = [("eXIf", PNGFixture.exif(orientation: 6))]
        folder.write(turned.bytes, "turned.png")
        folder.write(PNGFixture(width: 120, height: 90, colorType: 0, bitDepth: 16) { x, y in [x * 500 + y * 20] }.bytes, "grey16.png")
        var greyKey = PNGFixture(width: 120, height: 90, colorType: 0, bitDepth: 4) { x, _ in [x % 16] }
        greyKey.transparency = [0, 3]
        folder.write(greyKey.bytes, "greykey.png")
        var rgba16 = PNGFixture(width: 120, height: 90, colorType: 6, bitDepth: 16) { x, y in [x * 540, y * 700, 30000, 65535 - x * 300] }
        rgba16.interlaced = true
        folder.write(rgba16.bytes, "rgba16.png")
        var palette = PNGFixture(width: 120, height: 90, colorType: 3, bitDepth: 2) { x, y in [(x / 10 + y / 10) % 4] }
        palette.palette = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]
        folder.write(palette.bytes, "palette.png")
        var srgb = PNGFixture(width: 120, height: 90, colorType: 2, bitDepth: 8) { x, y in [x, y, 7] }
        srgb.chunks = [("gAMA", UInt32(45455).bigEndian4), ("sRGB", [0])]
        folder.write(srgb.bytes, "srgb.png")

        let plain = PNGFixture(width: 64, height: 64, colorType: 2, bitDepth: 8) { x, y in [x * 4, y * 4, 0] }.bytes
        folder.write(AnimationFixtures.apng(plain), "animated.png")
        folder.write(Array(plain.prefix(plain.count - 40)), "truncated.png")
        folder.write([], "empty.png")
        folder.write([0x89] + Array("PNX".utf8) + Array(plain.dropFirst(4)), "signature.png")
        folder.write(PNGDamage.badCRC(plain, in: "IDAT"), "crc.png")
        folder.write(PNGDamage.badAdler(plain), "adler.png")
        folder.write(PNGDamage.badLength(plain, in: "IDAT"), "length.png")
        folder.write(AnimationFixtures.gif(frames: 2), "gif-animated.gif")
        folder.write(AnimationFixtures.gif(frames: 1), "gif-still.gif")
        folder.write(AnimationFixtures.webp(animated: true), "webp-animated.webp")
        folder.write(AnimationFixtures.webp(animated: false), "webp-still.webp")

        let manifest = try ManifestLoader.load(bytes: Array(PNGBuildTests.manifest.utf8), file: "manifest.yaml",
                                               directory: URL(fileURLWithPath: folder.path))
        index = try Generator(manifest: manifest, options: BuildOptions(jobs: 2)).build().index
    }
}
