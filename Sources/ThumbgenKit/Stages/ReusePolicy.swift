import ImageCodecs
import Renditions

/// Why an image's files must be made again: what a person can act on.
public enum StaleReason: Equatable, Sendable {
    /// `--force`.
    case forced
    /// The previous index does not know the image.
    case new
    case originalChanged
    /// These slots changed size, fit or scales, or the image moved in or out of them.
    case slotsChanged([String])
    /// The focus point changed.
    case focusChanged
    /// These output settings changed (`jpeg`, `webp`, `placeholder`…).
    case outputChanged([String])
    case renderingChanged
    case fileMissing(String)
    /// A listed file is not what the index recorded (its size changed).
    case fileEdited(String)
    /// The previous record does not agree with the plan (a damaged or hand-edited index).
    case recordDisagrees
    /// The recipe changed in a part the index does not record: the codec libraries' versions
    /// (`thumbgen --version`) or the placeholder, unless the index was edited by hand.
    case recipeChanged
}

/// The one place that decides whether an image's files from the previous build are still what
/// this build would make: same recipe fingerprint, and every file the record lists still there as
/// the record says. The previous index is untrusted input: a record that disagrees with the plan
/// or the disk is redone, never trusted.
struct ReusePolicy: Sendable {
    enum Decision {
        case keep(ImageRecord)
        case redo([StaleReason])
    }

    let previous: RenditionIndex?
    let paths: IndexPaths
    let force: Bool

    func record(for path: String) -> ImageRecord? {
        previous?.images[paths.relative(path)]
    }

    /// Keep or redo the image at `path`, planned as `plan` from `recipe`; `expected` is the
    /// record this build would write for it, but for the files' bytes.
    func decide(path: String, recipe: Recipe, expected: ImageRecord, files: SiteFiles, context: RecipeContext) -> Decision {
        if force { return .redo([.forced]) }
        guard let old = record(for: path) else { return .redo([.new]) }
        let originalFile = paths.relative(path)
        if old.status == .unreadable, old.recipe != nil, old.recipe == recipe.verdictFingerprint(limits: context.limits) {
            // A verdict on these bytes under these limits, whatever the slots: the caller
            // writes its entries anew, all pointing to the original.
            return .keep(old)
        }
        guard old.recipe == recipe.fingerprint else { return .redo(reasons(old, context: context)) }
        guard old.status == expected.status, old.width == expected.width, old.height == expected.height,
              old.format == expected.format, old.bytes == expected.bytes,
              Set(old.renditions.keys) == Set(expected.renditions.keys)
        else { return .redo([.recordDisagrees]) }
        for (key, entry) in expected.renditions {
            guard let kept = old.renditions[key], kept.file == entry.file else { return .redo([.recordDisagrees]) }
            if entry.file == originalFile {
                guard kept == entry else { return .redo([.recordDisagrees]) }
                continue
            }
            guard kept.width == entry.width, kept.height == entry.height, kept.type == entry.type else { return .redo([.recordDisagrees]) }
            for (file, bytes) in [(kept.file, kept.bytes)] + (kept.sources ?? []).map({ ($0.file, $0.bytes) }) {
                guard let relative = paths.rootRelative(file), RenditionNaming.isRenditionName(relative) else { return .redo([.recordDisagrees]) }
                switch files.entry(relative) {
                case .file(let size, _, _, _) where size == bytes: continue
                case .file: return .redo([.fileEdited(relative)])
                default: return .redo([.fileMissing(relative)])
                }
            }
        }
        return .keep(old)
    }

    /// What changed since the record was made, in words a person can act on.
    private func reasons(_ old: ImageRecord, context: RecipeContext) -> [StaleReason] {
        if old.sha256 != context.sha256 { return [.originalChanged] }
        var reasons: [StaleReason] = []
        let before = previous?.slots ?? [:]
        let changed = context.slots.filter { slot in
            guard let was = before[slot.name] else { return true }
            let now = SlotRecords.record(slot)
            return was.size != now.size || was.fit != now.fit || was.scales != now.scales
        }.map(\.name)
        if !changed.isEmpty { reasons.append(.slotsChanged(changed)) }
        if old.focus != context.focus { reasons.append(.focusChanged) }
        if let output = previous?.output {
            let now = context.output
            // The fallbacks' settings, the list of modern formats, then theirs.
            let changed = { (format: OutputFormat) in output.settings[format.name] != now.settings[format.name] }
            var names = Formats.fallbacks.filter(changed).map(\.name)
            if (output.formats ?? []) != (now.formats ?? []) { names.append("formats") }
            names += Formats.modern.filter(changed).map(\.name)
            if !names.isEmpty { reasons.append(.outputChanged(names)) }
        }
        if previous?.rendering != Recipe.renderingVersion { reasons.append(.renderingChanged) }
        return reasons.isEmpty ? [.recipeChanged] : reasons
    }
}

/// What the reasons for a redo are read against.
struct RecipeContext {
    var sha256: String
    var limits: Limits
    var slots: [Slot]
    var focus: [Double]?
    var output: OutputRecord
}
