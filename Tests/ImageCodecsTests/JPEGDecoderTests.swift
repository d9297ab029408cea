import Foundation
import Raster
import Testing
import TestSupport

@testable import ImageCodecs

@Suite struct JPEGDecoderTests {
    /// Every eighth: the strongest DCT scale that still keeps the scale asked for.
    @Test(arguments: [(1.0, 8), (0.5, 4), (0.49, 4), (0.126, 2), (0.125, 1), (0.01, 1), (0.3, 3), (0.76, 7), (0.2, 2),
                      (0.57, 5), (0.626, 6), (0.875, 7), (0.876, 8)])
    func scaleNumeratorIsTheStrongestReductionThatKeepsTheScale(scale: Double, numerator: Int) {
        #expect(JPEGDecoder.scaleNumerator(for: scale) == numerator)
    }

    @Test(arguments: 1...8)
    func decodesAtEighths(numerator: Int) throws {
        let folder = ScratchFolder()
        let path = folder.write("a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 203, height: 101)))
        let image = try JPEGDecoder.decode(path: path, minimumScale: Double(numerator) / 8, memoryLimit: 1 << 30)
        #expect(image.fullSize == PixelSize(width: 203, height: 101))
        #expect(image.pixels.size == PixelSize(width: (203 * numerator + 7) / 8, height: (101 * numerator + 7) / 8))
    }

    @Test func greyscaleDecodesToEqualChannelsAndSaysSo() throws {
        let folder = ScratchFolder()
        var options = JPEGFixtures.Options()
        options.grey = true
        let path = folder.write("g.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 64, height: 48), options))
        let image = try JPEGDecoder.decode(path: path, minimumScale: 1, memoryLimit: 1 << 30)
        #expect(image.isGrey)
        #expect(image.pixels.isGrey)
        #expect(try JPEGDecoder.inspect(path: path).components == 1)
    }

    @Test func adobeCMYKBecomesTheRightRGB() throws {
        let folder = ScratchFolder()
        let colours: [SIMD4<UInt8>] = [[200, 40, 60, 255], [20, 180, 90, 255], [250, 250, 250, 255], [10, 10, 10, 255]]
        var source = PixelBuffer(width: 64, height: 16, hasAlpha: false)
        for x in 0..<64 { for y in 0..<16 { source[x, y] = colours[x / 16] } }
        var options = JPEGFixtures.Options()
        options.cmyk = true
        options.quality = 100
        let path = folder.write("cmyk.jpg", JPEGFixtures.jpeg(source, options))
        #expect(try JPEGDecoder.inspect(path: path).components == 4)
        let image = try JPEGDecoder.decode(path: path, minimumScale: 1, memoryLimit: 1 << 30)
        #expect(image.iccProfile == nil)
        for (band, colour) in colours.enumerated() {
            let decoded = image.pixels[band * 16 + 8, 8]
            for channel in 0..<3 { #expect(abs(Int(decoded[channel]) - Int(colour[channel])) <= 4, "band \(band)") }
        }
    }

    @Test func keepsTheICCProfile() throws {
        let folder = ScratchFolder()
        var options = JPEGFixtures.Options()
        options.iccProfile = JPEGFixtures.iccProfile(bytes: 70_000)  // spans two APP2 markers
        let path = folder.write("icc.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 32, height: 32), options))
        let image = try JPEGDecoder.decode(path: path, minimumScale: 1, memoryLimit: 1 << 30)
        #expect(image.iccProfile == options.iccProfile)
    }

    @Test func reportsSubsampling() throws {
        let folder = ScratchFolder()
        var options = JPEGFixtures.Options()
        options.chroma444 = true
        let full = folder.write("444.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 32, height: 32), options))
        let sub = folder.write("420.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 32, height: 32)))
        #expect(try JPEGDecoder.decode(path: full, minimumScale: 1, memoryLimit: 1 << 30).isChroma444)
        #expect(try !JPEGDecoder.decode(path: sub, minimumScale: 1, memoryLimit: 1 << 30).isChroma444)
    }

    @Test func truncatedDataIsAnErrorNotGreyFiller() throws {
        let folder = ScratchFolder()
        let bytes = JPEGFixtures.jpeg(Pictures.photo(width: 400, height: 300))
        let path = folder.write("t.jpg", Array(bytes.prefix(bytes.count / 2)))
        #expect(throws: CodecError.damaged("corrupt or truncated JPEG data (Premature end of JPEG file)")) {
            _ = try JPEGDecoder.decode(path: path, minimumScale: 1, memoryLimit: 1 << 30)
        }
    }

    @Test func headerOnlyFileIsAnError() throws {
        let folder = ScratchFolder()
        let bytes = JPEGFixtures.jpeg(Pictures.photo(width: 400, height: 300))
        // Keep everything up to the start of scan, then nothing.
        let sos = (0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }!
        let path = folder.write("h.jpg", Array(bytes.prefix(sos + 14)))
        #expect(throws: CodecError.self) {
            _ = try JPEGDecoder.decode(path: path, minimumScale: 1 / 8, memoryLimit: 1 << 30)
        }
    }

    @Test func progressiveOverTheMemoryLimitIsRefusedBeforeDecoding() throws {
        let folder = ScratchFolder()
        var options = JPEGFixtures.Options()
        options.progressive = true
        let path = folder.write("p.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 2048, height: 1024), options))
        // 2048×1024 4:2:0: 2048·1024·1.5 coefficients of 2 bytes = 6 MiB.
        #expect(throws: CodecError.overLimit("this progressive JPEG needs 6 MiB to decode, over the limit of 4 MiB (limits.memory_mb)")) {
            _ = try JPEGDecoder.decode(path: path, minimumScale: 1 / 8, memoryLimit: 4 << 20)
        }
        #expect(try JPEGDecoder.decode(path: path, minimumScale: 1 / 8, memoryLimit: 8 << 20).pixels.size == PixelSize(width: 256, height: 128))
    }
}
