import Raster
import Testing
import TestSupport
@testable import ImageCodecs

/// Stray bytes between a JPEG's segments, and comment or APPn segments whose length is 0 or 1:
/// libjpeg reads such files (warning "N extraneous bytes before marker"), so thumbgen's header
/// reader walks them as libjpeg's `next_marker` and `skip_variable` do. Each file is compared
/// with djpeg's decode of it.
@Suite(.needs(DjpegReference.missing) { DjpegReference.isAvailable })
struct JPEGStrayBytesTests {
    let folder = TemporaryFolder()
    static let clean = JPEGFixtures.jpeg(Pictures.photo(width: 120, height: 80, seed: 9))

    /// Offset of the first segment with marker `code` (after SOI).
    static func offset(of code: UInt8, in jpeg: [UInt8]) -> Int {
        var offset = 2
        while jpeg[offset + 1] != code { offset += 2 + (Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])) }
        return offset
    }

    static func inserting(_ bytes: [UInt8], before code: UInt8, in jpeg: [UInt8] = clean) -> [UInt8] {
        var copy = jpeg
        copy.insert(contentsOf: bytes, at: offset(of: code, in: jpeg))
        return copy
    }

    /// Files libjpeg reads: junk before the frame header, before a table, before the scan, a
    /// stuffed zero and fill bytes among the junk, and comments of length 0 and 1.
    static let damaged: [(String, [UInt8])] = [
        ("junk before SOF", inserting([0x00, 0x12, 0x34, 0x56], before: 0xC0)),
        ("junk before DHT", inserting(Array("garbage".utf8), before: 0xC4)),
        ("junk before SOS", inserting([0x0D, 0x0A], before: 0xDA)),
        ("stuffed zero and fill", inserting([0x01, 0xFF, 0x00, 0x02, 0xFF, 0xFF, 0x00, 0x03], before: 0xDB)),
        ("comment of length 0", inserting([0xFF, 0xFE, 0x00, 0x00] + Array("a comment".utf8), before: 0xDB)),
        ("comment of length 1", inserting([0xFF, 0xFE, 0x00, 0x01, 0x41], before: 0xC0)),
        ("APP15 of length 0", inserting([0xFF, 0xEF, 0x00, 0x00, 0x07], before: 0xC4)),
    ]

    func decode(_ path: String) throws -> PixelBuffer {
        let header = try ImageHeader.read(path: path)
        #expect(header.format == .jpeg && header.size == PixelSize(width: 120, height: 80))
        let collector = PixelCollector()
        try ImageDecoders.decode(path: path, header: header, minimumScale: 1,
                                 limits: DecodeLimits(pixels: 1 << 28, memoryBytes: 1 << 30, scans: 100), into: collector)
        return collector.image!.pixels
    }

    @Test(arguments: damaged.indices)
    func aFileLibjpegReadsIsRead(index: Int) throws {
        let (name, bytes) = Self.damaged[index]
        let path = folder.write(bytes, "stray.jpg")
        let reference = try DjpegReference.decode(path: path)
        let pixels = try decode(path)
        // The same image data as the clean file: the same pixels as it, and as djpeg shows them.
        #expect(pixels == (try decode(folder.write(Self.clean, "clean.jpg"))), "\(name)")
        let score = Pictures.psnr(pixels, reference.pixels)
        #expect(score > 40, "\(name): \(score) dB against djpeg")
    }

    @Test func djpegWarnsOfTheStrayBytes() throws {
        let result = try DjpegReference.decode(path: folder.write(Self.damaged[0].1, "stray.jpg"))
        #expect(result.warnings.contains("extraneous bytes before marker"))
    }

    @Test func aLengthBelowTwoInATableIsCorrupt() throws {
        // libjpeg refuses these too (JERR_BAD_LENGTH): only APPn and comments are skipped by length.
        let bytes = Self.inserting([0xFF, 0xDD, 0x00, 0x01], before: 0xC0)
        let path = folder.write(bytes, "dri.jpg")
        #expect(throws: CodecError.damaged("corrupt JPEG header: the segment at byte \(Self.offset(of: 0xC0, in: Self.clean)) gives a length of 1")) {
            try ImageHeader.read(path: path)
        }
    }

    @Test func strayBytesPastTheBoundAreCorrupt() throws {
        let junk = [UInt8](repeating: 0x20, count: JPEGHeader.maxStrayBytes + 10)
        let at = Self.offset(of: 0xC0, in: Self.clean)
        let path = folder.write(Self.inserting(junk, before: 0xC0), "junk.jpg")
        #expect(throws: CodecError.damaged("corrupt JPEG header: no marker in the \(JPEGHeader.maxStrayBytes) bytes after byte \(at)")) {
            try ImageHeader.read(path: path)
        }
    }

    @Test func junkToTheEndIsTruncated() throws {
        let cut = Array(Self.clean.prefix(Self.offset(of: 0xC0, in: Self.clean))) + [0x01, 0x02, 0x03, 0xFF]
        #expect(throws: CodecError.damaged("the JPEG ends before its frame header (truncated?)")) {
            try ImageHeader.read(path: folder.write(cut, "cut.jpg"))
        }
    }
}
