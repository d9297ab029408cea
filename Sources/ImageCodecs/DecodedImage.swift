import Raster

/// An original decoded at (about) the size its largest rendition needs, in stored orientation,
/// with what the encoders must carry over.
public struct DecodedImage: Sendable {
    /// Stored orientation; `pixels.width / fullSize.width` of the original's resolution.
    public var pixels: PixelBuffer
    /// The original's full stored size.
    public var fullSize: PixelSize
    /// The embedded ICC profile, when it still describes `pixels` (not for CMYK sources).
    public var iccProfile: [UInt8]?
    /// The source has one colour channel: renditions are written grey too.
    public var isGrey = false
    /// JPEG sources: every component at full resolution (no chroma subsampling).
    public var isChroma444 = false
    /// PNG sources: the colour chunks to carry into renditions (`sRGB`, `gAMA`, `cHRM`).
    public var colorChunks: PNGColorChunks?

    public init(pixels: PixelBuffer, fullSize: PixelSize) {
        self.pixels = pixels
        self.fullSize = fullSize
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
