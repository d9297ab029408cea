import Testing
@testable import ImageCodecs

@Suite struct DeflateTests {
    @Test func manifestLevelsMapOntoLibdeflateLevels() {
        #expect((0...9).map(Deflate.level(forCompression:)) == [0, 1, 2, 3, 5, 6, 7, 8, 10, 12])
        #expect(Deflate.level(forCompression: -3) == 0)
        #expect(Deflate.level(forCompression: 42) == 12)
    }

    @Test func crc32MatchesPNGsIENDChunk() {
        let crc = Array("IEND".utf8).withUnsafeBytes { Deflate.crc32($0) }
        #expect(crc == 0xAE42_6082)
    }

    @Test func zlibStreamsHaveAHeaderAndShrinkRepetition() throws {
        let data = [UInt8](repeating: 7, count: 10_000)
        let stream = try Deflate.zlib(data, level: 6)
        #expect(stream[0] == 0x78)
        #expect((Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0)
        #expect(stream.count < 100)
        let stored = try Deflate.zlib(data, level: 0)
        #expect(stored.count > 10_000)
    }
}
