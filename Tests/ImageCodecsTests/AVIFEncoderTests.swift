import Foundation
import LibAVIF
import Raster
import Testing
import TestSupport
@testable import ImageCodecs

@Suite struct AVIFEncoderTests {
    /// What dav1d (through libavif) reads back: premultiplied pixels, the image's colour fields
    /// and metadata, and the `colr` boxes as written in the container.
    struct Decoded {
        var pixels: PixelBuffer
        var yuvFormat: avifPixelFormat
        var fullRange: Bool
        var cicp: [Int]  // primaries, transfer, matrix, as the decoder reports them
        var iccProfile: [UInt8]
        var exifBytes: Int, xmpBytes: Int
        var colr: [String: [UInt8]]  // colour type ("nclx", "prof") → payload
    }

    static func decode(_ avif: [UInt8]) throws -> Decoded {
        let decoder = try #require(avifDecoderCreate())
        defer { avifDecoderDestroy(decoder) }
        decoder.pointee.codecChoice = AVIF_CODEC_CHOICE_DAV1D
        let image = try #require(avifImageCreateEmpty())
        defer { avifImageDestroy(image) }
        try #require(avifDecoderReadMemory(decoder, image, avif, avif.count) == AVIF_RESULT_OK)
        var rgb = avifRGBImage()
        avifRGBImageSetDefaults(&rgb, image)
        rgb.format = AVIF_RGB_FORMAT_RGBA
        rgb.depth = 8
        avifRGBImageAllocatePixels(&rgb)
        defer { avifRGBImageFreePixels(&rgb) }
        try #require(avifImageYUVToRGB(image, &rgb) == AVIF_RESULT_OK)
        let width = Int(image.pointee.width), height = Int(image.pointee.height)
        var bytes: [UInt8] = []
        for y in 0..<height {
            bytes += UnsafeBufferPointer(start: rgb.pixels + y * Int(rgb.rowBytes), count: width * 4)
        }
        var pixels = PixelBuffer(width: width, height: height, hasAlpha: image.pointee.alphaPlane != nil, pixels: bytes)
        if pixels.hasAlpha { pixels.pixels.withUnsafeMutableBufferPointer { PixelBuffer.premultiply($0) } }
        let icc = image.pointee.icc
        return Decoded(pixels: pixels, yuvFormat: image.pointee.yuvFormat, fullRange: image.pointee.yuvRange == AVIF_RANGE_FULL,
                       cicp: [Int(image.pointee.colorPrimaries), Int(image.pointee.transferCharacteristics), Int(image.pointee.matrixCoefficients)],
                       iccProfile: icc.data.map { Array(UnsafeBufferPointer(start: $0, count: icc.size)) } ?? [],
                       exifBytes: image.pointee.exif.size, xmpBytes: image.pointee.xmp.size, colr: colrBoxes(avif))
    }

    /// The `colr` boxes before `mdat` (in `meta`'s item properties), by colour type.
    static func colrBoxes(_ avif: [UInt8]) -> [String: [UInt8]] {
        let end = boxOffset(avif, "mdat") ?? avif.count
        var boxes: [String: [UInt8]] = [:], offset = 4
        while offset + 8 <= end {
            if avif[offset..<offset + 4].elementsEqual("colr".utf8) {
                let size = Int(avif[offset - 4]) << 24 | Int(avif[offset - 3]) << 16 | Int(avif[offset - 2]) << 8 | Int(avif[offset - 1])
                boxes[String(decoding: avif[offset + 4..<offset + 8], as: UTF8.self)] = Array(avif[offset + 8..<offset - 4 + size])
            }
            offset += 1
        }
        return boxes
    }

    static func boxOffset(_ bytes: [UInt8], _ type: String) -> Int? {
        let pattern = Array(type.utf8)
        return (0...(bytes.count - 4)).first { bytes[$0..<$0 + 4].elementsEqual(pattern) }
    }

    /// nclx payload: primaries, transfer, matrix (16 bits each), then the full-range bit.
    static func nclx(_ payload: [UInt8]) -> [Int] {
        [Int(payload[0]) << 8 | Int(payload[1]), Int(payload[2]) << 8 | Int(payload[3]), Int(payload[4]) << 8 | Int(payload[5]), Int(payload[6] >> 7)]
    }

    static let options = AVIFEncoder.Options(quality: 60, speed: 8)

    @Test func qualityMapsLinearlyToQuantizers() {
        #expect([100, 82, 60, 50, 1].map(AVIFEncoder.quantizer(forQuality:)) == [0, 11, 25, 32, 62])
        #expect(AVIFEncoder.quantizer(forQuality: 0) == 62)
        #expect(AVIFEncoder.quantizer(forQuality: 200) == 0)
    }

    @Test func photoComesBackAsSRGB420AtItsSizeAndClose() throws {
        let source = Pictures.photo(width: 96, height: 64)
        let decoded = try Self.decode(try AVIFEncoder.encode(source, options: Self.options))
        #expect(decoded.pixels.size == source.size)
        #expect(!decoded.pixels.hasAlpha)
        #expect(decoded.yuvFormat == AVIF_PIXEL_FORMAT_YUV420)
        #expect(decoded.fullRange)
        #expect(decoded.cicp == [1, 13, 6])
        #expect(decoded.colr.keys.sorted() == ["nclx"])
        #expect(Self.nclx(decoded.colr["nclx"]!) == [1, 13, 6, 1])
        #expect(decoded.iccProfile.isEmpty && decoded.exifBytes == 0 && decoded.xmpBytes == 0)
        #expect(EncoderFixtures.colourPSNR(decoded.pixels, source) > 30)
    }

    @Test(arguments: [(1, 1), (3, 5), (17, 9), (9, 17)])
    func oddSizesComeBackExactly(width: Int, height: Int) throws {
        let source = Pictures.photo(width: width, height: height)
        let decoded = try Self.decode(try AVIFEncoder.encode(source, options: Self.options))
        #expect(decoded.pixels.size == source.size)
        // Measured 23.2 dB at 3×5, 25.0 at 9×17, 26.4 at 17×9: a photo that small is all detail,
        // and 4:2:0 halves its colour.
        #expect(EncoderFixtures.colourPSNR(decoded.pixels, source) > 20)
    }

    @Test func iccProfileIsKeptAndNclxDefersToIt() throws {
        for profile in try EncoderFixtures.wideGamutProfiles() {
            var options = Self.options
            options.iccProfile = profile
            let decoded = try Self.decode(try AVIFEncoder.encode(Pictures.photo(width: 33, height: 21), options: options))
            #expect(decoded.iccProfile == profile)
            #expect(decoded.colr["prof"] == profile)
            #expect(Self.nclx(try #require(decoded.colr["nclx"])) == [2, 2, 6, 1])
            #expect(decoded.cicp == [2, 2, 6])
        }
    }

    @Test func alphaIsAStraightPlaneWithoutDarkFringes() throws {
        let source = EncoderFixtures.redEdge()
        let decoded = try Self.decode(try AVIFEncoder.encode(source, options: Self.options))
        #expect(decoded.pixels.hasAlpha)
        // Alpha is coded losslessly (quantizer 0).
        #expect(zip(decoded.pixels.pixels, source.pixels).enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element.0 == $0.element.1 })
        let edge = EncoderFixtures.edgeColours(decoded.pixels)
        #expect(edge.minimumRed >= 200, "darkest visible red \(edge.minimumRed)")
        #expect(edge.maximumGreenBlue <= 40, "greyest visible pixel \(edge.maximumGreenBlue)")
    }

    @Test func sameInputGivesTheSameBytesWithNoTimeInThem() throws {
        var options = Self.options
        options.iccProfile = WideGamutProfile.bytes()
        for source in [Pictures.photo(width: 120, height: 80), EncoderFixtures.redEdge()] {
            let first = try AVIFEncoder.encode(source, options: options)
            #expect(try AVIFEncoder.encode(source, options: options) == first)
            // A still image has no movie or track header, the boxes that would carry a time.
            #expect(Self.boxOffset(first, "mvhd") == nil && Self.boxOffset(first, "tkhd") == nil)
            #expect(Self.boxOffset(first, "Exif") == nil && Self.boxOffset(first, "mime") == nil)
        }
    }

    @Test func greyStaysGrey() throws {
        let source = EncoderFixtures.grey()
        let decoded = try Self.decode(try AVIFEncoder.encode(source, options: Self.options))
        #expect(decoded.pixels.size == source.size)
        #expect(EncoderFixtures.greyError(decoded.pixels) <= 3)
        #expect(EncoderFixtures.colourPSNR(decoded.pixels, source) > 30)
    }

    @Test func svtRefusesOddSizesInPlainWords() {
        var options = Self.options
        options.codec = .svt
        #expect(throws: CodecError.writeFailed("AVIF encoding failed: SVT-AV1 cannot encode odd sizes (17x9) in 4:2:0")) {
            try AVIFEncoder.encode(Pictures.photo(width: 17, height: 9), options: options)
        }
    }
}
