import Raster

/// What a decode tells of an original besides its pixels: sizes, and what the encoders must
/// carry over.
public struct SourceInfo: Sendable, Equatable {
    /// The original's full stored size.
    public var fullSize: PixelSize
    /// The stored size the rows come at (the DCT scale or a whole-factor shrink of `fullSize`).
    public var decodedSize: PixelSize
    /// Decoded pixels per full-size pixel, per axis: where full-size coordinates land in the
    /// decoded rows. A JPEG decoded at n/8 lies on an exact n/8 grid whose last column and row
    /// are partial blocks, so this is n/8 and not `decodedSize / fullSize`.
    public var scaleX: Double
    public var scaleY: Double
    /// Rows carry premultiplied alpha.
    public var hasAlpha = false
    /// The embedded ICC profile, when it still describes the pixels (not for CMYK sources).
    public var iccProfile: [UInt8]?
    /// The source has one colour channel: renditions are written grey too.
    public var isGrey = false
    /// JPEG sources: every component at full resolution (no chroma subsampling).
    public var isChroma444 = false
    /// PNG sources: the colour chunks to carry into renditions (`sRGB`, `gAMA`, `cHRM`).
    public var colorChunks: PNGColorChunks?
    /// PNG sources with no ICC profile: a profile meaning what their `gAMA`/`cHRM` mean, for the
    /// files that carry no PNG chunks (`SourceInfo.profile(greyFile:)`).
    public var chunkProfile: [UInt8]?
    /// Grey sources with a grey profile (embedded, or made from `gAMA`): what each grey level
    /// (0…255) shows as in sRGB, for the files that cannot be grey (`EncoderPixels.inColour`).
    public var greyCurve: [UInt8]?
    /// A planar decode's planes (`PlaneConsumer`): Y, Cb and Cr, or Y alone; nil when the
    /// decode hands over RGBA rows.
    public var planes: [DecodedPlane]?
    /// What the renditions leave out of the original, in plain words (a dropped ICC profile):
    /// the build reports each as a warning on the image.
    public var warnings: [String] = []

    /// `scale` defaults to the ratio of the sizes, for decoders that resample to the exact size.
    public init(fullSize: PixelSize, decodedSize: PixelSize, scale: Double? = nil) {
        self.fullSize = fullSize
        self.decodedSize = decodedSize
        scaleX = scale ?? Double(decodedSize.width) / Double(max(1, fullSize.width))
        scaleY = scale ?? Double(decodedSize.height) / Double(max(1, fullSize.height))
    }
}

/// One plane of a planar decode: its size, and decoded pixels per full-size stored pixel along
/// each axis (a JPEG component's own DCT grid: subsampled chroma has half of luma's).
public struct DecodedPlane: Sendable, Equatable {
    public var size: PixelSize
    public var scaleX: Double
    public var scaleY: Double

    public init(size: PixelSize, scaleX: Double, scaleY: Double) {
        self.size = size
        self.scaleX = scaleX
        self.scaleY = scaleY
    }
}

/// Takes a planar decode (a JPEG's Y, Cb and Cr, or its one grey component) as it comes: each
/// plane's rows top to bottom, stored orientation, one byte a pixel.
public protocol PlaneConsumer: AnyObject {
    /// Called once, before any row; `info.planes` describes the planes.
    func begin(planes info: SourceInfo) throws(CodecError)
    /// `count` rows of plane `plane` from its row `first`, `stride` bytes apart, each
    /// `info.planes[plane].size.width` bytes.
    func consume(plane: Int, rows: UnsafePointer<UInt8>, stride: Int, first: Int, count: Int)
}

/// Takes a decode's rows as they come: top to bottom, stored orientation, 4 bytes a pixel
/// (premultiplied when `hasAlpha`), `info.decodedSize.width` pixels a row.
public protocol RowConsumer: AnyObject {
    /// Called once, before any row. Throws when the consumer cannot take the image (its
    /// buffers cannot be allocated): the decode stops with that error.
    func begin(_ info: SourceInfo) throws(CodecError)
    /// `count` rows from row `first`, packed one after another.
    func consume(rows: UnsafeRawPointer, first: Int, count: Int)
}

/// An original decoded whole at (about) the size its largest rendition needs, in stored
/// orientation: for tests, and for decoders that must hold the whole image anyway.
public struct DecodedImage: Sendable {
    public var info: SourceInfo
    /// Stored orientation, `info.decodedSize`.
    public var pixels: PixelBuffer

    public init(pixels: PixelBuffer, fullSize: PixelSize) {
        info = SourceInfo(fullSize: fullSize, decodedSize: pixels.size)
        info.hasAlpha = pixels.hasAlpha
        self.pixels = pixels
    }

    public var fullSize: PixelSize { info.fullSize }
    public var iccProfile: [UInt8]? { get { info.iccProfile } set { info.iccProfile = newValue } }
    public var isGrey: Bool { get { info.isGrey } set { info.isGrey = newValue } }
    public var isChroma444: Bool { get { info.isChroma444 } set { info.isChroma444 = newValue } }
    public var colorChunks: PNGColorChunks? { get { info.colorChunks } set { info.colorChunks = newValue } }

    /// Feeds the whole image to a consumer, as a streaming decoder would.
    public func stream(into consumer: RowConsumer) throws(CodecError) {
        try consumer.begin(info)
        pixels.pixels.withUnsafeBytes { consumer.consume(rows: $0.baseAddress!, first: 0, count: pixels.height) }
    }
}

/// Collects streamed rows into one image.
public final class PixelCollector: RowConsumer {
    public private(set) var image: DecodedImage?

    public init() {}

    public func begin(_ info: SourceInfo) throws(CodecError) {
        var image = DecodedImage(pixels: try PixelBuffer.allocating(width: info.decodedSize.width, height: info.decodedSize.height,
                                                                    hasAlpha: info.hasAlpha), fullSize: info.fullSize)
        image.info = info
        self.image = image
    }

    public func consume(rows: UnsafeRawPointer, first: Int, count: Int) {
        let rowBytes = image!.pixels.rowBytes
        image!.pixels.pixels.withUnsafeMutableBytes { bytes in
            bytes.baseAddress!.advanced(by: first * rowBytes).copyMemory(from: rows, byteCount: count * rowBytes)
        }
    }
}

/// PNG colour information other than an ICC profile.
public struct PNGColorChunks: Sendable, Equatable {
    /// The `sRGB` rendering intent, when the chunk is present.
    public var srgbIntent: Int?
    /// `gAMA` in PNG units (gamma × 100000).
    public var gamma: Int?
    /// `cHRM`: white x, y, red x, y, green x, y, blue x, y, each × 100000.
    public var chromaticities: [Int]?

    public init(srgbIntent: Int? = nil, gamma: Int? = nil, chromaticities: [Int]? = nil) {
        self.srgbIntent = srgbIntent
        self.gamma = gamma
        self.chromaticities = chromaticities
    }

    /// No chunk at all.
    public var isEmpty: Bool { srgbIntent == nil && gamma == nil && chromaticities == nil }
}
