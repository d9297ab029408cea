import ImageCodecs
import Renditions

/// One part of a recipe that the manifest's `output` gives, declared once: its line in the
/// recipe's text, what an index records of it, and how a message names it. The recipe
/// (`Recipe`), a shard's identity (`ShardIdentity`) and the stale reasons (`RecipeChanges`) all
/// read these, so what merge trusts and what `check` says changed cannot drift from what a
/// build keys its files on.
struct OutputPart: Sendable {
    let name: String
    /// How a message names the part: `output.webp settings`.
    let words: String
    /// The part's line, from the manifest's settings: `webp quality 87 lossless false`.
    let line: @Sendable (OutputSettings) -> String
    /// What an index records of the part (nil when it records none: the placeholder), for a
    /// later build to compare with its own.
    let recorded: @Sendable (OutputRecord) -> String?
}

extension Recipe {
    /// The output parts, in the order a shard's identity lists them: the list of modern formats,
    /// each output format's settings (`Formats.outputs`), the placeholder, the colour.
    static let outputParts: [OutputPart] = [
        OutputPart(name: "formats", words: "output.formats", line: { "formats \($0.formats.map(\.name).joined(separator: ","))" },
                   recorded: { "\($0.formats ?? [])" }),
    ] + Formats.outputs.map { format in
        OutputPart(name: format.name, words: "output.\(format.name) settings", line: { settings(format, $0) },
                   recorded: { $0.settings[format.name].map(Self.canonical) })
    } + [
        OutputPart(name: "placeholder", words: "output.placeholder", line: { placeholder($0) }, recorded: { _ in nil }),
        OutputPart(name: "colour", words: "output.colour", line: { colour($0) }, recorded: { _ in nil }),
    ]

    /// A format's recorded settings as one text, keys sorted (a dictionary's own order is not).
    private static func canonical(_ settings: [String: OutputRecord.Setting]) -> String {
        settings.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: " ")
    }

    /// The output parts in the order the stale reasons name them: the fallbacks' settings, the
    /// list of modern formats, then the modern formats' settings.
    static var reasonOrder: [OutputPart] {
        let named = { (name: String) in outputParts.first { $0.name == name }! }
        return Formats.fallbacks.map { named($0.name) } + [named("formats")] + Formats.modern.map { named($0.name) }
    }
}

/// What the reasons for a redo are read against: this build's side of the recipe, as an index
/// records it.
struct RecipeContext {
    var sha256: String
    var limits: Limits
    var slots: [Slot]
    /// The named focus point; nil for the centre and for `auto`.
    var focus: [Double]?
    /// `focus: auto`: the point is found in the pixels, so a record's point says nothing of a change.
    var focusIsAuto = false
    var output: OutputRecord
}

/// Why an image's recipe is not the one its record was made with, from one comparison of the
/// recipe's parts as the previous index recorded them (the image's hash and focus, the slots,
/// the output settings, the rendering version) with this build's. A part the index does not
/// record (the codec libraries, the placeholder) shows only as the fingerprint that differs.
enum RecipeChanges {
    static func reasons(_ old: ImageRecord, previous: RenditionIndex?, now: RecipeContext) -> [StaleReason] {
        if old.sha256 != now.sha256 { return [.originalChanged] }
        var reasons: [StaleReason] = []
        let before = previous?.slots ?? [:]
        let changed = now.slots.filter { slot in
            guard let was = before[slot.name] else { return true }
            let record = SlotRecords.record(slot)
            return was.size != record.size || was.fit != record.fit || was.scales != record.scales
        }.map(\.name)
        if !changed.isEmpty { reasons.append(.slotsChanged(changed)) }
        if !now.focusIsAuto && old.focus != now.focus { reasons.append(.focusChanged) }
        if let output = previous?.output {
            let names = Recipe.reasonOrder.filter { part in part.recorded(output) != part.recorded(now.output) }.map(\.name)
            if !names.isEmpty { reasons.append(.outputChanged(names)) }
        }
        if previous?.rendering != Recipe.renderingVersion { reasons.append(.renderingChanged) }
        return reasons.isEmpty ? [.recipeChanged] : reasons
    }
}
