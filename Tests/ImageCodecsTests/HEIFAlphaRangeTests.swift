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

    /// An SPS written bit by bit with what x265's stills never have (scaling lists, three
    /// short-term reference picture sets, two of them predicted, a long-term picture, a sample
    /// aspect ratio): the reader finds the VUI's range bit, whichever way it is set.
    @Test(arguments: [false, true])
    func theRangeBitIsFoundPastEveryPartOfTheSPS(full: Bool) {
        var bits = SPSWriter()
        bits.put(0, 4); bits.put(0, 3); bits.put(1, 1); bits.put(0, 96)     // ids, sub-layers, profile_tier_level
        bits.golomb(0); bits.golomb(1); bits.golomb(64); bits.golomb(48)     // sps id, 4:2:0, 64×48
        bits.put(0, 1); bits.golomb(0); bits.golomb(0); bits.golomb(4)       // no window, 8 bits, 8 POC bits
        bits.put(1, 1); for value in [1, 0, 0] { bits.golomb(value) }       // ordering info
        for value in [0, 3, 0, 3, 0, 0] { bits.golomb(value) }              // block and transform sizes
        bits.put(1, 1); bits.put(1, 1)                                      // scaling lists, with data
        for size in 0..<4 {
            for matrix in stride(from: 0, to: 6, by: size == 3 ? 3 : 1) {
                if size == 0 && matrix == 2 {
                    bits.put(1, 1); for _ in 0..<16 { bits.golomb(1) }      // coded: 16 deltas
                } else if size == 2 && matrix == 1 {
                    bits.put(1, 1); for _ in 0..<65 { bits.golomb(2) }      // coded: dc, 64 deltas
                } else {
                    bits.put(0, 1); bits.golomb(0)                          // predicted from a reference
                }
            }
        }
        bits.put(0, 3)                                                      // amp, sao, pcm
        bits.golomb(3)
        bits.golomb(1); bits.golomb(0); bits.golomb(0); bits.put(1, 1)      // set 0: one picture before
        bits.put(1, 1); bits.put(1, 1); bits.golomb(0); bits.put(1, 1); bits.put(1, 1)  // set 1: from set 0, −1
        bits.put(1, 1); bits.put(0, 1); bits.golomb(1)                      // set 2: from set 1, +2
        bits.put(1, 1); bits.put(0, 1); bits.put(0, 1); bits.put(1, 1)      // its three flags: used, unused, used
        bits.put(1, 1); bits.golomb(1); bits.put(0x5A, 8); bits.put(1, 1)   // one long-term picture
        bits.put(1, 1); bits.put(1, 1)                                      // temporal MVP, strong intra smoothing
        bits.put(1, 1); bits.put(1, 1); bits.put(255, 8); bits.put(0x0001_0001, 32)  // VUI, sample aspect ratio
        bits.put(1, 1); bits.put(0, 1)                                      // overscan
        bits.put(1, 1); bits.put(5, 3); bits.put(full ? 1 : 0, 1); bits.put(full ? 0 : 1, 1)  // video signal type
        let sps = HEVCSequenceParameterSet.withRange(nal: bits.nal)
        #expect(sps?.pictureSize == PixelSize(width: 64, height: 48))
        #expect(sps?.fullRange == full)
    }
}

/// An SPS NAL unit written bit by bit, with emulation prevention bytes as an encoder writes them.
struct SPSWriter {
    var bits: [UInt8] = []

    mutating func put(_ value: Int, _ count: Int) {
        for index in (0..<count).reversed() { bits.append(UInt8(value >> index & 1)) }
    }

    mutating func golomb(_ value: Int) {
        let code = value + 1, length = Int.bitWidth - code.leadingZeroBitCount
        put(0, length - 1)
        put(code, length)
    }

    var nal: [UInt8] {
        var padded = bits + [1]
        while padded.count % 8 != 0 { padded.append(0) }
        var bytes: [UInt8] = [0x42, 0x01], zeros = 0
        for start in stride(from: 0, to: padded.count, by: 8) {
            let byte = padded[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | $1 }
            if zeros >= 2 && byte <= 3 { bytes.append(3); zeros = 0 }
            bytes.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        return bytes
    }
}
