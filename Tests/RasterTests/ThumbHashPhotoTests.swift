import Foundation
import ImageCodecs
import Raster
import Renditions
import Testing
import TestSupport

/// Placeholders of real photos (../shared/testdata): the colour a hash decodes to against the
/// image's own mean, and the reference decoder reading the same colour from the same hash.
@Suite(.needs("../shared/testdata beside the project") { SharedTestData.isPresent })
struct ThumbHashPhotoTests {
    /// ThumbHash keeps the mean as luminance in steps of 1/63 and two chroma terms in steps of
    /// 2/63; red is l + p/3 + q/2, so rounding each to its nearest step moves it at most
    /// (0.5 + 1/3 + 1/2)/63 = 5.4/255 (green the same, blue 4.7/255), plus 0.5/255 for the bytes
    /// of the small copy: 5.9/255 at worst, under the 8/255 asked for. Measured over the photos
    /// below: 3.89/255 at most (sdwebimage__IndexedPNG.png; `averageColourIsKept` prints it).
    static let colourBound = 6.0 / 255

    static let photos: [URL] = ["jpeg", "png"].flatMap { SharedTestData.files(in: $0) }
        + SharedTestData.files(in: "orientation").filter { $0.lastPathComponent.hasSuffix("_1.jpg") }

    static func decode(_ url: URL) throws -> PixelBuffer {
        url.pathExtension == "png"
            ? try PNGDecoder.decode(path: url.path, minimumScale: 1, pixelLimit: 1 << 28, memoryLimit: 1 << 30).pixels
            : try JPEGDecoder.decode(path: url.path, minimumScale: 1, memoryLimit: 1 << 30).pixels
    }

    /// The alpha-weighted mean of straight colour, 0...1, and the mean alpha.
    static func mean(_ image: PixelBuffer) -> (rgb: SIMD3<Double>, alpha: Double) {
        var sums = SIMD4<Double>.zero
        for offset in stride(from: 0, to: image.pixels.count, by: 4) {
            let alpha = image.hasAlpha ? Double(image.pixels[offset + 3]) : 255
            // Premultiplied already when there is alpha; opaque colour counts whole.
            sums += SIMD4(Double(image.pixels[offset]), Double(image.pixels[offset + 1]), Double(image.pixels[offset + 2]), alpha)
        }
        guard sums[3] > 0 else { return (.zero, 0) }
        let rgb = SIMD3(sums[0], sums[1], sums[2]) / sums[3]
        return (rgb, sums[3] / 255 / Double(image.width * image.height))
    }

    @Test func averageColourIsKept() throws {
        var worst = (error: 0.0, name: "")
        for url in Self.photos {
            let image = try Self.decode(url)
            let placeholder = ThumbHash.placeholder(of: image)
            let (mean, alpha) = Self.mean(image)
            guard alpha > 0 else { continue }  // wholly transparent: no colour to keep
            let decoded = try #require(ThumbHashImage.averageColor(hash: placeholder.hash))
            let error = [abs(decoded.red - mean.x), abs(decoded.green - mean.y), abs(decoded.blue - mean.z)].max()!
            if error > worst.error { worst = (error, url.lastPathComponent) }
            #expect(error <= Self.colourBound, "\(url.lastPathComponent): \(error * 255)/255")
            // The index's colour is the mean itself, to the nearest byte.
            let hex = placeholder.color.dropFirst()
            let colour = stride(from: 0, to: 6, by: 2).map { Double(Int(hex.dropFirst($0).prefix(2), radix: 16)!) / 255 }
            #expect(zip(colour, [mean.x, mean.y, mean.z]).allSatisfy { abs($0 - $1) <= 0.5 / 255 + 1e-9 }, "\(url.lastPathComponent)")
        }
        print("ThumbHash average colour: largest error \(String(format: "%.2f", worst.error * 255))/255 (\(worst.name)) over \(Self.photos.count) photos")
    }

    @Test(.enabled(if: PythonThumbHash.mustRun, "needs \(PythonThumbHash.missing)"))
    func theReferenceDecoderReadsTheSameColour() throws {
        guard PythonThumbHash.isAvailable else {
            Issue.record("CI=true and there is no \(PythonThumbHash.missing)")
            return
        }
        let hashes = try Self.photos.map { ThumbHash.placeholder(of: try Self.decode($0)).hash }
        let reference = try PythonThumbHash.averageColors(hashes)
        for (hash, expected) in zip(hashes, reference) {
            let ours = try #require(ThumbHashImage.averageColor(hash: hash))
            #expect(zip([ours.red, ours.green, ours.blue, ours.alpha], expected).allSatisfy { abs($0 - $1) < 1e-12 })
        }
    }
}
