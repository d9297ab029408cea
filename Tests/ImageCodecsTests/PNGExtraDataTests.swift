import Raster
import Testing
import TestSupport
@testable import ImageCodecs

/// Compressed data after the end of a PNG's zlib stream (padding in the last IDAT, another IDAT
/// after it): every row decoded and checked, so the image is shown, as Pillow, browsers and
/// libpng's default benign-error handling show it, with a warning. Damage inside the stream is
/// still refused (PNGDecoderDamageTests).
@Suite(.needs(PillowReference.missing) { PillowReference.isAvailable })
struct PNGExtraDataTests {
    let folder = TemporaryFolder()

    static func fixture(interlaced: Bool) -> PNGFixture {
        var fixture = PNGFixture(width: 64, height: 48, colorType: 2, bitDepth: 8) { x, y in [x * 4, y * 5, (x ^ y) & 255] }
        fixture.interlaced = interlaced
        return fixture
    }

    /// The fixture's file with `extra` after its zlib stream: in the same IDAT, or (`ownChunk`)
    /// in an IDAT of its own after it.
    static func padded(_ extra: [UInt8], ownChunk: Bool, interlaced: Bool = false) -> [UInt8] {
        let whole = fixture(interlaced: interlaced).bytes
        let idat = PNGDamage.chunks(whole).first { $0.type == "IDAT" }!
        let stream = Array(whole[(idat.offset + 8)..<(idat.offset + 8 + idat.length)])
        let chunks = ownChunk ? PNGFixture.chunk("IDAT", stream) + PNGFixture.chunk("IDAT", extra) : PNGFixture.chunk("IDAT", stream + extra)
        return Array(whole[..<idat.offset]) + chunks + PNGFixture.chunk("IEND", [])
    }

    static let cases: [(String, [UInt8])] = [
        ("zero padding in the last IDAT", padded([UInt8](repeating: 0, count: 16), ownChunk: false)),
        ("garbage in the last IDAT", padded(Array("trailing garbage".utf8), ownChunk: false)),
        ("an IDAT after the stream's end", padded([1, 2, 3, 4, 5], ownChunk: true)),
        ("a second zlib stream", padded(ZlibStored.stream([0, 9, 9, 9]), ownChunk: true)),
        ("interlaced, padded", padded([UInt8](repeating: 0, count: 7), ownChunk: false, interlaced: true)),
    ]

    @Test(arguments: cases.indices)
    func theImageIsShownAsPillowShowsIt(index: Int) throws {
        let (name, bytes) = Self.cases[index]
        let path = folder.write(bytes, "padded.png")
        let image = try PNGDecoder.decode(path: path, minimumScale: 1, pixelLimit: 1 << 28, memoryLimit: 1 << 30)
        let reference = try PillowReference.decode(path: path)
        let opaque = PixelBuffer(width: reference.width, height: reference.height, hasAlpha: false, pixels: reference.pixels)
        #expect(image.pixels == opaque, "\(name): \(maxDifference(image.pixels, opaque)) levels off Pillow at most")
        // libpng says so of data in the stream's own IDAT; an IDAT after the stream's end it
        // skips without a word (as it did before), and so does thumbgen.
        #expect(image.info.warnings == (name.hasPrefix("an IDAT") || name.hasPrefix("a second") ? [] : [PNGDecoder.extraDataWarning]), "\(name)")
        // The same pixels as the file without the extra data.
        let clean = try PNGDecoder.decode(path: folder.write(Self.fixture(interlaced: name.hasPrefix("interlaced")).bytes, "clean.png"),
                                          minimumScale: 1, pixelLimit: 1 << 28, memoryLimit: 1 << 30)
        #expect(image.pixels == clean.pixels && clean.info.warnings.isEmpty)
    }
}
