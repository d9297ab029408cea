#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The index a build writes (schema 1): for every original and every `(slot, scale)`, the file to show.
///
/// Paths use `/` and are relative to the index's own folder. Widths and heights are pixels, upright.
public struct RenditionIndex: Codable, Equatable, Sendable {
    /// The schema this library reads and writes.
    public static let currentSchema = 1

    public var generator: String
    public var images: [String: ImageRecord]
    /// The encoder settings the renditions were made with; a change makes them stale.
    public var output: OutputRecord?
    /// The version of thumbgen's pixel pipeline; a change makes every rendition stale.
    public var rendering: Int?
    public var schema: Int
    /// Set only in a shard's index (`--shard K/N`); `merge` removes it.
    public var shard: ShardRecord?
    /// The index slices written beside this index (`index: { split: folder }`), relative to its
    /// folder, sorted; nil when it is not split. Set only in a whole index, never in a slice.
    public var slices: [String]?
    public var slots: [String: SlotRecord]

    public init(generator: String, images: [String: ImageRecord] = [:], output: OutputRecord? = nil,
                rendering: Int? = nil, schema: Int = RenditionIndex.currentSchema, shard: ShardRecord? = nil,
                slices: [String]? = nil, slots: [String: SlotRecord] = [:]) {
        self.generator = generator
        self.images = images
        self.output = output
        self.rendering = rendering
        self.schema = schema
        self.shard = shard
        self.slices = slices
        self.slots = slots
    }
}

/// What the index knows of one original.
public struct ImageRecord: Codable, Equatable, Sendable {
    /// Size of the original file, in bytes.
    public var bytes: Int
    /// Why the original could not be read; set only when `status` is `unreadable`.
    public var error: String?
    /// The focal point for `cover` crops, 0...1 from the top-left, when the manifest gives one.
    public var focus: [Double]?
    public var format: String
    /// Upright height of the original, in pixels (0 when its header could not be read).
    public var height: Int
    /// What a client paints until the image loads; absent when the pixels were not read or
    /// placeholders are off.
    public var placeholder: PlaceholderRecord?
    /// A fingerprint of the image's recipe (its bytes, every box it is made for, the output
    /// settings, the rendering version). Present only when this record follows from the recipe
    /// alone, so that a later build with the same recipe may keep it; absent after a failure that
    /// is no verdict on the file (memory, a file in the way, a limit).
    public var recipe: String?
    /// Keyed `<slot>@<scale>x`, one entry for every pair the manifest asks for.
    public var renditions: [String: RenditionRecord]
    public var sha256: String
    public var status: ImageStatus
    /// Upright width of the original, in pixels (0 when its header could not be read).
    public var width: Int

    public init(bytes: Int, error: String? = nil, focus: [Double]? = nil, format: String, height: Int,
                placeholder: PlaceholderRecord? = nil, recipe: String? = nil,
                renditions: [String: RenditionRecord], sha256: String, status: ImageStatus, width: Int) {
        self.bytes = bytes
        self.error = error
        self.focus = focus
        self.format = format
        self.height = height
        self.placeholder = placeholder
        self.recipe = recipe
        self.renditions = renditions
        self.sha256 = sha256
        self.status = status
        self.width = width
    }
}

/// What happened to an original.
public enum ImageStatus: String, Codable, CaseIterable, Sendable {
    /// At least one rendition was written.
    case resized
    /// Every box fits the original: all entries point to it.
    case fits
    /// An animated GIF, PNG or WebP, or a HEIF image sequence: left as it is.
    case animated
    /// Not an image thumbgen reads (a text file, BMP, TIFF, SVG): left as it is.
    case unsupported
    /// The original could not be read; `error` says why. All entries point to it.
    case unreadable
}

/// The file a client shows for one `(slot, scale)`: a rendition, or the original itself.
public struct RenditionRecord: Codable, Equatable, Hashable, Sendable {
    public var bytes: Int
    /// Relative to the index's folder, with `/`. The fallback: a JPEG or PNG every client shows,
    /// or the original.
    public var file: String
    /// Pixels.
    public var height: Int
    /// Modern files of the same pixels (AVIF, WebP), best first, in the order of the manifest's
    /// `output.formats`; nil when there are none.
    public var sources: [SourceRecord]?
    /// The fallback's media type (`image/jpeg`); nil for an original thumbgen cannot read.
    public var type: String?
    /// Pixels.
    public var width: Int

    public init(bytes: Int, file: String, height: Int, sources: [SourceRecord]? = nil, type: String? = nil, width: Int) {
        self.bytes = bytes
        self.file = file
        self.height = height
        self.sources = sources
        self.type = type
        self.width = width
    }
}

/// A modern file beside a rendition's fallback: same pixels, another format.
public struct SourceRecord: Codable, Equatable, Hashable, Sendable {
    public var bytes: Int
    /// Relative to the index's folder, with `/`.
    public var file: String
    /// `image/avif`, `image/webp`.
    public var type: String

    public init(bytes: Int, file: String, type: String) {
        self.bytes = bytes
        self.file = file
        self.type = type
    }
}

/// What a client paints before an image loads.
public struct PlaceholderRecord: Codable, Equatable, Hashable, Sendable {
    /// The average colour of the upright pixels, `#rrggbb`.
    public var color: String
    /// A ThumbHash of the upright pixels (alpha included), base64 without padding.
    public var thumbhash: String

    public init(color: String, thumbhash: String) {
        self.color = color
        self.thumbhash = thumbhash
    }
}

/// A slot as the manifest declared it: size in points (`320x180`, `390x`, `x200`).
public struct SlotRecord: Codable, Equatable, Sendable {
    public var fit: String
    public var scales: [Double]
    public var size: String
    /// The CSS `sizes` value the manifest gives for the web, if any.
    public var sizes: String?

    public init(fit: String, scales: [Double], size: String, sizes: String? = nil) {
        self.fit = fit
        self.scales = scales
        self.size = size
        self.sizes = sizes
    }
}

/// The encoder settings of a build: each output format's under its name (`jpeg`:
/// `{"progressive": false, "quality": 82}`), the fallbacks' always, a modern format's when
/// `formats` lists it. The generator declares the formats and their settings; this record only
/// carries them, so a new format needs no change here.
public struct OutputRecord: Codable, Equatable, Sendable {
    /// One setting's value: a whole number or true/false.
    public enum Setting: Codable, Equatable, Hashable, Sendable {
        case integer(Int)
        case flag(Bool)

        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) {
                self = .flag(flag)
            } else {
                self = .integer(try container.decode(Int.self))
            }
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .integer(let value): try container.encode(value)
            case .flag(let value): try container.encode(value)
            }
        }
    }

    /// Modern formats written beside each fallback, best first (`avif`, `webp`); nil in an index
    /// from before they existed, which means none.
    public var formats: [String]?
    /// Settings by format name, then by setting (`quality`).
    public var settings: [String: [String: Setting]]

    public init(formats: [String]? = nil, settings: [String: [String: Setting]]) {
        self.formats = formats
        self.settings = settings
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private static let formatsKey = Key("formats")

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        formats = try container.decodeIfPresent([String].self, forKey: Self.formatsKey)
        var settings: [String: [String: Setting]] = [:]
        for key in container.allKeys where key.stringValue != Self.formatsKey.stringValue {
            settings[key.stringValue] = try container.decode([String: Setting].self, forKey: key)
        }
        self.settings = settings
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encodeIfPresent(formats, forKey: Self.formatsKey)
        for (name, values) in settings { try container.encode(values, forKey: Key(name)) }
    }
}

/// Which share of a sharded build an index holds, and of which manifest.
public struct ShardRecord: Codable, Equatable, Sendable {
    /// 1-based.
    public var index: Int
    public var count: Int
    /// A fingerprint of the manifest the shard was built from.
    public var manifest: String

    public init(index: Int, count: Int, manifest: String) {
        self.index = index
        self.count = count
        self.manifest = manifest
    }
}
