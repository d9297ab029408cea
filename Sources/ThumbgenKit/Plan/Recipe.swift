import ImageCodecs
import Raster
import Renditions

/// Everything that shapes an image's files, and nothing else: the original's bytes (by hash),
/// every distinct box it is made for (with fit and focus), the settings of every format it is
/// written in, the placeholder, `output.colour`, the rendering version, and the versions of the codec libraries
/// that decode the original and encode its files. Files are a pure function of it; its
/// fingerprint in the index is how a later build knows they are still what it would make.
public struct Recipe: Equatable, Sendable {
    /// Bump when the pixels or bytes a build writes change for the same recipe.
    public static let renderingVersion = 14

    public var sha256: String
    /// The format the fallback is written in (`jpeg`, `png`).
    public var fallback: OutputFormat
    public var boxes: [String]
    public var settings: [String]
    /// The codec libraries that shape the files, with their versions (`CodecLibraries`): those
    /// that decode the original and those that encode each of its formats.
    public var libraries: [String]
    /// Those of `libraries` that decode the original: what a verdict on it depends on.
    public var decoders: [String]

    /// The recipe of an image of `sha256`, an original in `original`'s format whose fallback is
    /// `fallback`, in `slots`; `convertsOriginal` when a box the original fits gets a file too
    /// (`ImagePlan`).
    public init(sha256: String, original: ImageFormat, fallback: OutputFormat, slots: [Slot], focus: FocusSetting?, output: OutputSettings,
                convertsOriginal: Bool = false, libraries: CodecLibraries = .current) {
        self.sha256 = sha256
        self.fallback = fallback
        var boxes = Set<String>()
        for slot in slots {
            for scale in slot.scales {
                let box = SlotBox(slot.size, scale: scale)
                // Focus moves only cover crops; an inside box ignores it.
                let focusText = slot.fit == .cover ? " focus \(focus?.text ?? "centre")" : ""
                boxes.insert("\(box) \(slot.fit.rawValue)\(focusText)")
            }
        }
        self.boxes = boxes.sorted()
        var settings = [Self.settings(fallback, output)] + output.formats.map { Self.settings($0, output) }
        settings.append(Self.placeholder(output))
        settings.append(Self.colour(output))
        if convertsOriginal { settings.append("fitting boxes converted") }
        self.settings = settings
        self.decoders = Self.libraries(libraries, CodecLibraries.decoding(original))
        self.libraries = Self.libraries(libraries, CodecLibraries.decoding(original)
            + fallback.libraries + output.formats.flatMap(\.libraries))
    }

    /// The recipe of the files `planned` makes of an original of `sha256`.
    init(sha256: String, planned: PlannedImage, slots: [Slot], focus: FocusSetting?, output: OutputSettings) {
        self.init(sha256: sha256, original: planned.header.format, fallback: planned.fallback, slots: slots, focus: focus,
                  output: output, convertsOriginal: planned.convertsOriginal)
    }

    // The parts a recipe is made of, each spelled once: the shard identity (`ShardIdentity`)
    // is made of the same lines, so what merge compares cannot drift from what a build keys on.

    /// `jpeg quality 82 progressive false` (`OutputFormat.recipeLine`).
    static func settings(_ format: OutputFormat, _ output: OutputSettings) -> String {
        format.recipeLine(output[format])
    }

    static func placeholder(_ output: OutputSettings) -> String { "placeholder \(output.placeholder.rawValue)" }

    static func colour(_ output: OutputSettings) -> String { "colour \(output.colour.rawValue)" }

    static func limits(_ limits: Limits) -> String {
        "limits \(limits.pixels) \(limits.dimension) \(limits.memoryMB) \(limits.scans)"
    }

    package static var rendering: String { "rendering \(renderingVersion)" }

    /// `library libwebp-encoder 1.2.4`, one a library.
    static func libraries(_ versions: CodecLibraries, _ libraries: [CodecLibraries.Library]) -> [String] {
        versions.lines(libraries).map { "library \($0)" }
    }

    /// The canonical text the fingerprint is taken of: one fact a line.
    public var text: String {
        ([Self.rendering, "original \(sha256)", "fallback \(fallback.name)"]
            + boxes.map { "box \($0)" } + settings + libraries).joined(separator: "\n") + "\n"
    }

    /// The first 128 bits of the text's SHA-256, in hex: what the index records.
    public var fingerprint: String {
        String(FileHash.sha256(Array(text.utf8)).prefix(32))
    }

    /// The fingerprint of a verdict that the image cannot be made: its bytes, the version of
    /// thumbgen's decoders and of the libraries that decode it (another libheif may read it),
    /// and the limits it was reached under (raising a limit must try again). Not its boxes or
    /// settings: a damaged file stays damaged whatever it was to be made into.
    public func verdictFingerprint(limits: Limits) -> String {
        let text = ([Self.rendering, "original \(sha256)", Self.limits(limits)] + decoders).joined(separator: "\n") + "\n"
        return String(FileHash.sha256(Array(text.utf8)).prefix(32))
    }
}
