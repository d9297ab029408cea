import Raster

/// A format's name as thumbgen spells it in the index, the recipe and the manifest (`jpeg`,
/// `heif`): what a header says it read and what the registry (`Formats`) is looked up by.
public struct ImageFormat: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Bytes no recognised format starts with.
    public static let unknown = ImageFormat("unknown")

    public var description: String { rawValue }

    /// The media type a browser is told (`image/jpeg`), or nil for a format thumbgen does not know.
    public var mediaType: String? { Formats.input(self)?.mediaType ?? Formats.output(self)?.mediaType }

    /// The format the first bytes of a file announce (`unknown` when none does).
    public init(magic bytes: [UInt8]) { self = Formats.recognise(bytes) }
}

/// What a decoder is asked for: the original open as `file` (whose header is `header`), shrunk on
/// load to no less than `minimumScale` of its full resolution where the format allows; `planes`
/// takes the image's own planes when the decoder can hand them over.
public struct DecodeRequest {
    public var file: FileBytes
    public var header: ImageHeader
    public var minimumScale: Double
    public var limits: DecodeLimits
    public var consumer: RowConsumer
    public var planes: PlaneConsumer?
}

/// A format thumbgen reads originals in, declared once in `Formats.inputs`.
public struct InputFormat: Sendable {
    public let format: ImageFormat
    /// As messages name it (`WebP`; `HEIC, HEIF` for HEIF, whose files go by both).
    public let title: String
    public let mediaType: String
    /// Lowercase extensions of its files, the usual first: what a manifest's globs pick up.
    public let extensions: [String]
    /// True when the first bytes of a file (up to 32) announce this format.
    public let recognises: @Sendable ([UInt8]) -> Bool
    /// The header, read without decoding a pixel; throws `CodecError` with the reason.
    public let readHeader: @Sendable (FileBytes) throws(CodecError) -> ImageHeader
    public let decode: @Sendable (DecodeRequest) throws(CodecError) -> SourceInfo
    /// The C libraries whose output shapes a file decoded from it (`CodecLibraries`).
    public let libraries: [CodecLibraries.Library]
    /// The output format its renditions' fallback is written in; nil to take the alpha's
    /// (`Formats.fallback(for:)`). An original whose fallback is its own format is shown as it
    /// is where it fits a box; any other is converted.
    public let fallback: ImageFormat?
}

/// How an encoder is handed a rendition: RGBA, or the original's own planes (YCbCr 4:2:0 or grey).
public enum EncoderPixels {
    case rgba(PixelBuffer)
    case planar(PlanarImage)

    /// RGBA, converting planes (the colour stage).
    public var rgba: PixelBuffer {
        switch self {
        case .rgba(let pixels): pixels
        case .planar(let image): StageClock.measure(.colour) { image.rgb() }
        }
    }

    /// Hands the pixels to the encoder's overload for their kind.
    func encoded(rgba: (PixelBuffer) throws(CodecError) -> [UInt8],
                 planar: (PlanarImage) throws(CodecError) -> [UInt8]) throws(CodecError) -> [UInt8] {
        switch self {
        case .rgba(let image): try rgba(image)
        case .planar(let image): try planar(image)
        }
    }
}

/// A format thumbgen writes renditions in, declared once in `Formats.outputs`.
public struct OutputFormat: Sendable, Equatable, Hashable {
    public enum Role: Sendable {
        /// The file every client shows (JPEG, PNG).
        case fallback
        /// A smaller file beside the fallback, written when the manifest lists it in `output.formats`.
        case modern
    }

    public let format: ImageFormat
    /// As messages and the schema name it (`JPEG`).
    public let title: String
    public let role: Role
    public let mediaType: String
    /// The extension of its files (`jpg`); a fallback keeps the original's own spelling of one of
    /// the input format's extensions (`fileExtension(kept:)`).
    public let fileExtension: String
    /// What the schema says its settings are for (`JPEG fallbacks.`).
    public let summary: String
    /// `output.<name>` in the manifest, in the order the recipe line lists them.
    public let settings: [FormatSetting]
    /// Bytes encoding holds besides the rendition's pixels, per pixel (`RenditionEncoder.memoryEstimate`).
    public let encodeBytesPerPixel: Int
    /// True when, with these settings, it is as well made from the original's planes as from RGBA.
    public let takesPlanes: @Sendable (FormatSettings) -> Bool
    /// The file of the pixels with these settings, carrying the source's colour profile.
    public let encode: @Sendable (EncoderPixels, FormatSettings, SourceInfo) throws(CodecError) -> [UInt8]
    /// The C libraries that write it (`CodecLibraries`).
    public let libraries: [CodecLibraries.Library]

    public var name: String { format.rawValue }

    /// Its row in `thumbgen build --profile` (`encode jpeg`).
    public var stage: Stage { Stage("encode \(name)") }

    /// Every setting at its default.
    public var defaults: FormatSettings {
        FormatSettings(settings.map { ($0.key, $0.defaultValue) })
    }

    /// `jpeg quality 82 progressive false`: the line the settings add to a recipe (and to a
    /// shard's identity), the settings in their declared order.
    public func recipeLine(_ values: FormatSettings) -> String {
        ([name] + settings.flatMap { [$0.key, (values[$0.key] ?? $0.defaultValue).description] }).joined(separator: " ")
    }

    /// The extension of the renditions of an original whose own extension is `own` (as
    /// written): `own` when it is one of this format's (`JPG`, `jpeg` kept), else the format's.
    public func fileExtension(kept own: String) -> String {
        let names = Formats.input(format)?.extensions ?? [fileExtension]
        return names.contains(own.lowercased()) ? own : fileExtension
    }

    public static func == (lhs: OutputFormat, rhs: OutputFormat) -> Bool { lhs.format == rhs.format }
    public func hash(into hasher: inout Hasher) { hasher.combine(format) }
}

/// One setting of an output format, as the manifest gives it (`output.jpeg.quality`).
public struct FormatSetting: Sendable {
    public enum Kind: Sendable, Equatable {
        case integer(ClosedRange<Int>)
        case flag
    }

    public let key: String
    public let kind: Kind
    public let defaultValue: SettingValue
    /// What the schema says of it (`libjpeg quality.`; a range's bounds are added).
    public let description: String

    public static func integer(_ key: String, _ range: ClosedRange<Int>, default value: Int, _ description: String) -> FormatSetting {
        FormatSetting(key: key, kind: .integer(range), defaultValue: .integer(value), description: description)
    }

    public static func flag(_ key: String, default value: Bool, _ description: String) -> FormatSetting {
        FormatSetting(key: key, kind: .flag, defaultValue: .flag(value), description: description)
    }
}

/// A setting's value: a whole number or true/false.
public enum SettingValue: Hashable, Sendable, CustomStringConvertible {
    case integer(Int)
    case flag(Bool)

    /// As the recipe writes it: `82`, `false`.
    public var description: String {
        switch self {
        case .integer(let value): String(value)
        case .flag(let value): String(value)
        }
    }
}

/// One output format's settings, by key.
public struct FormatSettings: Hashable, Sendable {
    public private(set) var values: [String: SettingValue]

    public init(_ pairs: [(String, SettingValue)]) {
        values = Dictionary(pairs, uniquingKeysWith: { $1 })
    }

    public subscript(key: String) -> SettingValue? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// The whole number under `key` (0 when the format has no such setting).
    public func integer(_ key: String) -> Int {
        if case .integer(let value) = values[key] { return value }
        return 0
    }

    /// The flag under `key` (false when the format has no such setting).
    public func flag(_ key: String) -> Bool {
        if case .flag(let value) = values[key] { return value }
        return false
    }
}
