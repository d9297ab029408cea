import Foundation
import ImageCodecs
import Raster
import Testing
import TestSupport

/// Limited-range samples libheif 1.15 hands over as coded are expanded: a monochrome AVIF's
/// luma (8 and 10 bits) and an alpha image's samples, compared with libavif's own decode and
/// RGB conversion (`ReferenceDecoders.avif`, which expands both). (avifdec 0.11's PNG output
/// writes a limited-range monochrome image's luma as coded, so the library's conversion is the
/// reference, not that PNG.)
@Suite(.needs(AVIFRangeFixtures.requirement) { AVIFRangeFixtures.isAvailable })
struct AVIFRangeTests {
    static let limits = DecodeLimits(pixels: 1 << 28, memoryBytes: 1 << 30, scans: 500)

    static func mean(_ image: PixelBuffer, channel: Int) -> Double {
        stride(from: channel, to: image.pixels.count, by: 4).reduce(0.0) { $0 + Double(image.pixels[$1]) } / Double(image.width * image.height)
    }

    @Test(arguments: [8, 10])
    func limitedRangeMonochromeIsExpanded(depth: Int) throws {
        let folder = ScratchFolder()
        let path = try AVIFRangeFixtures.monochrome(width: 96, height: 48, depth: depth, in: folder, name: "mono\(depth)") { x, y in
            (x * 8 / 3 + y) % 256
        }
        let made = try HEIFDecoder.decode(path: path, limits: Self.limits).pixels
        let reference = try ReferenceDecoders.avif([UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))).pixels
        let psnr = Pictures.psnr(made, reference)
        print("AVIFRangeTests: \(depth)-bit limited-range monochrome against libavif: \(String(format: "%.2f", psnr)) dB, mean \(String(format: "%.1f", Self.mean(made, channel: 0))) (libavif \(String(format: "%.1f", Self.mean(reference, channel: 0))))")
        #expect(psnr >= 40)
        #expect(abs(Self.mean(made, channel: 0) - Self.mean(reference, channel: 0)) < 1)
        #expect(made[0, 0][0] <= 1, "black stays black, not 16")
    }

    @Test func limitedRangeAlphaIsExpanded() throws {
        let folder = ScratchFolder()
        // Left half 253 (what came out 233 unexpanded), right half a ramp.
        let path = try AVIFRangeFixtures.limitedAlpha(width: 64, height: 32, in: folder, name: "alpha") { x, _ in
            [200, 100, 50, x < 32 ? 253 : (x - 32) * 8]
        }
        let made = try HEIFDecoder.decode(path: path, limits: Self.limits).pixels
        let reference = try ReferenceDecoders.avif([UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))).pixels
        #expect(made.hasAlpha && reference.hasAlpha)
        let psnr = Pictures.psnr(made, reference)
        print("AVIFRangeTests: limited-range alpha against libavif: \(String(format: "%.2f", psnr)) dB, alpha \(made[8, 8][3]) where libavif has \(reference[8, 8][3])")
        #expect(abs(Int(made[8, 8][3]) - 253) <= 1)
        #expect(psnr >= 40)
    }
}
