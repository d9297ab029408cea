import ImageCodecs
import Renditions

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
    /// `narrator` hears the decision and why, about the original.
    func decide(path: String, recipe: Recipe, expected: ImageRecord, files: SiteFiles, context: RecipeContext,
                narrator: Narrator? = nil) -> Decision {
        let decision = decision(path: path, recipe: recipe, expected: expected, files: files, context: context)
        if let narrator {
            switch decision {
            case .keep(let kept) where kept.status == .unreadable:
                narrator.say(path, "kept its verdict: the same bytes under the same limits, so it is not decoded again")
            case .keep:
                narrator.say(path, "reused: its recipe fingerprint is the index's, and every file it lists is there as recorded")
            case .redo(let reasons):
                narrator.say(path, "made again: " + StaleReason.because(reasons, image: path))
            }
        }
        return decision
    }

    private func decision(path: String, recipe: Recipe, expected: ImageRecord, files: SiteFiles, context: RecipeContext) -> Decision {
        if force { return .redo([.forced]) }
        guard let old = record(for: path) else { return .redo([.new]) }
        let originalFile = paths.relative(path)
        if old.status == .unreadable, old.recipe != nil, old.recipe == recipe.verdictFingerprint(limits: context.limits) {
            // A verdict on these bytes under these limits, whatever the slots: the caller
            // writes its entries anew, all pointing to the original.
            return .keep(old)
        }
        guard old.recipe == recipe.fingerprint else { return .redo(RecipeChanges.reasons(old, previous: previous, now: context)) }
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
}
