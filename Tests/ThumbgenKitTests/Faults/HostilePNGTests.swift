import Foundation
import ImageCodecs
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// PNGs built to cost: giant headers, a small file that inflates to 400 megapixels, and metadata
/// chunks that inflate to hundreds of megabytes. Each is refused or handled in little time and
/// memory, and the build goes on.
@Suite struct HostilePNGTests {
    static func png(width: Int, height: Int, colorType: UInt8, bitDepth: Int, interlaced: Bool = false,
                    extra: [(String, [UInt8])] = [], idat: [UInt8]) -> [UInt8] {
        var header = PNGFixture(width: width, height: height, colorType: colorType, bitDepth: bitDepth) { _, _ in [0] }
        header.interlaced = interlaced
        var bytes = header.headerBytes
        for (type, data) in extra { bytes += PNGFixture.chunk(type, data) }
        return bytes + PNGFixture.chunk("IDAT", idat) + PNGFixture.chunk("IEND", [])
    }

    /// A zlib stream that inflates to `count` zero bytes, a few hundred kilobytes at most.
    static func zeros(_ count: Int) throws -> [UInt8] {
        try Deflate.zlib([UInt8](repeating: 0, count: count), level: 6)
    }

    @Test func giantHeadersAreRefusedFromTheHeader() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.png"))
        site.original("site/photos/max.png", Self.png(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF, colorType: 6, bitDepth: 16,
                                                      interlaced: true, idat: [0x78, 0x01]))
        site.original("site/photos/sixty.png", Self.png(width: 60000, height: 60000, colorType: 2, bitDepth: 8,
                                                        idat: try Self.zeros(1 << 16)))
        let started = Date()
        let result = site.run(["build", site.manifestPath])
        #expect(result.code == .success)
        #expect(Date().timeIntervalSince(started) < 2)
        let index = try site.index("site/renditions.json")
        #expect(index.images["photos/max.png"]?.error == "2147483647x2147483647 is over the limit of 65535 pixels a side (limits.dimension)")
        #expect(index.images["photos/sixty.png"]?.error == "60000x60000 is 3600000000 pixels, over the limit of 268402689 (limits.pixels)")
        #expect(index.images.values.allSatisfy { $0.status == .unreadable })
    }

    /// 20000×20000 of zeros is 400 megapixels from a 50 KB file: over the default limit, and
    /// streamed in bounded memory when the limit is raised on the command line.
    @Test func fourHundredMegapixelsOfZeros() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.png"))
        let row = [UInt8](repeating: 0, count: 1 + 20000 / 8)  // filter byte, then 1-bit grey pixels
        let raw = [UInt8](repeating: 0, count: row.count * 20000)
        site.original("site/photos/zeros.png", Self.png(width: 20000, height: 20000, colorType: 0, bitDepth: 1,
                                                        idat: try Deflate.zlib(raw, level: 6)))
        try site.build()
        #expect(try site.index("site/renditions.json").images["photos/zeros.png"]?.error
            == "20000x20000 is 400000000 pixels, over the limit of 268402689 (limits.pixels)")
        let raised = site.run(["build", site.manifestPath, "--max-pixels", "400000000"])
        #expect(raised.code == .success)
        let record = try #require(try site.index("site/renditions.json").images["photos/zeros.png"])
        #expect(record.status == .resized)
        #expect(record.renditions["hero@3x"]?.width == 1170 && record.renditions["hero@3x"]?.height == 1170)
        let pixels = try PNGDecoder.decode(path: site.folder.path + "/site/photos/zeros.Thumbnail(1170x1170).png",
                                           minimumScale: 1, pixelLimit: 1 << 30, memoryLimit: 1 << 30).pixels
        #expect(pixels.pixels.enumerated().allSatisfy { $0.offset % 4 == 3 || $0.element == 0 })
    }

    /// An acTL chunk claiming one frame, or two with none behind them, made a 400-megapixel PNG
    /// "animated", and animated images skip the limits: now it is a still PNG, held to them.
    @Test func aStillPNGClaimingToBeAnimatedIsHeldToTheLimits() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.png"))
        let raw = [UInt8](repeating: 0, count: (1 + 20000 / 8) * 20000)
        let still = Self.png(width: 20000, height: 20000, colorType: 0, bitDepth: 1, idat: try Deflate.zlib(raw, level: 6))
        site.original("site/photos/one.png", AnimationFixtures.apng(still, claiming: 1, extraFrames: 0))
        site.original("site/photos/none.png", AnimationFixtures.apng(still, defaultImageIsFrame: false, extraFrames: 0))
        try site.build()
        let index = try site.index("site/renditions.json")
        for name in ["one", "none"] {
            let record = try #require(index.images["photos/\(name).png"])
            #expect(record.status == .unreadable, "\(name)")
            #expect(record.error == "20000x20000 is 400000000 pixels, over the limit of 268402689 (limits.pixels)")
        }
    }

    /// iCCP, zTXt and iTXt chunks that inflate to 300 MB: libpng's chunk limit keeps them from
    /// being allocated (the whole build stays in milliseconds); the picture still makes its
    /// renditions, without the profile.
    @Test func hugeMetadataChunksCostNothing() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.png"))
        let inflating = try Self.zeros(300 << 20)
        let picture = try Deflate.zlib(PNGFixture(width: 800, height: 600, colorType: 2, bitDepth: 8) { x, y in [x % 256, y % 256, 128] }.scanlines, level: 6)
        site.original("site/photos/iccp.png", Self.png(width: 800, height: 600, colorType: 2, bitDepth: 8,
                                                       extra: [("iCCP", Array("huge\0\0".utf8) + inflating)], idat: picture))
        site.original("site/photos/ztxt.png", Self.png(width: 800, height: 600, colorType: 2, bitDepth: 8,
                                                       extra: [("zTXt", Array("Comment\0\0".utf8) + inflating)], idat: picture))
        site.original("site/photos/itxt.png", Self.png(width: 800, height: 600, colorType: 2, bitDepth: 8,
                                                       extra: [("iTXt", Array("Comment\0\u{1}\0\0\0".utf8) + inflating)], idat: picture))
        let started = Date()
        let result = site.run(["build", site.manifestPath])
        #expect(result.code == .success)
        #expect(Date().timeIntervalSince(started) < 5)
        let index = try site.index("site/renditions.json")
        for name in ["iccp", "ztxt", "itxt"] {
            let record = try #require(index.images["photos/\(name).png"])
            #expect(record.status == .resized, "\(name): \(record.error ?? "")")
            let entry = try #require(record.renditions["thumb@3x"])
            // The oversized profile is dropped, not carried; text chunks are never carried.
            let chunks = PNGDamage.chunks(try #require(site.folder.read("site/" + entry.file))).map(\.type)
            #expect(chunks == ["IHDR", "IDAT", "IEND"], "\(name): \(chunks)")
        }
    }
}
