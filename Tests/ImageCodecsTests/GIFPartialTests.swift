import Raster
import Testing
import TestSupport
@testable import ImageCodecs

/// A GIF cut short inside its image: the lines giflib decoded are shown, as Pillow
/// (`LOAD_TRUNCATED_IMAGES`) and browsers show them, and the rest is left transparent, as
/// browsers leave it (Pillow paints it in colour 0), with a warning. A file of which no line
/// decodes is still refused.
@Suite(.needs(PillowReference.missing) { PillowReference.isAvailable })
struct GIFPartialTests {
    let folder = TemporaryFolder()
    static let screen = PixelSize(width: 40, height: 30)

    static func bytes(interlaced: Bool = false, transparent: Bool = false) -> (GIFFixtures.Frame, [UInt8]) {
        var frame = GIFDecoderTests.frame()
        frame.interlaced = interlaced
        if transparent { frame.transparentIndex = 5 }
        return (frame, GIFFixtures.gif(width: 40, height: 30, palette: GIFDecoderTests.palette, frames: [frame]))
    }

    func decode(_ bytes: [UInt8]) throws(CodecError) -> (ImageHeader, DecodedImage) {
        let path = folder.write(bytes, "cut.gif")
        let header = try ImageHeader.read(path: path)
        let image = try GIFDecoder.decode(path: path, pixelLimit: 1 << 28, memoryLimit: 1 << 30)
        return (header, image)
    }

    /// Lines that decoded, from the warning ("… 12 of its 30 lines decoded …").
    static func decodedLines(_ warnings: [String]) -> Int? {
        guard let warning = warnings.first, let range = warning.range(of: " of its ") else { return nil }
        return Int(warning[..<range.lowerBound].split(separator: " ").last ?? "")
    }

    @Test(arguments: [false, true], [700, 1000, 1300])
    func theLinesThatDecodedAreShownAsPillowShowsThem(transparent: Bool, cut: Int) throws {
        let (frame, whole) = Self.bytes(transparent: transparent)
        let cutBytes = Array(whole.prefix(cut))
        let (header, image) = try decode(cutBytes)
        // The header says alpha: the fallback is one that keeps the transparent rest transparent.
        #expect(header.hasAlpha && image.info.hasAlpha)
        let lines = try #require(Self.decodedLines(image.info.warnings), "\(image.info.warnings)")
        #expect(lines > 0 && lines < 30, "cut at \(cut)")
        let expected = GIFDecoderTests.expected(frame, palette: GIFDecoderTests.palette, screen: Self.screen)
        let reference = try PillowReference.decode(path: folder.write(cutBytes, "cut.gif"), truncated: true)
        for y in 0..<30 {
            for x in 0..<40 {
                if y < lines {
                    #expect(image.pixels[x, y] == expected[x, y], "cut at \(cut): (\(x), \(y))")
                    // Pillow's straight RGBA: the same where opaque, transparent where transparent.
                    let pillow = reference[x, y]
                    #expect(pillow[3] == 0 ? image.pixels[x, y] == .zero : image.pixels[x, y] == pillow, "cut at \(cut): Pillow at (\(x), \(y))")
                } else {
                    #expect(image.pixels[x, y] == .zero, "cut at \(cut): (\(x), \(y)) not transparent")
                }
            }
        }
    }

    @Test(arguments: [700, 1100])
    func anInterlacedImageShowsThePassesThatDecoded(cut: Int) throws {
        let (frame, whole) = Self.bytes(interlaced: true)
        let (header, image) = try decode(Array(whole.prefix(cut)))
        #expect(header.hasAlpha && image.info.hasAlpha && image.info.warnings.count == 1)
        let expected = GIFDecoderTests.expected(frame, palette: GIFDecoderTests.palette, screen: Self.screen)
        // Every line is either the image's or transparent; the first pass's lines (every 8th) are there.
        var shown = 0
        for y in 0..<30 {
            let row = (0..<40).map { image.pixels[$0, y] }
            if row.allSatisfy({ $0 == .zero }) { continue }
            #expect(row == (0..<40).map { expected[$0, y] }, "line \(y)")
            shown += 1
        }
        #expect(shown == Self.decodedLines(image.info.warnings))
        #expect((0..<40).map { image.pixels[$0, 8] } == (0..<40).map { expected[$0, 8] })
    }

    /// Offset of the first image's data (its LZW code size byte).
    static func imageData(_ gif: [UInt8]) -> Int {
        var offset = 13 + (gif[10] & 0x80 != 0 ? 3 << (Int(gif[10] & 7) + 1) : 0)
        while gif[offset] == 0x21 {  // extensions: label, then sub-blocks
            offset += 2
            while gif[offset] != 0 { offset += 1 + Int(gif[offset]) }
            offset += 1
        }
        let flags = gif[offset + 9]
        return offset + 10 + (flags & 0x80 != 0 ? 3 << (Int(flags & 7) + 1) : 0)
    }

    @Test func aCutBeforeAnyLineIsStillRefused() throws {
        let (_, whole) = Self.bytes()
        #expect(throws: CodecError.damaged("corrupt or truncated GIF data (Failed to read from given file)")) {
            try decode(Array(whole.prefix(Self.imageData(whole) + 3)))
        }
    }

    @Test func aWholeFileHasNoWarning() throws {
        let (_, whole) = Self.bytes()
        let (header, image) = try decode(whole)
        #expect(!header.hasAlpha && image.info.warnings.isEmpty)
    }
}
