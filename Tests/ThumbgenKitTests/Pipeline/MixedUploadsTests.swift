import Foundation
import ImageCodecs
import Raster
import Renditions
import Testing
import TestSupport
import ThumbgenKit

/// What people upload, in one folder listed as `photos/*`: a HEIC from a phone held sideways
/// (`irot`), a JPEG with EXIF orientation 6, a PNG, a still WebP, a still GIF, an animated GIF and
/// WebP, and a text file the glob must skip. Every still image is resized and upright, the
/// animated ones are left as they are, and the index lists only files every browser shows.
@Suite(.needs("libheif's x265 encoder (libheif-plugin-x265 or a libheif built with it)") { HEIFFixtures.canEncode(.hevc) })
struct MixedUploadsTests {
    /// Upright, every picture is 120×80: red top-left, green top-right, blue bottom-left, white.
    static let upright = Pictures.quadrants(width: 120, height: 80)

    static func site() -> Site {
        let site = Site(manifest: Manifests.standard(images: "photos/*"))
        var heic = HEIFFixtures.Options(codec: .hevc, orientation: .right)
        heic.quality = 92
        site.original("site/photos/phone.heic", HEIFFixtures.encode(Pictures.stored(upright, for: .right), options: heic))
        var jpeg = JPEGFixtures.Options()
        jpeg.orientation = 6
        site.original("site/photos/camera.jpg", JPEGFixtures.jpeg(Pictures.stored(upright, for: .right), jpeg))
        let quadrant = { (x: Int, y: Int) in (x >= 60 ? 1 : 0) + (y >= 40 ? 2 : 0) }
        let png = PNGFixture(width: 120, height: 80, colorType: 2, bitDepth: 8) { x, y in
            let colour = upright[x, y]
            return [Int(colour[0]), Int(colour[1]), Int(colour[2])]
        }
        site.original("site/photos/drawing.png", png.bytes)
        site.original("site/photos/sticker.webp", WebPFixtures.encode(upright, lossless: true))
        let palette: [SIMD3<UInt8>] = [[220, 30, 30], [30, 200, 40], [30, 40, 210], [240, 240, 240]]
            + Array(repeating: [0, 0, 0], count: 124)
        let indexes = (0..<80).flatMap { y in (0..<120).map { x in UInt8(quadrant(x, y)) } }
        site.original("site/photos/still.gif", GIFFixtures.gif(width: 120, height: 80, palette: palette,
                                                                frames: [GIFFixtures.Frame(width: 120, height: 80, indexes: indexes)]))
        site.original("site/photos/spinner.gif", AnimationFixtures.gif(frames: 3))
        site.original("site/photos/loop.webp", WebPFixtures.animated([upright, Pictures.quadrants(width: 120, height: 80).oriented(.down)]))
        site.original("site/photos/notes.txt", Array("shot list\n".utf8))
        return site
    }

    /// The decoded pixels of a JPEG or PNG rendition.
    static func pixels(_ path: String) throws -> PixelBuffer {
        path.hasSuffix(".png")
            ? try PNGDecoder.decode(path: path, minimumScale: 1, pixelLimit: 1 << 28, memoryLimit: 1 << 30).pixels
            : try JPEGDecoder.decode(path: path, minimumScale: 1, memoryLimit: 1 << 30).pixels
    }

    @Test func everyStillImageIsResizedAndUprightAndTheIndexListsOnlyWhatBrowsersShow() throws {
        let site = Self.site()
        let result = site.run(["build", site.manifestPath, "--strict", "--quiet"])
        #expect(result.code == .success, "\(result.err)")
        let index = try site.index("site/renditions.json")
        #expect(index.images.keys.sorted() == ["photos/camera.jpg", "photos/drawing.png", "photos/loop.webp",
                                               "photos/phone.heic", "photos/spinner.gif", "photos/sticker.webp", "photos/still.gif"])
        let fallbacks = ["photos/camera.jpg": "jpg", "photos/drawing.png": "png", "photos/phone.heic": "jpg",
                         "photos/sticker.webp": "jpg", "photos/still.gif": "png"]
        for (image, fallback) in fallbacks {
            let record = try #require(index.images[image])
            #expect(record.status == .resized, "\(image)")
            #expect((record.width, record.height) == (120, 80), "\(image) upright")
            // thumb@1x: 60×40 inside 60×60. The original fits thumb@2x (120×120): a JPEG or PNG
            // is shown as it is there, any other format gets a fallback of its own size.
            let fitting = try #require(record.renditions["thumb@2x"])
            if image.hasSuffix(".jpg") || image.hasSuffix(".png") {
                #expect(fitting.file == image)
            } else {
                #expect(fitting.file == image.prefix { $0 != "." } + ".Thumbnail(120x80).\(fallback)", "\(image)")
                #expect((fitting.width, fitting.height) == (120, 80))
                #expect(Pictures.psnr(try Self.pixels(site.folder.path + "/site/" + fitting.file), Self.upright) > 30, "\(image)")
            }
            let small = try #require(record.renditions["thumb@1x"])
            #expect(small.file.hasSuffix(".Thumbnail(60x40).\(fallback)"), "\(image): \(small.file)")
            #expect((small.width, small.height) == (60, 40))
            let pixels = try Self.pixels(site.folder.path + "/site/" + small.file)
            #expect((pixels.width, pixels.height) == (60, 40))
            let expected: [(Int, Int, SIMD4<UInt8>)] = [(10, 8, [220, 30, 30, 255]), (50, 8, [30, 200, 40, 255]),
                                                         (10, 32, [30, 40, 210, 255]), (50, 32, [240, 240, 240, 255])]
            for (x, y, colour) in expected {
                let found = SIMD4<Int>(truncatingIfNeeded: pixels[x, y]) &- SIMD4<Int>(truncatingIfNeeded: colour)
                #expect([found[0], found[1], found[2]].allSatisfy { abs($0) <= 12 }, "\(image) at (\(x), \(y)): \(pixels[x, y])")
            }
        }
        for (image, side) in [("photos/spinner.gif", (40, 30)), ("photos/loop.webp", (120, 80))] {
            let record = try #require(index.images[image])
            #expect(record.status == .animated, "\(image)")
            #expect((record.width, record.height) == side)
            #expect(record.renditions.values.allSatisfy { $0.file == image }, "\(image) is left as it is")
        }
        // A HEIC original is never what a page is given: a browser without HEIF shows nothing.
        let listed = index.images.values.flatMap { $0.renditions.values.map(\.file) }
        #expect(!listed.contains { $0.lowercased().hasSuffix(".heic") })
        #expect(listed.allSatisfy { file in [".jpg", ".png", ".gif", ".webp"].contains { file.hasSuffix($0) } })
    }

    @Test func strictFailsOnATextFileListedByPath() throws {
        let site = Self.site()
        site.folder.write("manifest.yaml", text: Manifests.standard(images: "photos/notes.txt"))
        let result = site.run(["build", site.manifestPath, "--strict"])
        #expect(result.code == .workFound)
        #expect(result.err.contains("\(site.folder.path)/site/photos/notes.txt: error: not an image thumbgen reads (JPEG, PNG, GIF, WebP, HEIC, HEIF, AVIF); the index points to the original\n"),
                "\(result.err)")
        let plain = site.run(["build", site.manifestPath])
        #expect(plain.code == .success)
        #expect(plain.err.contains("notes.txt: warning: not an image thumbgen reads"))
    }
}
