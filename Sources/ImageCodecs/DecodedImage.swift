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

    /// `scale` defaults to the ratio of the sizes, for decoders that resample to the exact size.
    public init(fullSize: PixelSize, decodedSize: PixelSize, scale: Double? = nil) {
        self.fullSize = fullSize
        self.decodedSize = decodedSize
        scaleX = scale ?? Double(decodedSize.width) / Double(max(1, fullSize.width))
        scaleY = scale ?? Double(decodedSize.height) / Double(max(1, fullSize.height))
    }
}

/// Takes a decode's rows as they come: top to bottom, stored orientation, 4 bytes a pixel
/// (premultiplied when `hasAlpha`), `info.decodedSize.width` pixels a row.
public protocol RowConsumer: AnyObject {
    /// Called once, before any row.
    func begin(_ info: SourceInfo)
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
    public func stream(into consumer: RowConsumer) {
        consumer.begin(info)
        pixels.pixels.withUnsafeBytes { consumer.consume(rows: $0.baseAddress!, first: 0, count: pixels.height) }
    }
}

/// Collects streamed rows into one image.
public final class PixelCollector: RowConsumer {
    public private(set) var image: DecodedImage?

    public init() {}

    public func begin(_ info: SourceInfo) {
        var image = DecodedImage(pixels: PixelBuffer(width: info.decodedSize.width, height: info.decodedSize.height,
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
