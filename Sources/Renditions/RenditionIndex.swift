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
    public var slots: [String: SlotRecord]

    public init(generator: String, images: [String: ImageRecord] = [:], output: OutputRecord? = nil,
                rendering: Int? = nil, schema: Int = RenditionIndex.currentSchema, shard: ShardRecord? = nil,
                slots: [String: SlotRecord] = [:]) {
        self.generator = generator
        self.images = images
        self.output = output
        self.rendering = rendering
        self.schema = schema
        self.shard = shard
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
    /// Keyed `<slot>@<scale>x`, one entry for every pair the manifest asks for.
    public var renditions: [String: RenditionRecord]
    public var sha256: String
    public var status: ImageStatus
    /// Upright width of the original, in pixels (0 when its header could not be read).
    public var width: Int

    public init(bytes: Int, error: String? = nil, focus: [Double]? = nil, format: String, height: Int,
                renditions: [String: RenditionRecord], sha256: String, status: ImageStatus, width: Int) {
        self.bytes = bytes
        self.error = error
        self.focus = focus
        self.format = format
        self.height = height
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
    /// An animated GIF, PNG or WebP: left as it is.
    case animated
    /// A format this schema does not resize (a still GIF or WebP): left as it is.
    case unsupported
    /// The original could not be read; `error` says why. All entries point to it.
    case unreadable
}

/// The file a client shows for one `(slot, scale)`: a rendition, or the original itself.
public struct RenditionRecord: Codable, Equatable, Hashable, Sendable {
    public var bytes: Int
    /// Relative to the index's folder, with `/`.
    public var file: String
    /// Pixels.
    public var height: Int
    /// Pixels.
    public var width: Int

    public init(bytes: Int, file: String, height: Int, width: Int) {
        self.bytes = bytes
        self.file = file
        self.height = height
        self.width = width
    }
}

/// A slot as the manifest declared it: size in points (`320x180`, `390x`, `x200`).
public struct SlotRecord: Codable, Equatable, Sendable {
    public var fit: String
    public var scales: [Double]
    public var size: String

    public init(fit: String, scales: [Double], size: String) {
        self.fit = fit
        self.scales = scales
        self.size = size
    }
}

/// The encoder settings of a build.
public struct OutputRecord: Codable, Equatable, Sendable {
    public struct JPEG: Codable, Equatable, Sendable {
        public var progressive: Bool
        public var quality: Int
        public init(progressive: Bool, quality: Int) {
            self.progressive = progressive
            self.quality = quality
        }
    }

    public struct PNG: Codable, Equatable, Sendable {
        public var compression: Int
        public init(compression: Int) { self.compression = compression }
    }

    public var jpeg: JPEG
    public var png: PNG

    public init(jpeg: JPEG, png: PNG) {
        self.jpeg = jpeg
        self.png = png
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
