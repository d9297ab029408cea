import Raster

/// What a file's header says, read without decoding a pixel.
public struct ImageHeader: Equatable, Sendable {
    public var format: ImageFormat
    /// Stored (not upright) size, in pixels.
    public var size: PixelSize
    public var orientation: Orientation = .up
    /// An animated GIF (more than one image), APNG, animated WebP or HEIF image sequence.
    public var isAnimated = false
    public var hasAlpha = false
    /// JPEG: progressive (the decoder holds every coefficient). PNG: Adam7 interlaced (the
    /// decoder holds every row). Either way the whole image is in memory while it decodes.
    public var needsWholeImage = false
    /// Colour components (JPEG) or channels (PNG).
    public var components = 3
    /// Bytes the decoder must hold for the whole image when `needsWholeImage` (a progressive
    /// JPEG's coefficients, an interlaced PNG's rows, an interlaced GIF's colour indexes, a WebP
    /// file's bytes, a HEIF image decoded whole); 0 otherwise.
    public var wholeImageBytes = 0
    /// HEIF and AVIF: where the stored image lies in the coded one, and what decoding it costs.
    public var heifLayout: HEIFLayout?
    /// WebP: the decoder also holds its output whole, at the scale it decodes to (4 bytes a pixel).
    public var holdsScaledImage = false
    /// Why an image whose header was read is not decoded (HEIF: a feature or codec the system's
    /// libheif cannot decode right), or nil. Such an image is `unsupported`.
    public var unsupportedReason: String?
    /// JPEG and PNG: the file gives its colour (an ICC profile, PNG `gAMA` or `cHRM`), which
    /// `output.colour: srgb` converts, so a box it already fits gets a converted file.
    public var hasColourProfile = false

    public init(format: ImageFormat, size: PixelSize) {
        self.format = format
        self.size = size
    }

    /// The size the image is shown at, in pixels.
    public var uprightSize: PixelSize { orientation.upright(size) }

    /// About how many bytes decoding at `scale` (of the full resolution) holds at once, besides
    /// the renditions: the whole-image buffer if there is one, else a strip of rows.
    public func decodeMemory(scale: Double) -> Int {
        let scale = min(1, scale)
        var held = Double(size.width) * scale * 4 * 32
        if holdsScaledImage { held += Double(size.width) * scale * Double(size.height) * scale * 4 }
        let extra = Int(min(Double(Int.max / 4), held)) + 1 << 20
        return wholeImageBytes > Int.max - extra ? Int.max : wholeImageBytes + extra
    }

    /// Reads the header of the file at `path`, opened here (for tools, tests and the manifest's
    /// collision check; a build reads the file it opened once, `read(file:)`).
    public static func read(path: String) throws(CodecError) -> ImageHeader {
        try read(file: FileBytes(path: path))
    }

    /// Reads the header of the open `file`. `unknown` formats come back with a zero size;
    /// broken headers throw `CodecError` with the reason.
    public static func read(file: FileBytes) throws(CodecError) -> ImageHeader {
        let start = file.read(at: 0, length: 32)
        guard !start.isEmpty else { throw CodecError.damaged("the file is empty") }
        guard let input = Formats.input(Formats.recognise(start)) else { return ImageHeader(format: .unknown, size: .zero) }
        return try input.readHeader(file)
    }
}
