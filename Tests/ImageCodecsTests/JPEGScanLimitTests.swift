import Raster
import Testing
import TestSupport

@testable import ImageCodecs

/// limits.scans: every scan of a progressive JPEG is a pass over all its coefficients, so a file
/// with hundreds of scans costs minutes of CPU. Over the limit, it is refused before any scan is
/// decoded.
@Suite struct JPEGScanLimitTests {
    /// 900 legal scans (successive approximation, one coefficient a scan) over a 512×512 photo.
    static let manyScans: [UInt8] = {
        var options = JPEGFixtures.Options()
        options.scanScript = JPEGFixtures.progressiveScript(scans: 900, components: 3)
        return JPEGFixtures.jpeg(Pictures.photo(width: 512, height: 512), options)
    }()

    /// Counts the rows a decode hands on.
    final class RowCounter: RowConsumer {
        var began = false
        var rows = 0
        func begin(_ info: SourceInfo) { began = true }
        func consume(rows: UnsafeRawPointer, first: Int, count: Int) { self.rows += count }
    }

    @Test func moreScansThanTheLimitAreRefusedBeforeAnyIsDecoded() throws {
        let folder = ScratchFolder()
        let path = folder.write("scans.jpg", Self.manyScans)
        let counter = RowCounter()
        #expect(throws: CodecError.overLimit("this progressive JPEG has 900 scans, over the limit of 500 (limits.scans)")) {
            try JPEGDecoder.decode(path: path, minimumScale: 1 / 8, memoryLimit: 1 << 30, scanLimit: 500, into: counter)
        }
        #expect(!counter.began && counter.rows == 0)
    }

    /// The file is legal: under a higher limit it decodes whole.
    @Test func theSameFileDecodesUnderAHigherLimit() throws {
        let folder = ScratchFolder()
        let path = folder.write("scans.jpg", Self.manyScans)
        let counter = RowCounter()
        try JPEGDecoder.decode(path: path, minimumScale: 1 / 8, memoryLimit: 1 << 30, scanLimit: 900, into: counter)
        #expect(counter.rows == 64)
    }

    /// libjpeg's default progression has 10 scans: it decodes at the default limit, and a limit
    /// of 9 shows the count is exact.
    @Test func anOrdinaryProgressiveJPEGDecodes() throws {
        var options = JPEGFixtures.Options()
        options.progressive = true
        let folder = ScratchFolder()
        let path = folder.write("p.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 300, height: 200), options))
        let image = try JPEGDecoder.decode(path: path, minimumScale: 1, memoryLimit: 1 << 30, scanLimit: 500)
        #expect(image.pixels.size == PixelSize(width: 300, height: 200))
        #expect(throws: CodecError.overLimit("this progressive JPEG has 10 scans, over the limit of 9 (limits.scans)")) {
            _ = try JPEGDecoder.decode(path: path, minimumScale: 1, memoryLimit: 1 << 30, scanLimit: 9)
        }
        #expect(try JPEGDecoder.decode(path: path, minimumScale: 1, memoryLimit: 1 << 30, scanLimit: 10).pixels.size.width == 300)
    }

    /// Behind the count, libjpeg itself stops at the first scan past the limit (a progress
    /// monitor), should a file ever hold a scan the count did not see.
    @Test func libjpegStopsAtTheFirstScanPastTheLimit() throws {
        let folder = ScratchFolder()
        let path = folder.write("scans.jpg", Self.manyScans)
        let counter = RowCounter()
        #expect(throws: CodecError.overLimit("this progressive JPEG has more than 500 scans, over the limit of 500 (limits.scans)")) {
            try JPEGDecoder.decode(file: FileBytes(path: path), minimumScale: 1 / 8, memoryLimit: 1 << 30, scanLimit: 500, countingScans: false, into: counter)
        }
        #expect(counter.rows == 0)
    }

    /// Baseline files are not counted: a limit of 1 leaves them alone.
    @Test func baselineFilesAreNotLimited() throws {
        let folder = ScratchFolder()
        let path = folder.write("b.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 64, height: 48)))
        #expect(try JPEGDecoder.decode(path: path, minimumScale: 1, memoryLimit: 1 << 30, scanLimit: 1).pixels.size.width == 64)
    }
}
