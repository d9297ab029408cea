import Raster
import Testing
import TestSupport

@testable import ImageCodecs

/// Buffers that grow with the original come from malloc, which can say no: an image whose
/// buffer cannot be had is `outOfMemory` ("not enough memory: needs N MiB"), never a trap that
/// ends the process (and the build) with SIGABRT.
@Suite struct FallibleAllocationTests {
    /// An interlaced PNG is held whole while it decodes. 2^30 × 2^20 pixels need 4 PiB, more
    /// than any process can address, so malloc refuses on every machine whatever its overcommit.
    @Test func anInterlacedPNGWhoseBufferCannotBeHadIsOutOfMemory() throws {
        var header = PNGFixture(width: 1 << 30, height: 1 << 20, colorType: 0, bitDepth: 8) { _, _ in [0] }
        header.interlaced = true
        let folder = ScratchFolder()
        let path = folder.write("huge.png", header.headerBytes + PNGFixture.chunk("IDAT", [0x78, 0x01]) + PNGFixture.chunk("IEND", []))
        let error = #expect(throws: CodecError.outOfMemory(bytes: 1 << 52)) {
            _ = try PNGDecoder.decode(path: path, minimumScale: 1, pixelLimit: .max, memoryLimit: .max)
        }
        #expect(error?.description == "not enough memory: needs 4294967296 MiB")
        #expect(error?.isVerdictOnContent == false)
    }

    @Test func sizesThatOverflowAskForTheImpossible() {
        #expect(HeapBytes.product(1 << 31, 1 << 31, 4) == .max)
        #expect(HeapBytes.product(16000, 16000, 4) == 1_024_000_000)
        #expect(throws: CodecError.outOfMemory(bytes: .max)) { _ = try HeapBytes(count: .max) }
        #expect(throws: CodecError.outOfMemory(bytes: 1 << 52)) {
            _ = try PixelBuffer.allocating(width: 1 << 30, height: 1 << 20, hasAlpha: false)
        }
    }
}
