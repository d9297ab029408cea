import Raster
import Testing
import TestSupport

@testable import ImageCodecs

@Suite struct ImageHeaderTests {
    @Test(arguments: 0...10)
    func jpegOrientationComesFromEXIF(value: Int) throws {
        let folder = ScratchFolder()
        var options = JPEGFixtures.Options()
        options.orientation = value
        let path = folder.write("o.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 40, height: 20), options))
        let header = try ImageHeader.read(path: path)
        #expect(header.format == .jpeg)
        #expect(header.size == PixelSize(width: 40, height: 20))
        // 0 and values past 8 are garbage: upright.
        #expect(header.orientation.rawValue == ((1...8).contains(value) ? value : 1))
        #expect(header.uprightSize == ((5...8).contains(value) ? PixelSize(width: 20, height: 40) : PixelSize(width: 40, height: 20)))
    }

    @Test func garbageEXIFIsUpright() throws {
        #expect(EXIFOrientation.read(Array("Exif\0\0not a tiff header at all".utf8)) == .up)
        #expect(EXIFOrientation.read([]) == .up)
        #expect(EXIFOrientation.read(JPEGFixtures.exifPayload(orientation: 65535)) == .up)
    }

    @Test func progressiveAndComponentsAreRead() throws {
        let folder = ScratchFolder()
        var options = JPEGFixtures.Options()
        options.progressive = true
        options.grey = true
        let header = try ImageHeader.read(path: folder.write("p.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 8, height: 8), options)))
        #expect(header.needsWholeImage)
        #expect(header.components == 1)
    }

    /// The scheduler's estimate of a progressive JPEG's coefficient buffer is what the decoder allocates.
    @Test func progressiveWholeImageBytesComeFromTheFrameHeader() throws {
        let folder = ScratchFolder()
        var options = JPEGFixtures.Options()
        options.progressive = true
        let progressive = try ImageHeader.read(path: folder.write("p.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 2048, height: 1024), options)))
        #expect(progressive.wholeImageBytes == 6 << 20)  // 4:2:0: 1.5 coefficients a pixel, 2 bytes each
        options.progressive = false
        let baseline = try ImageHeader.read(path: folder.write("b.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 2048, height: 1024), options)))
        #expect(baseline.wholeImageBytes == 0)
    }

    @Test func brokenHeadersSayWhy() throws {
        let folder = ScratchFolder()
        let cases: [([UInt8], String)] = [
            ([], "the file is empty"),
            ([0xFF, 0xD8, 0xFF], "the JPEG ends before its frame header (truncated?)"),
            ([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10], "the JPEG ends before its frame header (truncated?)"),
            ([0xFF, 0xD8, 0xFF, 0xD9], "corrupt JPEG: no frame header before the image data"),
            ([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x00, 0x00, 0x10, 0x03], "the JPEG frame header gives a size of 16x0"),
        ]
        for (bytes, reason) in cases {
            let path = folder.write("broken.jpg", bytes)
            #expect(throws: CodecError.damaged(reason)) { _ = try ImageHeader.read(path: path) }
        }
    }

    @Test func textIsNoKnownFormat() throws {
        let folder = ScratchFolder()
        let header = try ImageHeader.read(path: folder.write("t.jpg", text: "hello, I am not a picture"))
        #expect(header.format == .unknown)
    }
}
