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

/// The decoders, by the registry's entries (`Formats.inputs`).
public enum ImageDecoders {
    /// Formats thumbgen decodes into renditions.
    public static func canDecode(_ format: ImageFormat) -> Bool {
        Formats.input(format) != nil
    }

    /// Decodes the original open as `file` (whose header is `header`) into `consumer`, shrunk on load
    /// to no less than `minimumScale` of its full resolution where the format allows. With
    /// `planes`, a decoder that can hand over the image's own planes (a YCbCr or grey JPEG; an
    /// opaque 8-bit 4:2:0 BT.601 HEIC or AVIF) gives them to it instead.
    @discardableResult
    public static func decode(file: FileBytes, header: ImageHeader, minimumScale: Double, limits: DecodeLimits,
                              into consumer: RowConsumer, planes: PlaneConsumer? = nil) throws(CodecError) -> SourceInfo {
        guard let input = Formats.input(header.format) else {
            throw CodecError.unsupported("\(header.format.rawValue.uppercased()) images are not decoded")
        }
        return try input.decode(DecodeRequest(file: file, header: header, minimumScale: minimumScale, limits: limits,
                                              consumer: consumer, planes: planes))
    }

    /// The file at `path`, opened here: for tests and tools.
    @discardableResult
    public static func decode(path: String, header: ImageHeader, minimumScale: Double, limits: DecodeLimits,
                              into consumer: RowConsumer, planes: PlaneConsumer? = nil) throws(CodecError) -> SourceInfo {
        try decode(file: FileBytes(path: path), header: header, minimumScale: minimumScale, limits: limits, into: consumer, planes: planes)
    }
}
