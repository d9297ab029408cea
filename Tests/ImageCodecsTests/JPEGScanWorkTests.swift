import Raster
import Testing
import TestSupport

@testable import ImageCodecs

/// Issue 29: limits.scans ignored the image's size. Every scan visits each block of its
/// components, even an empty one, so 500 scans over a 16383×16383 grey image (all within the
/// limits: pixels, memory, scans) took 23.5 s of CPU. The work is bounded: the blocks summed
/// over the scans, at most limits.scans × `JPEGDecoder.blocksPerScan`.
@Suite struct JPEGScanWorkTests {
    let folder = ScratchFolder()

    final class RowCounter: RowConsumer {
        var rows = 0
        func begin(_ info: SourceInfo) {}
        func consume(rows: UnsafeRawPointer, first: Int, count: Int) { self.rows += count }
    }

    /// The decode's error and the CPU seconds it took on this thread.
    func decode(_ path: String, scanLimit: Int, countingScans: Bool = true) -> (error: CodecError?, rows: Int, seconds: Double) {
        let counter = RowCounter()
        var error: CodecError?
        let seconds = ThreadCPU.seconds {
            do {
                try JPEGDecoder.decode(file: FileBytes(path: path), minimumScale: 1 / 8, memoryLimit: 1 << 30, scanLimit: scanLimit,
                                       countingScans: countingScans, into: counter)
            } catch let failure as CodecError {
                error = failure
            }
        }
        return (error, counter.rows, seconds)
    }

    /// The file: 724 KB, 4,194,304 blocks, 500 scans.
    static let bomb = EmptyScansJPEG.jpeg(width: 16383, height: 16383, scans: 500)

    @Test func fiveHundredEmptyScansOverAHugeGreyImageAreRefusedAtOnce() {
        let result = decode(folder.write("bomb.jpg", Self.bomb), scanLimit: 500)
        #expect(result.error == .overLimit("this progressive JPEG's 500 scans decode 2097152000 blocks of coefficients, over the limit of 65536000 (limits.scans × 131072 blocks: every scan visits each block, so a larger image may have fewer scans)"))
        #expect(result.rows == 0)
        #expect(result.seconds < 1)
    }

    /// Behind the count, libjpeg stops at the first scan whose blocks pass the limit.
    @Test func libjpegStopsAtTheScanThatPassesTheBlockLimit() {
        let result = decode(folder.write("bomb.jpg", Self.bomb), scanLimit: 500, countingScans: false)
        #expect(result.error == .overLimit("this progressive JPEG's scans decode more than 65536000 blocks of coefficients, over the limit of 65536000 (limits.scans)"))
        #expect(result.rows == 0)
        // 15 scans of 4,194,304 blocks are decoded before the 16th passes the limit.
        #expect(result.seconds < 5)
    }

    /// A scan of one component counts that component's blocks; an interleaved one its MCUs'.
    @Test func blocksAreCountedPerScanAndComponent() throws {
        var options = JPEGFixtures.Options()
        options.progressive = true
        // libjpeg's default script for 4:2:0 YCbCr: 10 scans; 64×48 has 8×6 luma blocks, 4×3 of each chroma.
        let path = folder.write("p.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 64, height: 48), options))
        // DC first and refinement: interleaved, 12 MCUs of 6 blocks; then Y's AC four times,
        // Cb's and Cr's twice each: 2 × 72 + 4 × 48 + 4 × 12.
        let counted = try JPEGDecoder.countScans(path: path)
        #expect(counted.scans == 10 && counted.blocks == 2 * 72 + 4 * 48 + 4 * 12)
        #expect(decode(path, scanLimit: 500).error == nil)
        #expect(JPEGDecoder.blockLimit(scanLimit: 500) == 500 * 131_072)
    }

    /// Within the limits, a file costs a few seconds at most: 62 empty scans over 8192×8192
    /// grey, 65,011,712 blocks, just within the default limit's 65,536,000, decode; a 63rd is
    /// refused.
    @Test func theMostWorkTheDefaultLimitAllowsDecodesInAFewSeconds() {
        let path = folder.write("edge.jpg", EmptyScansJPEG.jpeg(width: 8192, height: 8192, scans: 62))
        let result = decode(path, scanLimit: 500)
        #expect(result.error == nil && result.rows == 1024)
        #expect(result.seconds < 5)
        let over = decode(folder.write("over.jpg", EmptyScansJPEG.jpeg(width: 8192, height: 8192, scans: 63)), scanLimit: 500)
        #expect(over.error == .overLimit("this progressive JPEG's 63 scans decode 66060288 blocks of coefficients, over the limit of 65536000 (limits.scans × 131072 blocks: every scan visits each block, so a larger image may have fewer scans)"))
    }

    /// The count reads the file through a buffer of 64 KiB and looks for each 0xFF of the
    /// entropy-coded data with memchr: wherever an 0xFF falls against the buffer's edge (the last
    /// byte of one buffer, its 00 or marker the first of the next), the count is libjpeg's own
    /// script's, 10 scans of the same blocks. The same progressive photo is shifted by a comment
    /// segment after SOI so that each of its first 0xFF bytes lands on the buffer's last byte,
    /// one before it and one after it, and by 0 to 63 bytes besides.
    @Test func scansAreCountedWhereverAnFFMeetsTheReadersEdge() throws {
        var options = JPEGFixtures.Options()
        options.progressive = true
        let jpeg = JPEGFixtures.jpeg(Pictures.photo(width: 640, height: 480, seed: 7), options)
        let edge = (1 << 16) - 1
        // 640x480 in 4:2:0: 1200 MCUs of 6 blocks, 4800 luma blocks, 1200 of each chroma.
        let expected = (scans: 10, blocks: 2 * 7200 + 4 * 4800 + 4 * 1200)
        let plain = try JPEGDecoder.countScans(path: folder.write("plain.jpg", jpeg))
        #expect(plain.scans == expected.scans && plain.blocks == expected.blocks, "\(plain)")
        // A comment segment takes 4 bytes at least and 65,535 at most.
        var onEdge: [Int] = []
        for index in jpeg.indices where jpeg[index] == 0xFF && index > 2 && onEdge.count < 8 {
            let distance = edge - index
            if distance >= 5 && distance < 65_000 { onEdge.append(distance) }
        }
        #expect(onEdge.count == 8, "the photo has 0xFF bytes that a comment can move onto the edge")
        var shifts: [Int] = [0] + Array(4..<64)
        for distance in onEdge { shifts += [distance - 1, distance, distance + 1] }
        for shift in shifts {
            var shifted: [UInt8] = Array(jpeg[0..<2])
            if shift > 0 {
                let length = shift - 2
                shifted += [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)]
                shifted += [UInt8](repeating: 0x20, count: shift - 4)
            }
            shifted += jpeg[2...]
            let counted = try JPEGDecoder.countScans(path: folder.write("shifted.jpg", shifted))
            #expect(counted.scans == expected.scans && counted.blocks == expected.blocks, "shifted by \(shift): \(counted)")
        }
    }
}
