import Foundation
import LibWebP
import Raster
import Testing
import TestSupport
@testable import ImageCodecs

@Suite struct WebPEncoderTests {
    /// What libwebp reads back from a file: premultiplied pixels (as the project holds them) and
    /// the container's chunks.
    struct Decoded {
        var pixels: PixelBuffer
        var chunks: [String]
        var iccProfile: [UInt8]?
    }

    static func decode(_ webp: [UInt8]) throws -> Decoded {
        var features = WebPBitstreamFeatures()
        try #require(WebPGetFeatures(webp, webp.count, &features) == VP8_STATUS_OK)
        var width: Int32 = 0, height: Int32 = 0
        let rgba = try #require(WebPDecodeRGBA(webp, webp.count, &width, &height))
        defer { WebPFree(rgba) }
        var pixels = PixelBuffer(width: Int(width), height: Int(height), hasAlpha: features.has_alpha != 0,
                                 pixels: Array(UnsafeBufferPointer(start: rgba, count: Int(width * height) * 4)))
        if pixels.hasAlpha { pixels.pixels.withUnsafeMutableBufferPointer { PixelBuffer.premultiply($0) } }
        return Decoded(pixels: pixels, chunks: chunkNames(webp), iccProfile: try iccProfile(webp))
    }

    /// The FourCCs of the RIFF container's top-level chunks, in order.
    static func chunkNames(_ webp: [UInt8]) -> [String] {
        var names: [String] = [], offset = 12
        while offset + 8 <= webp.count {
            names.append(String(decoding: webp[offset..<offset + 4], as: UTF8.self))
            let size = Int(webp[offset + 4]) | Int(webp[offset + 5]) << 8 | Int(webp[offset + 6]) << 16 | Int(webp[offset + 7]) << 24
            offset += 8 + size + size % 2
        }
        return names
    }

    static func iccProfile(_ webp: [UInt8]) throws -> [UInt8]? {
        try webp.withUnsafeBufferPointer { bytes in
            var data = WebPData(bytes: bytes.baseAddress, size: bytes.count)
            let mux = try #require(WebPMuxCreate(&data, 0))
            defer { WebPMuxDelete(mux) }
            var chunk = WebPData()
            guard WebPMuxGetChunk(mux, "ICCP", &chunk) == WEBP_MUX_OK, let start = chunk.bytes else { return nil }
            return Array(UnsafeBufferPointer(start: start, count: chunk.size))
        }
    }

    @Test func opaquePhotoComesBackAtItsSizeAndClose() throws {
        let source = Pictures.photo(width: 96, height: 64)
        let webp = try WebPEncoder.encode(source, options: .init(quality: 80))
        let decoded = try Self.decode(webp)
        #expect(decoded.pixels.size == source.size)
        #expect(!decoded.pixels.hasAlpha)
        #expect(decoded.chunks == ["VP8 "])  // no VP8X, ALPH, EXIF or XMP
        #expect(EncoderFixtures.colourPSNR(decoded.pixels, source) > 30)
    }

    @Test(arguments: [(1, 1), (3, 5), (17, 9), (9, 17)])
    func oddSizesComeBackExactly(width: Int, height: Int) throws {
        let source = Pictures.photo(width: width, height: height)
        for lossless in [false, true] {
            let decoded = try Self.decode(try WebPEncoder.encode(source, options: .init(quality: 80, lossless: lossless)))
            #expect(decoded.pixels.size == source.size)
            if lossless { #expect(EncoderFixtures.colourPSNR(decoded.pixels, source) == .infinity) }
        }
    }

    @Test func alphaIsKeptWithoutDarkFringes() throws {
        let source = EncoderFixtures.redEdge()
        for sharp in [false, true] {
            var options = WebPEncoder.Options(quality: 80)
            options.sharpYUV = sharp
            let webp = try WebPEncoder.encode(source, options: options)
            let decoded = try Self.decode(webp)
            #expect(decoded.pixels.hasAlpha)
            #expect(decoded.chunks == ["VP8X", "ALPH", "VP8 "])
            // Alpha is coded losslessly (alpha_quality 100).
            #expect(zip(decoded.pixels.pixels, source.pixels).enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element.0 == $0.element.1 })
            let edge = EncoderFixtures.edgeColours(decoded.pixels)
            #expect(edge.minimumRed >= 200, "darkest visible red \(edge.minimumRed) (sharp YUV \(sharp))")
            #expect(edge.maximumGreenBlue <= 40, "greyest visible pixel \(edge.maximumGreenBlue) (sharp YUV \(sharp))")
        }
    }

    @Test func losslessKeepsEveryPixel() throws {
        let opaque = Pictures.photo(width: 40, height: 30)
        #expect(try Self.decode(try WebPEncoder.encode(opaque, options: .init(quality: 80, lossless: true))).pixels == opaque)
        let alpha = EncoderFixtures.redEdge()
        let decoded = try Self.decode(try WebPEncoder.encode(alpha, options: .init(quality: 80, lossless: true)))
        #expect(maxDifference(decoded.pixels, alpha) <= 1)  // straight alpha, premultiplied again
    }

    @Test func iccProfileIsKeptByteForByte() throws {
        for profile in try EncoderFixtures.wideGamutProfiles() {
            for source in [Pictures.photo(width: 33, height: 21), EncoderFixtures.redEdge()] {
                var options = WebPEncoder.Options(quality: 80)
                options.iccProfile = profile
                let decoded = try Self.decode(try WebPEncoder.encode(source, options: options))
                #expect(decoded.iccProfile == profile)
                #expect(decoded.chunks == (source.hasAlpha ? ["VP8X", "ICCP", "ALPH", "VP8 "] : ["VP8X", "ICCP", "VP8 "]))
                #expect(decoded.pixels.size == source.size)
            }
        }
    }

    @Test func sameInputGivesTheSameBytes() throws {
        for source in [Pictures.photo(width: 120, height: 80), EncoderFixtures.redEdge()] {
            var options = WebPEncoder.Options(quality: 82)
            options.iccProfile = WideGamutProfile.bytes()
            #expect(try WebPEncoder.encode(source, options: options) == WebPEncoder.encode(source, options: options))
        }
    }

    @Test func greyStaysGrey() throws {
        let source = EncoderFixtures.grey()
        let decoded = try Self.decode(try WebPEncoder.encode(source, options: .init(quality: 80)))
        #expect(decoded.pixels.size == source.size)
        #expect(EncoderFixtures.greyError(decoded.pixels) <= 3)
        #expect(EncoderFixtures.colourPSNR(decoded.pixels, source) > 30)
    }
}
