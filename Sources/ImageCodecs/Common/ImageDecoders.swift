import Raster

/// What a decode may cost, from the manifest's limits.
public struct DecodeLimits: Sendable, Equatable {
    /// Most pixels (width × height) the original may have.
    public var pixels: Int
    /// Most bytes one decode may hold (a progressive JPEG's coefficients, an interlaced PNG's rows).
    public var memoryBytes: Int
    /// Most scans a progressive JPEG may have.
    public var scans: Int

    public init(pixels: Int, memoryBytes: Int, scans: Int) {
        self.pixels = pixels
        self.memoryBytes = memoryBytes
        self.scans = scans
    }
}

/// The decoders by format: the one place that knows which decoder reads which format.
public enum ImageDecoders {
    /// Formats thumbgen decodes into renditions.
    public static func canDecode(_ format: ImageFormat) -> Bool {
        switch format {
        case .jpeg, .png, .gif, .webp, .heif, .avif: true
        default: false
        }
    }

    /// Decodes the original at `path` (whose header is `header`) into `consumer`, shrunk on load
    /// to no less than `minimumScale` of its full resolution where the format allows. With
    /// `planes`, a decoder that can hand over the image's own planes (a YCbCr or grey JPEG; an
    /// opaque 8-bit 4:2:0 BT.601 HEIC or AVIF) gives them to it instead.
    @discardableResult
    public static func decode(path: String, header: ImageHeader, minimumScale: Double, limits: DecodeLimits,
                              into consumer: RowConsumer, planes: PlaneConsumer? = nil) throws(CodecError) -> SourceInfo {
        switch header.format {
        case .jpeg:
            return try JPEGDecoder.decode(path: path, minimumScale: minimumScale, memoryLimit: limits.memoryBytes,
                                          scanLimit: limits.scans, into: consumer, planes: planes)
        case .png:
            // Full-resolution rows: the consumer box-shrinks them on the way in.
            return try PNGDecoder.decode(path: path, pixelLimit: limits.pixels, memoryLimit: limits.memoryBytes, into: consumer)
        case .gif:
            // Full-resolution rows, like PNG.
            return try GIFDecoder.decode(path: path, pixelLimit: limits.pixels, memoryLimit: limits.memoryBytes, into: consumer)
        case .webp:
            return try WebPDecoder.decode(path: path, minimumScale: minimumScale, pixelLimit: limits.pixels,
                                          memoryLimit: limits.memoryBytes, into: consumer)
        case .heif, .avif:
            // No shrink-on-load for HEVC or AV1: the whole image, within limits.memory_mb.
            return try HEIFDecoder.decode(path: path, header: header, limits: limits, into: consumer, planes: planes)
        default:
            throw CodecError.unsupported("\(header.format.rawValue.uppercased()) images are not decoded")
        }
    }
}
