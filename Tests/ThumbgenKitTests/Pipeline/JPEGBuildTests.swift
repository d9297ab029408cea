import Foundation
import ImageCodecs
import Raster
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

@Suite struct JPEGBuildTests {
    /// Every orientation gives upright renditions that match the orientation-1 one.
    @Test func orientationsOneToEightComeOutUpright() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg"))
        let upright = Pictures.quadrants(width: 360, height: 240)
        for value in 1...8 {
            var options = JPEGFixtures.Options()
            options.orientation = value
            let stored = Pictures.stored(upright, for: Orientation(exifValue: value))
            site.original("site/photos/o\(value).jpg", JPEGFixtures.jpeg(stored, options))
        }
        try site.build()
        let index = try site.index("site/renditions.json")
        let reference = try site.pixels("site/photos/o1.Thumbnail(180x120).jpg")
        for value in 1...8 {
            let record = try #require(index.images["photos/o\(value).jpg"])
            #expect(record.width == 360 && record.height == 240)
            #expect(record.renditions["thumb@3x"]?.file == "photos/o\(value).Thumbnail(180x120).jpg")
            let file = "site/photos/o\(value).Thumbnail(180x120).jpg"
            let pixels = try site.pixels(file)
            // JPEG loss differs with the stored layout, mostly along the quadrant edges; the quadrants match.
            #expect(Pictures.psnr(pixels, reference) >= 35, "orientation \(value)")
            for (x, y) in [(45, 30), (135, 30), (45, 90), (135, 90)] {
                for channel in 0..<3 {
                    #expect(abs(Int(pixels[x, y][channel]) - Int(reference[x, y][channel])) <= 4, "orientation \(value) at \(x),\(y)")
                }
            }
            // No orientation tag survives: renditions are upright pixels.
            #expect(try ImageHeader.read(path: site.folder.path + "/" + file).orientation == .up)
            #expect(!(site.folder.read(file) ?? []).containsEXIF)
        }
    }

    @Test func sizesAndEntriesFollowThePlan() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/wide.jpg"))
        site.original("site/photos/wide.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 2000, height: 1000)))
        let summary = try site.build()
        #expect(summary.written == 7)
        let record = try #require(try site.index("site/renditions.json").images["photos/wide.jpg"])
        let sizes = record.renditions.mapValues { "\($0.width)x\($0.height)" }
        #expect(sizes == ["thumb@1x": "60x30", "thumb@2x": "120x60", "thumb@3x": "180x90", "card@2x": "640x320",
                          "card@3x": "960x480", "hero@2x": "780x390", "hero@3x": "1170x585"])
        for entry in record.renditions.values {
            let info = try JPEGDecoder.inspect(path: site.folder.path + "/site/" + entry.file)
            #expect(info.size == PixelSize(width: entry.width, height: entry.height))
            #expect(site.folder.read("site/" + entry.file)?.count == entry.bytes)
        }
        #expect(record.status == .resized)
    }

    @Test func greyStaysGreyAndICCIsCarried() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg"))
        var grey = JPEGFixtures.Options()
        grey.grey = true
        var icc = JPEGFixtures.Options()
        icc.iccProfile = JPEGFixtures.iccProfile()
        site.original("site/photos/grey.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 800, height: 600), grey))
        site.original("site/photos/icc.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 800, height: 600), icc))
        try site.build()
        let greyInfo = try JPEGDecoder.inspect(path: site.folder.path + "/site/photos/grey.Thumbnail(120x90).jpg")
        #expect(greyInfo.components == 1)
        let iccInfo = try JPEGDecoder.inspect(path: site.folder.path + "/site/photos/icc.Thumbnail(120x90).jpg")
        #expect(iccInfo.iccProfile == icc.iccProfile)
        #expect(iccInfo.components == 3)
    }

    @Test func cmykBecomesRGB() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg"))
        var cmyk = JPEGFixtures.Options()
        cmyk.cmyk = true
        site.original("site/photos/cmyk.jpg", JPEGFixtures.jpeg(Pictures.quadrants(width: 400, height: 200), cmyk))
        try site.build()
        let pixels = try site.pixels("site/photos/cmyk.Thumbnail(180x90).jpg")
        let reference = Pictures.quadrants(width: 180, height: 90)
        for (x, y) in [(20, 20), (160, 20), (20, 70), (160, 70)] {
            for channel in 0..<3 {
                #expect(abs(Int(pixels[x, y][channel]) - Int(reference[x, y][channel])) <= 10)
            }
        }
        #expect(try JPEGDecoder.inspect(path: site.folder.path + "/site/photos/cmyk.Thumbnail(180x90).jpg").components == 3)
    }

    @Test(arguments: [(true, 92, true), (true, 82, false), (false, 95, false)])
    func chromaSubsamplingFollowsTheSourceAndQuality(source444: Bool, quality: Int, expect444: Bool) throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg", extra: "output: { jpeg: { quality: \(quality) } }"))
        var options = JPEGFixtures.Options()
        options.chroma444 = source444
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 600, height: 400), options))
        try site.build()
        #expect(try JPEGDecoder.inspect(path: site.folder.path + "/site/photos/a.Thumbnail(180x120).jpg").chroma444 == expect444)
    }

    @Test func progressiveOutputWhenAsked() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg", extra: "output: { jpeg: { progressive: true } }"))
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 600, height: 400)))
        try site.build()
        #expect(try JPEGDecoder.inspect(path: site.folder.path + "/site/photos/a.Thumbnail(180x120).jpg").progressive)
    }

    @Test func brokenFilesPointToTheOriginalAndTheBuildGoesOn() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg"))
        let good = JPEGFixtures.jpeg(Pictures.photo(width: 600, height: 400))
        site.original("site/photos/good.jpg", good)
        site.original("site/photos/truncated.jpg", Array(good.prefix(good.count * 2 / 3)))
        let sos = (0..<good.count - 1).first { good[$0] == 0xFF && good[$0 + 1] == 0xDA }!
        site.original("site/photos/header-only.jpg", Array(good.prefix(sos)))
        site.original("site/photos/text.jpg", Array("this is not a picture".utf8))
        let result = site.run(["build", site.manifestPath])
        #expect(result.code == .success)
        let index = try site.index("site/renditions.json")
        #expect(index.images["photos/good.jpg"]?.status == .resized)
        let expected = [
            "photos/truncated.jpg": "corrupt or truncated JPEG data (Premature end of JPEG file)",
            "photos/header-only.jpg": "corrupt or truncated JPEG data (Premature end of JPEG file)",
        ]
        for (path, reason) in expected {
            let record = try #require(index.images[path])
            #expect(record.status == .unreadable)
            #expect(record.error == reason)
            #expect(record.renditions.count == 7)
            #expect(record.renditions.values.allSatisfy { $0.file == path })
            #expect(result.err.contains("\(site.folder.path)/site/\(path): warning: \(reason); the index points to the original\n"))
        }
        // Text named .jpg: the format comes from the bytes, and these are no image.
        let text = try #require(index.images["photos/text.jpg"])
        #expect(text.status == .unsupported && text.error == nil)
        #expect(result.err.contains("\(site.folder.path)/site/photos/text.jpg: warning: not an image thumbgen reads (JPEG, PNG, GIF, WebP, HEIC, HEIF, AVIF); the index points to the original\n"))
        #expect(!site.folder.files().contains { $0.contains("truncated.Thumbnail") || $0.contains("text.Thumbnail") })
        #expect(site.run(["build", site.manifestPath, "--strict"]).code == .workFound)
    }

    @Test func sameInputGivesSameBytes() throws {
        let one = Site(manifest: Manifests.standard(images: "photos/*.jpg"))
        let two = Site(manifest: Manifests.standard(images: "photos/*.jpg"))
        for site in [one, two] {
            site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 1600, height: 1200, seed: 7)))
            var options = JPEGFixtures.Options()
            options.orientation = 6
            site.original("site/photos/b.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 900, height: 1300, seed: 8), options))
        }
        try one.build(jobs: 1)
        try two.build(jobs: 2)
        let files = one.folder.files().filter { !$0.hasPrefix(".thumbgen") }
        #expect(files == two.folder.files().filter { !$0.hasPrefix(".thumbgen") })
        for file in files { #expect(one.folder.read(file) == two.folder.read(file), "\(file)") }
    }
}

extension Array where Element == UInt8 {
    /// True when a JPEG holds an APP1 segment starting `Exif`.
    var containsEXIF: Bool {
        var offset = 2
        while offset + 4 < count, self[offset] == 0xFF, self[offset + 1] != 0xDA {
            if self[offset + 1] == 0xE1, offset + 8 < count, self[(offset + 4)..<(offset + 8)].elementsEqual(Array("Exif".utf8)) {
                return true
            }
            offset += 2 + (Int(self[offset + 2]) << 8 | Int(self[offset + 3]))
        }
        return false
    }
}
