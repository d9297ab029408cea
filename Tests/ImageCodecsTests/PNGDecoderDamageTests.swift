import TestSupport
import Raster
import Testing
@testable import ImageCodecs

/// Broken files never decode to a partial image: each is refused with a reason.
@Suite struct PNGDecoderDamageTests {
    let folder = TemporaryFolder()
    /// A 64×48 RGB image with a tEXt chunk, its data in two IDAT chunks.
    let valid: [UInt8] = {
        var fixture = PNGFixture(width: 64, height: 48, colorType: 2, bitDepth: 8) { x, y in [x * 4, y * 5, (x ^ y) & 255] }
        fixture.chunks = [("tEXt", Array("Comment\0made in a test".utf8))]
        // Split the zlib stream over two IDAT chunks, as encoders do.
        let stream = ZlibStored.stream(fixture.scanlines)
        let whole = fixture.bytes
        let idat = PNGDamage.chunks(whole).first { $0.type == "IDAT" }!
        return Array(whole[..<idat.offset]) + PNGFixture.chunk("IDAT", Array(stream[..<5000]))
            + PNGFixture.chunk("IDAT", Array(stream[5000...])) + PNGFixture.chunk("IEND", [])
    }()

    func reason(_ bytes: [UInt8]) -> String? {
        do {
            _ = try PNGDecoder.decode(path: folder.write(bytes, "broken.png"), minimumScale: 0.5, pixelLimit: 1 << 28, memoryLimit: 1 << 30)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func theValidFileDecodes() throws {
        #expect(reason(valid) == nil)
    }

    @Test func anEmptyFileIsTruncated() {
        #expect(reason([]) == "the PNG ends early (truncated?)")
    }

    @Test(arguments: [8, 20, 33, 60, 2000, 6000, 9000])
    func aTruncatedFileIsRefused(length: Int) {
        #expect(reason(Array(valid.prefix(length))) == "the PNG ends early (truncated?)")
    }

    @Test func aFileWithoutIENDIsRefused() {
        #expect(reason(Array(valid.dropLast(12))) == "the PNG ends early (truncated?)")
    }

    @Test func aWrongSignatureIsRefused() {
        var bytes = valid
        bytes[1] = UInt8(ascii: "Q")
        #expect(reason(bytes) == "corrupt PNG data (Not a PNG file)")
    }

    @Test(arguments: ["IHDR", "tEXt", "IDAT", "IEND"])
    func aBadCRCIsRefused(chunk: String) {
        #expect(reason(PNGDamage.badCRC(valid, in: chunk))?.hasPrefix("a chunk's CRC checksum does not match its data: the file is damaged (\(chunk): CRC error)") == true)
    }

    @Test func aBadAdlerChecksumIsRefused() {
        #expect(reason(PNGDamage.badAdler(valid)) == "the image data's Adler-32 checksum does not match: the file is damaged (IDAT: incorrect data check)")
    }

    @Test(arguments: [("IHDR", 1), ("tEXt", 3), ("IDAT", 7), ("IDAT", -7), ("IDAT", 0x7FFF_0000)])
    func aBadChunkLengthIsRefused(chunk: String, delta: Int) {
        let bytes = PNGDamage.badLength(valid, in: chunk, delta: delta)
        #expect(reason(bytes) != nil)
    }

    @Test func tooLittleImageDataIsRefused() {
        var fixture = PNGFixture(width: 8, height: 8, colorType: 0, bitDepth: 8) { _, _ in [9] }
        fixture.height = 9  // the header now promises a row the data does not hold
        let short = PNGFixture(width: 8, height: 8, colorType: 0, bitDepth: 8) { _, _ in [9] }
        let bytes = PNGDamage.inserting([], before: "IEND", in: Array(fixture.bytes.prefix(33)) + Array(short.bytes.dropFirst(33)))
        #expect(reason(bytes) == "the image data ends before the last row (truncated?) (Not enough image data)")
    }

    @Test func tooMuchImageDataIsRefused() {
        let fixture = PNGFixture(width: 8, height: 9, colorType: 0, bitDepth: 8) { _, _ in [9] }
        let small = PNGFixture(width: 8, height: 8, colorType: 0, bitDepth: 8) { _, _ in [9] }
        let bytes = Array(small.bytes.prefix(33)) + Array(fixture.bytes.dropFirst(33))
        #expect(reason(bytes)?.hasPrefix("there is more image data than the header's size allows") == true)
    }

    @Test func anUnknownCriticalChunkIsRefused() {
        var fixture = PNGFixture(width: 4, height: 4, colorType: 0, bitDepth: 8) { _, _ in [9] }
        fixture.chunks = [("QUUX", [1, 2, 3])]
        #expect(reason(fixture.bytes) != nil)
    }

    @Test func theSizeIsCheckedBeforeAnythingIsAllocated() throws {
        // A header claiming 60000×60000 pixels, with no data behind it.
        let fixture = PNGFixture(width: 60000, height: 60000, colorType: 6, bitDepth: 16) { _, _ in [0, 0, 0, 0] }
        let path = folder.write(fixture.headerBytes + PNGFixture.chunk("IDAT", [0x78, 0x01]), "huge.png")
        #expect(throws: CodecError.overLimit("60000x60000 is 3600000000 pixels, over the limit of 268402689 (limits.pixels)")) {
            try PNGDecoder.decode(path: path, minimumScale: 0.01, pixelLimit: 268_402_689, memoryLimit: 1 << 30)
        }
    }

    @Test func anInterlacedFileMustFitTheMemoryLimit() throws {
        var fixture = PNGFixture(width: 1024, height: 1024, colorType: 2, bitDepth: 8) { _, _ in [1, 2, 3] }
        fixture.interlaced = true
        let path = folder.write(fixture.bytes, "interlaced.png")
        #expect(throws: CodecError.overLimit("this interlaced PNG must be held whole to decode, 4 MiB, over the limit of 3 MiB (limits.memory_mb)")) {
            try PNGDecoder.decode(path: path, minimumScale: 0.1, pixelLimit: 1 << 28, memoryLimit: 3 << 20)
        }
        #expect(try PNGDecoder.decode(path: path, minimumScale: 0.1, pixelLimit: 1 << 28, memoryLimit: 4 << 20).pixels.size
            == PixelSize(width: 103, height: 103))
    }

    @Test func aMissingFileIsUnreadable() {
        #expect(throws: CodecError.io("cannot open the file: No such file or directory")) {
            try PNGDecoder.decode(path: folder.path + "/absent.png", minimumScale: 1, pixelLimit: 100, memoryLimit: 100)
        }
    }
}
