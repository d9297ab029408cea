import ImageCodecs
import Raster
import Testing
import TestSupport

@testable import ThumbgenKit

/// A WebP's `EXIF` chunk turns it upright as a JPEG's APP1 does: the index gives the upright
/// size and every rendition matches Pillow's `exif_transpose`d decode, resized.
@Suite(.needs(PillowReference.missing) { PillowReference.isAvailable })
struct WebPOrientationTests {
    @Test func everyOrientationComesOutAsPillowShowsIt() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.webp"))
        let upright = Pictures.photo(width: 360, height: 240, seed: 3)
        for value in 1...8 {
            let stored = Pictures.stored(upright, for: Orientation(exifValue: value))
            // The WebP container holds the bare TIFF structure, without JPEG's `Exif\0\0`.
            let exif = Array(EXIFOrientation.payload(value: value).dropFirst(6))
            site.original("site/photos/o\(value).webp", WebPFixtures.encode(stored, lossless: true, exif: exif))
        }
        try site.build()
        let index = try site.index("site/renditions.json")
        for value in 1...8 {
            let original = site.folder.path + "/site/photos/o\(value).webp"
            #expect(try ImageHeader.read(path: original).orientation == Orientation(exifValue: value))
            let record = try #require(index.images["photos/o\(value).webp"])
            #expect(record.status == .resized, "orientation \(value)")
            #expect(record.width == 360 && record.height == 240, "orientation \(value): \(record.width)x\(record.height)")
            for (name, entry) in record.renditions.sorted(by: { $0.key < $1.key }) where entry.file != "photos/o\(value).webp" {
                let pixels = try site.pixels("site/" + entry.file)
                let reference = try PillowReference.decode(path: original, resizedTo: pixels.size)
                // Upright renditions score above 30 dB against Pillow (a different Lanczos, and the
                // JPEG fallback's loss); a turned or mirrored one far lower.
                let score = Pictures.psnr(pixels, reference)
                #expect(score > 30, "orientation \(value) \(name): \(score) dB against Pillow")
                #expect(try ImageHeader.read(path: site.folder.path + "/site/" + entry.file).orientation == .up)
            }
        }
    }
}
