import Foundation
import Raster
import Testing
import TestSupport
@testable import ImageCodecs

/// An HEVC alpha image coded limited range (its SPS's VUI says `video_full_range_flag` 0) is
/// handed over by libheif 1.15 as coded, opaque at 235: thumbgen reads the flag and expands it.
/// Checked against the source PNG as Pillow reads it, the file made with heif-enc.
@Suite(.needs(HEIFTools.requirement) { HEIFTools.isAvailable })
struct HEIFAlphaRangeTests {
    static let limits = DecodeLimits(pixels: 1 << 28, memoryBytes: 1 << 30, scans: 500)

    /// Left half opaque, right half a ramp down to clear; colour a flat orange.
    static func rgba(_ x: Int, _ y: Int) -> [Int] {
        [200, 100, 50, x < 32 ? 255 : (63 - x) * 8]
    }

    /// Alpha of a premultiplied decode and of straight reference pixels: the largest difference.
    static func worstAlpha(_ made: PixelBuffer, _ reference: PixelBuffer) -> Int {
        var worst = 0
        for y in 0..<made.height {
            for x in 0..<made.width { worst = max(worst, abs(Int(made[x, y][3]) - Int(reference[x, y][3]))) }
        }
        return worst
    }

    @Test func limitedRangeHEVCAlphaIsExpanded() throws {
        let folder = ScratchFolder()
        let (heic, source) = try HEIFTools.limitedAlpha(width: 64, height: 64, in: folder, name: "alpha", rgba: Self.rgba)
        let header = try ImageHeader.read(path: heic)
        #expect(header.hasAlpha && header.heifLayout?.ranges.alpha == false)
        let made = try HEIFDecoder.decode(path: heic, limits: Self.limits).pixels
        let reference = try PillowReference.decode(path: source)
        try #require(made.size == reference.size, "\(made.size) against \(reference.size)")
        let worst = Self.worstAlpha(made, reference)
        // What libheif 1.15 itself makes of the file (as thumbgen did before): alpha as coded.
        let libheif = try HEIFTools.referenceDecode(heic)
        let before = Self.worstAlpha(libheif, reference)
        print("HEIFAlphaRangeTests: limited-range HEVC alpha against the source PNG: opaque \(made[8, 8][3]), worst alpha error \(worst) (heif-convert: opaque \(libheif[8, 8][3]), worst \(before))")
        #expect(libheif[8, 8][3] < 240, "heif-convert hands the alpha over as coded; if it expands it, this libheif needs no help")
        #expect(made[8, 8][3] == 255, "opaque stays opaque, not 235")
        #expect(worst <= 1)
    }

    /// What libheif's own encoder writes (no video signal type in the alpha SPS) stays full range.
    @Test func alphaThatSaysNoRangeIsFullRange() throws {
        var picture = PixelBuffer(width: 64, height: 32, hasAlpha: true)
        for y in 0..<32 { for x in 0..<64 { picture[x, y] = SIMD4(Self.rgba(x, y).map(UInt8.init)) } }
        let folder = ScratchFolder()
        let path = folder.write("full.heic", HEIFFixtures.encode(picture))
        #expect(try ImageHeader.read(path: path).heifLayout?.ranges.alpha == true)
        #expect(try HEIFDecoder.decode(path: path, limits: Self.limits).pixels[8, 8][3] == 255)
    }

    /// The SPS reader, on hostile input: every prefix of a real SPS, and junk, parse or give
    /// nil without a crash; the whole SPS says limited.
    @Test func theSequenceParameterSetReaderSurvivesEveryPrefix() throws {
        let folder = ScratchFolder()
        let (heic, _) = try HEIFTools.limitedAlpha(width: 64, height: 64, in: folder, name: "prefix") { _, _ in [1, 2, 3, 255] }
        // The alpha image's hvcC comes last.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: heic)))
        let start = try #require((0..<bytes.count - 4).last { bytes[$0..<$0 + 4].elementsEqual("hvcC".utf8) })
        let sps = try #require(HEVCFrames.configurationParameterSets(bytes[(start + 4)...]).first)
        #expect(HEVCSequenceParameterSet.withRange(nal: sps)?.fullRange == false)
        for length in 0..<sps.count { _ = HEVCSequenceParameterSet.withRange(nal: Array(sps.prefix(length))) }
        var junk = sps
        for index in 2..<junk.count { junk[index] = index % 2 == 0 ? 0x00 : 0xFF }
        _ = HEVCSequenceParameterSet.withRange(nal: junk)
    }
}
