import ImageCodecs
import Raster
import Testing
import TestSupport

@testable import ThumbgenKit

/// Originals whose sides are not multiples of 8 (JPEG's DCT grid) or of the box factor: the
/// render stage maps coordinates by the decode's exact scale, so the picture is not squeezed
/// towards the right and bottom and no padding is sampled as image. Checked against a one-step
/// Lanczos-3 resize of a full decode, over the whole rendition and over its edge rows and columns.
@Suite struct GeometryTests {
    static let limits = DecodeLimits(pixels: 1 << 30, memoryBytes: 1 << 30, scans: 500)

    static func slot(_ width: Int) -> Slot {
        Slot(name: "s", size: SlotSize(width: ExactDecimal(width), height: nil), scales: [ExactDecimal(1)], fit: .inside)
    }

    /// PSNR of the rendition against the reference: whole, and over the outermost two rows and columns.
    static func compare(path: String, width: Int, fullDecode: PixelBuffer) throws -> (whole: Double, edges: Double) {
        let header = try ImageHeader.read(path: path)
        let plan = ImagePlan(path: "o", original: header.uprightSize, slots: [slot(width)], focus: nil, extension: "x")
        let rendered = try Renderer.render(path: path, header: header, renditions: plan.renditions, limits: limits, placeholder: false)
        let (rendition, pixels) = try #require(rendered.renditions.first)
        let made = pixels.rgba
        let reference = Resampler.resample(fullDecode, rect: rendition.geometry.crop, to: rendition.geometry.size)
        return (Pictures.psnr(made, reference), Pictures.psnr(edges(made), edges(reference)))
    }

    /// The outermost two columns and rows, side by side, as one image.
    static func edges(_ image: PixelBuffer) -> PixelBuffer {
        var strip = PixelBuffer(width: 4, height: image.height + image.width, hasAlpha: false)
        for y in 0..<image.height {
            for (i, x) in [0, 1, image.width - 2, image.width - 1].enumerated() { strip[i, y] = image[x, y] }
        }
        for x in 0..<image.width {
            for (i, y) in [0, 1, image.height - 2, image.height - 1].enumerated() { strip[i, image.height + x] = image[x, y] }
        }
        return strip
    }

    /// 2601×1733 to 317 pixels wide decodes at 1/4: 651×434, whose last column and row are
    /// partial blocks. Mapped by decoded size over full size the picture is squeezed by up to
    /// 0.875 decoded pixels.
    @Test(arguments: [(2601, 1733, 317), (2599, 1735, 640), (1001, 999, 123), (4007, 3001, 1170)])
    func jpegOnTheExactDCTGrid(width: Int, height: Int, target: Int) throws {
        let folder = ScratchFolder()
        var options = JPEGFixtures.Options()
        options.quality = 97
        options.chroma444 = true
        let path = folder.write("odd.jpg", JPEGFixtures.jpeg(Pictures.photo(width: width, height: height, seed: UInt64(width)), options))
        let full = try JPEGDecoder.decode(path: path, minimumScale: 1, memoryLimit: 1 << 30).pixels
        let psnr = try Self.compare(path: path, width: target, fullDecode: full)
        // Measured here: 55.5–57.1 dB whole and 55.0–57.4 at the edges; mapped by size, 44.4–51.5.
        #expect(psnr.whole >= 52, "whole: \(psnr.whole) dB")
        #expect(psnr.edges >= 50, "edges: \(psnr.edges) dB")
    }

    /// A PNG is box-shrunk by a whole factor first; its last block is partial.
    @Test(arguments: [(2603, 1731, 100), (1999, 1001, 97), (3001, 2999, 333)])
    func pngThroughAPartialBoxBlock(width: Int, height: Int, target: Int) throws {
        let folder = ScratchFolder()
        let picture = Pictures.photo(width: width, height: height, seed: UInt64(height))
        let path = folder.write("odd.png", try PNGEncoder.encode(picture, options: PNGEncoder.Options(compression: 1)))
        let psnr = try Self.compare(path: path, width: target, fullDecode: picture)
        // Measured here: 52.2–57.5 dB whole, 51.9–57.5 at the edges.
        #expect(psnr.whole >= 50, "whole: \(psnr.whole) dB")
        #expect(psnr.edges >= 48, "edges: \(psnr.edges) dB")
    }
}
