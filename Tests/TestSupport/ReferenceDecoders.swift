import Foundation
import LibAVIF
import LibWebP
import ImageCodecs
import Raster

/// The libraries' own decoders, for reading back what thumbgen writes: pixels premultiplied
/// when there is alpha, as the project holds them.
public enum ReferenceDecoders {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// A WebP file's pixels, through libwebp.
    public static func webp(_ bytes: [UInt8]) throws -> PixelBuffer {
        var features = WebPBitstreamFeatures()
        guard WebPGetFeatures(bytes, bytes.count, &features) == VP8_STATUS_OK else { throw Failure(description: "not a WebP file") }
        var width: Int32 = 0, height: Int32 = 0
        guard let rgba = WebPDecodeRGBA(bytes, bytes.count, &width, &height) else { throw Failure(description: "libwebp cannot decode it") }
        defer { WebPFree(rgba) }
        var pixels = PixelBuffer(width: Int(width), height: Int(height), hasAlpha: features.has_alpha != 0,
                                 pixels: Array(UnsafeBufferPointer(start: rgba, count: Int(width * height) * 4)))
        if pixels.hasAlpha { pixels.pixels.withUnsafeMutableBufferPointer { PixelBuffer.premultiply($0) } }
        return pixels
    }

    /// An AVIF file's pixels and ICC profile (empty when none), through libavif and dav1d.
    public static func avif(_ bytes: [UInt8]) throws -> (pixels: PixelBuffer, icc: [UInt8]) {
        try withAVIFImage(bytes) { image in
            var rgb = avifRGBImage()
            avifRGBImageSetDefaults(&rgb, image)
            rgb.format = AVIF_RGB_FORMAT_RGBA
            rgb.depth = 8
            avifRGBImageAllocatePixels(&rgb)
            defer { avifRGBImageFreePixels(&rgb) }
            guard avifImageYUVToRGB(image, &rgb) == AVIF_RESULT_OK else { throw Failure(description: "libavif cannot convert it") }
            let width = Int(image.pointee.width), height = Int(image.pointee.height)
            var pixelBytes: [UInt8] = []
            for y in 0..<height { pixelBytes += UnsafeBufferPointer(start: rgb.pixels + y * Int(rgb.rowBytes), count: width * 4) }
            var pixels = PixelBuffer(width: width, height: height, hasAlpha: image.pointee.alphaPlane != nil, pixels: pixelBytes)
            if pixels.hasAlpha { pixels.pixels.withUnsafeMutableBufferPointer { PixelBuffer.premultiply($0) } }
            let icc = image.pointee.icc
            return (pixels, icc.data.map { Array(UnsafeBufferPointer(start: $0, count: icc.size)) } ?? [])
        }
    }

    /// Runs `body` on the decoded AVIF image (freed afterwards).
    public static func withAVIFImage<Result>(_ bytes: [UInt8], _ body: (UnsafeMutablePointer<avifImage>) throws -> Result) throws -> Result {
        guard let decoder = avifDecoderCreate() else { throw Failure(description: "no AVIF decoder") }
        defer { avifDecoderDestroy(decoder) }
        decoder.pointee.codecChoice = AVIF_CODEC_CHOICE_DAV1D
        guard let image = avifImageCreateEmpty() else { throw Failure(description: "out of memory") }
        defer { avifImageDestroy(image) }
        guard avifDecoderReadMemory(decoder, image, bytes, bytes.count) == AVIF_RESULT_OK else { throw Failure(description: "libavif cannot read it") }
        return try body(image)
    }

    /// Any file thumbgen writes, by its extension: JPEG, PNG, WebP or AVIF.
    public static func any(path: String) throws -> PixelBuffer {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        switch path.split(separator: ".").last?.lowercased() {
        case "webp": return try webp(bytes)
        case "avif": return try avif(bytes).pixels
        case "png": return try PNGDecoder.decode(path: path, minimumScale: 1, pixelLimit: 1 << 30, memoryLimit: 1 << 30).pixels
        default: return try JPEGDecoder.decode(path: path, minimumScale: 1, memoryLimit: 1 << 30).pixels
        }
    }
}
