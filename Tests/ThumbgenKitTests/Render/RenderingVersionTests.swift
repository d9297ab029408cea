import ImageCodecs
import Raster
import Testing
import TestSupport

@testable import ThumbgenKit

/// The rendering version cannot go stale by accident: the pixels of a small fixed set of
/// renditions are hashed here, per version. A change to the pixels the render stage makes must
/// come with a new `Recipe.renderingVersion` (so every index redoes its renditions) and the new
/// hashes recorded below.
@Suite struct RenderingVersionTests {
    static let recorded: [Int: [String]] = [
        5: ["239x360 cad9c575109e3ccd", "180x180 695a4a3e4dc5957b", "60x60 b8237f3b3a5a0167", "66x100 0aea7e38a53562a6",
            "257x360 4fc5a2921d1295ee", "180x180 127755c12c28171c", "60x60 88a7386343443bd8", "71x100 b6d7480099203831",
            "478x360 297ff682491bfdde", "180x180 a0f105ea5408f509", "60x60 5a56ace51281954c", "100x75 5b2ca4b84afd539a"],
        6: ["239x360 adbd095a40858bfe", "180x180 fa24cbf14495cb02", "60x60 ae07eae56cfc2a4e", "66x100 78f72e2040aa4f2f",
            "239x360 planar cf3522ae6fafb03f", "180x180 planar 72dd6823c3a05c0e", "60x60 planar 4fe55f4c7cc19db0",
            "66x100 planar 02fe14a1f4985503", "257x360 0a5df5918237e60c", "180x180 d750c17815c48a19", "60x60 cca4facad612b52f",
            "71x100 21d8f37e6d7861d4", "257x360 planar 055d14e37e866f8e", "180x180 planar 5da75b39530e6209",
            "60x60 planar 8788e3356c8d79e1", "71x100 planar 015c999ed7efd3ce", "478x360 122f3214f955d036",
            "180x180 dbe5f46dec25d069", "60x60 472a679f56a95edb", "100x75 a49a34c9fe11261d"],
        7: version7,
        // 8: HEIC and AVIF originals planar; the same pixels for this set (HEIC fixtures come
        // from x265, whose bytes this test does not pin).
        8: version7,
        // 9: a scaled JPEG decode keeps subsampled chroma at its own resolution (the planar
        // renditions of the two JPEGs; the RGB path and the PNG are unchanged).
        9: version9,
        // 10: a build whose only modern format is AVIF encodes the JPEG's own planes (which path a
        // build takes, not the pixels of either).
        10: version9,
        // 11: HEIC and AVIF planes made from libheif 1.15's RGB rather than by libheif (on 64
        // photos, 1,834 of 689 million samples one level apart); this set has neither.
        11: version9,
        // 12: WebP EXIF orientation applied; JPEGs with stray bytes before a marker, PNGs with
        // data after their zlib stream and GIFs cut inside their image decoded (all refused or
        // shown as stored before); a CMYK or YCCK JPEG with a CMYK profile converted through it
        // (lcms2), and limited-range monochrome and alpha HEIF/AVIF expanded; this set has none.
        12: version9,
        // 13: an HEVC alpha image whose SPS says limited range (video_full_range_flag 0)
        // expanded, as AV1 alpha already was (opaque came out 235);
        // a grey original's WebP and AVIF files shown through its grey profile's curve (sRGB,
        // untagged) rather than carrying the grey profile; PNG gAMA/cHRM as an ICC profile in the
        // WebP and AVIF files; output.colour. The render stage's pixels are the same: the curve
        // and the sRGB conversion come after it.
        13: version9,
        // 14: WebP encoded from the largest rendition down, stopping at the first over 90% of
        // its fallback (`RenditionEncoder.encode`): which files are written, not their pixels.
        14: version9,
    ]

    static let version9 = ["239x360 b7c0393535111e2b", "180x180 5e659e5fb2d7995b", "60x60 4b2dfd561434d083", "66x100 74976789576a17be",
        "239x360 planar 294fae0c91fb85e0", "180x180 planar 45e11981ba790432", "60x60 planar f1a8813d996cc6b1",
        "66x100 planar e724ffb8c23d5601", "257x360 36cd0802a8aec4a6", "180x180 bf10d3ef1440389f", "60x60 441f12a679e3293c",
        "71x100 32610e6f6537ff7a", "257x360 planar ee77ee25c76be421", "180x180 planar 95878da62b1cbe9f",
        "60x60 planar 593512001a7322e0", "71x100 planar bc58842a4c4630f3", "478x360 122f3214f955d036",
        "180x180 dbe5f46dec25d069", "60x60 472a679f56a95edb", "100x75 a49a34c9fe11261d"]

    static let version7 = ["239x360 b7c0393535111e2b", "180x180 5e659e5fb2d7995b", "60x60 4b2dfd561434d083", "66x100 74976789576a17be",
        "239x360 planar 2bfde5aad5b6d000", "180x180 planar 78aa01833e7d1a3f", "60x60 planar c3871222f62195a9",
        "66x100 planar 19727a607a974c93", "257x360 36cd0802a8aec4a6", "180x180 bf10d3ef1440389f", "60x60 441f12a679e3293c",
        "71x100 32610e6f6537ff7a", "257x360 planar cb127c2c02ac973e", "180x180 planar 66d9704586f5e5ec",
        "60x60 planar 696757cd28a71e55", "71x100 planar 92d4b0d300ab9afb", "478x360 122f3214f955d036",
        "180x180 dbe5f46dec25d069", "60x60 472a679f56a95edb", "100x75 a49a34c9fe11261d"]

    static let slots = [
        Slot(name: "thumb", size: SlotSize(width: ExactDecimal(60), height: ExactDecimal(60)), scales: [ExactDecimal(1), ExactDecimal(3)], fit: .cover),
        Slot(name: "card", size: SlotSize(width: ExactDecimal(320), height: ExactDecimal(180)), scales: [ExactDecimal(2)], fit: .inside),
    ]

    /// SHA-256 of every rendition's pixels (and the placeholder's) for a JPEG turned by EXIF, a
    /// progressive one, and a PNG with alpha.
    static func hashes() throws -> [String] {
        let folder = ScratchFolder()
        var turned = JPEGFixtures.Options()
        turned.orientation = 6
        var progressive = JPEGFixtures.Options()
        progressive.progressive = true
        let alpha = PNGFixture(width: 517, height: 389, colorType: 6, bitDepth: 8) { x, y -> [Int] in
            [x % 256, y % 256, (x * 3 + y) % 256, (x + 2 * y) % 256]
        }
        let originals = [
            folder.write("turned.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 1203, height: 797, seed: 4), turned)),
            folder.write("progressive.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 999, height: 1401, seed: 5), progressive)),
            folder.write("alpha.png", alpha.bytes),
        ]
        var hashes: [String] = []
        for path in originals {
            let header = try ImageHeader.read(path: path)
            let plan = ImagePlan(path: "o", original: header.uprightSize, slots: slots, focus: Focus(x: 0.25, y: 0.75), extension: "x")
            // JPEGs twice: as RGBA, and as their own planes (what a JPEG or WebP build makes).
            for planes in path.hasSuffix(".jpg") ? [false, true] : [false] {
                let rendered = try Renderer.render(path: path, header: header, renditions: plan.renditions,
                                                   limits: DecodeLimits(pixels: 1 << 28, memoryBytes: 1 << 30, scans: 500),
                                                   placeholder: true, planes: planes)
                for pixels in rendered.renditions.map(\.pixels) + [rendered.placeholder].compactMap({ $0 }) {
                    hashes.append("\(pixels.size.width)x\(pixels.size.height)\(planes ? " planar" : "") " + String(hash(pixels).prefix(16)))
                }
            }
        }
        return hashes
    }

    static func hash(_ pixels: RenditionPixels) -> String {
        switch pixels {
        case .rgba(let image): FileHash.sha256(image.pixels)
        case .planar(let image): FileHash.sha256(image.planes.flatMap(\.bytes))
        }
    }

    @Test func pixelsMatchWhatThisRenderingVersionRecorded() throws {
        let hashes = try Self.hashes()
        let version = Recipe.renderingVersion
        let recorded = try #require(Self.recorded[version], "no hashes recorded for rendering \(version); record: \(hashes)")
        #expect(hashes == recorded, "the render stage's pixels changed: bump Recipe.renderingVersion and record \(hashes)")
    }
}
