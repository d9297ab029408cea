import Raster
import Renditions

/// Everything that shapes an image's files, and nothing else: the original's bytes (by hash),
/// every distinct box it is made for (with fit and focus), the settings of every format it is
/// written in, the placeholder, and the rendering version. Files are a pure function of it; its
/// fingerprint in the index is how a later build knows they are still what it would make.
public struct Recipe: Equatable, Sendable {
    /// Bump when the pixels or bytes a build writes change for the same recipe.
    public static let renderingVersion = 11

    public var sha256: String
    /// The format the fallback is written in (`jpeg`, `png`).
    public var fallback: FallbackFormat
    public var boxes: [String]
    public var settings: [String]

    /// The recipe of an image of `sha256` whose fallback is `fallback`, in `slots`;
    /// `convertsOriginal` when a box the original fits gets a file too (`ImagePlan`).
    public init(sha256: String, fallback: FallbackFormat, slots: [Slot], focus: Focus?, output: OutputSettings,
                convertsOriginal: Bool = false) {
        self.sha256 = sha256
        self.fallback = fallback
        var boxes = Set<String>()
        for slot in slots {
            for scale in slot.scales {
                let box = SlotBox(slot.size, scale: scale)
                // Focus moves only cover crops; an inside box ignores it.
                let focusText = slot.fit == .cover ? " focus \(focus.map { "\($0.x),\($0.y)" } ?? "centre")" : ""
                boxes.insert("\(box) \(slot.fit.rawValue)\(focusText)")
            }
        }
        self.boxes = boxes.sorted()
        var settings: [String]
        switch fallback {
        case .jpeg: settings = ["jpeg quality \(output.jpegQuality) progressive \(output.jpegProgressive)"]
        case .png: settings = ["png compression \(output.pngCompression)"]
        }
        for format in output.formats {
            switch format {
            case .webp: settings.append("webp quality \(output.webpQuality) lossless \(output.webpLossless)")
            case .avif: settings.append("avif quality \(output.avifQuality) speed \(output.avifSpeed)")
            }
        }
        settings.append("placeholder \(output.placeholder.rawValue)")
        if convertsOriginal { settings.append("fitting boxes converted") }
        self.settings = settings
    }

    /// The canonical text the fingerprint is taken of: one fact a line.
    public var text: String {
        (["rendering \(Self.renderingVersion)", "original \(sha256)", "fallback \(fallback.rawValue)"]
            + boxes.map { "box \($0)" } + settings).joined(separator: "\n") + "\n"
    }

    /// The first 128 bits of the text's SHA-256, in hex: what the index records.
    public var fingerprint: String {
        String(FileHash.sha256(Array(text.utf8)).prefix(32))
    }

    /// The fingerprint of a verdict that the image cannot be made: its bytes and the decoders'
    /// version, and the limits it was reached under (raising a limit must try again). Not its
    /// boxes or settings: a damaged file stays damaged whatever it was to be made into.
    public func verdictFingerprint(limits: Limits) -> String {
        let text = "rendering \(Self.renderingVersion)\noriginal \(sha256)\n"
            + "limits \(limits.pixels) \(limits.dimension) \(limits.memoryMB) \(limits.scans)\n"
        return String(FileHash.sha256(Array(text.utf8)).prefix(32))
    }
}
