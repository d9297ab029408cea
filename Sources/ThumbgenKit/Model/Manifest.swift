import FoundationEssentials
import ImageCodecs
import Renditions

/// A validated manifest (schema 1): every default filled in, every path resolved to an original
/// under `root`. The rest of the program trusts it.
public struct Manifest: Sendable {
    /// The manifest's path as the user gave it; diagnostics name it.
    public var file: String
    /// The folder holding the manifest, absolute: `.thumbgen/` lives here.
    public var directory: URL
    /// The folder image paths are relative to, absolute.
    public var root: URL
    /// Where the index goes, relative to `root`, with `/`.
    public var indexPath: String
    /// `index.split`: whether slices are written beside the index.
    public var indexSplit = IndexSplit.none
    public var output: OutputSettings
    public var limits: Limits
    /// The `web:` section (defaults when the manifest has none).
    public var web = WebSettings()
    /// The `cache:` section (no cache when the manifest has none).
    public var cache = CacheSettings()
    /// In manifest order.
    public var slots: [Slot]
    /// One entry per original, sorted by path, slots merged when an image is listed twice.
    public var images: [ImageEntry]
    /// What the loader found worth saying that does not stop a build.
    public var warnings: [Diagnostic] = []
    /// SHA-256 of the manifest's bytes as loaded; empty for a manifest made in code. A build's
    /// seal (`BuildSeal`) holds only for the same bytes.
    public var digest = ""

    public func slot(named name: String) -> Slot? {
        slots.first { $0.name == name }
    }
}

/// A named display size in points, shown at several screen scales.
public struct Slot: Equatable, Sendable {
    public var name: String
    public var size: SlotSize
    /// Screen scales, in manifest order, each positive.
    public var scales: [ExactDecimal]
    public var fit: Fit
    /// A CSS `sizes` value for web pages (`(max-width: 1200px) 100vw, 1200px`), when given.
    public var sizes: String?

    public init(name: String, size: SlotSize, scales: [ExactDecimal], fit: Fit, sizes: String? = nil) {
        self.name = name
        self.size = size
        self.scales = scales
        self.fit = fit
        self.sizes = sizes
    }
}

/// A slot's size in points; a missing side is unconstrained (`390x`, `x200`).
public struct SlotSize: Equatable, Sendable, CustomStringConvertible {
    public var width: ExactDecimal?
    public var height: ExactDecimal?

    /// `320x180`, `390x`, `x200`.
    public var description: String {
        "\(width?.description ?? "")x\(height?.description ?? "")"
    }
}

/// A focal point for `cover` crops, 0...1 from the top-left of the upright image.
public struct Focus: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public static let center = Focus(x: 0.5, y: 0.5)

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// An image's `focus:`: a point it names, or `auto` (the render stage finds the subject).
public enum FocusSetting: Hashable, Sendable {
    case point(Focus)
    case auto

    /// The point the plan places crops around before any pixel is seen: the named one, or
    /// nil (the centre) for `auto`, whose crops are placed after the decode.
    public var point: Focus? {
        if case .point(let focus) = self { focus } else { nil }
    }

    /// `0.5,0.3` or `auto`, as a recipe and a shard's identity write it.
    public var text: String {
        switch self {
        case .point(let focus): "\(focus.x),\(focus.y)"
        case .auto: "auto"
        }
    }
}

/// What a client paints before an image loads.
public enum PlaceholderKind: String, CaseIterable, Sendable {
    case thumbhash, none
}

/// `output.colour`: what renditions do with the colour a profile gives their original.
public enum ColourMode: String, CaseIterable, Sendable {
    /// Carry it: the embedded ICC profile (or the one made for nclx or PNG `gAMA`/`cHRM`).
    case keep
    /// Convert the pixels to sRGB (lcms2) and carry no profile, for clients that ignore profiles.
    case srgb
}

/// Encoder settings for renditions.
public struct OutputSettings: Equatable, Sendable {
    /// Modern files beside each fallback, best first.
    public var formats: [OutputFormat] = Formats.defaultModern
    public var placeholder = PlaceholderKind.thumbhash
    public var colour = ColourMode.keep
    /// Every output format's settings (`output.jpeg`, …), each at its defaults unless the manifest says otherwise.
    public var encoders: [OutputFormat: FormatSettings] = Dictionary(uniqueKeysWithValues: Formats.outputs.map { ($0, $0.defaults) })

    public init() {}

    /// `format`'s settings.
    public subscript(format: OutputFormat) -> FormatSettings {
        get { encoders[format] ?? format.defaults }
        set { encoders[format] = newValue }
    }
}

/// Bounds on what an original may cost, checked from its header before anything is allocated.
public struct Limits: Equatable, Sendable {
    /// Most pixels (width × height) an original may have; sharp's default.
    public var pixels = 268_402_689
    /// Most pixels on either side.
    public var dimension = 65_535
    /// Most memory, in MiB, one decode may hold (a progressive JPEG's coefficients, an
    /// interlaced PNG's rows, a HEIF or WebP image decoded whole).
    public var memoryMB = 1024
    /// Most scans a progressive JPEG may have: each one is a pass over every coefficient.
    public var scans = 500

    public init(pixels: Int = 268_402_689, dimension: Int = 65_535, memoryMB: Int = 1024, scans: Int = 500) {
        self.pixels = pixels
        self.dimension = dimension
        self.memoryMB = memoryMB
        self.scans = scans
    }
}

/// One original and the slots it appears in.
public struct ImageEntry: Equatable, Sendable {
    /// Relative to root, with `/`.
    public var path: String
    /// Slot names, in the manifest's slot order.
    public var slots: [String]
    public var focus: FocusSetting?

    public init(path: String, slots: [String], focus: FocusSetting? = nil) {
        self.path = path
        self.slots = slots
        self.focus = focus
    }
}
