import ImageCodecs
import Raster
import Renditions

/// The original as a build found it: its file and its header.
struct OriginalFacts: Sendable {
    var bytes: Int
    var sha256: String
    /// Nil when not even the header could be read.
    var header: ImageHeader?

    var upright: PixelSize { header?.uprightSize ?? .zero }
    var format: String { header?.format.rawValue ?? ImageFormat.unknown.rawValue }
}

/// The record stage: an image's index record, one entry for every `(slot, scale)`, each pointing
/// to its rendition or to the original.
struct RecordMaker {
    let paths: IndexPaths
    let entry: ImageEntry
    let slots: [Slot]

    /// The entry that shows the original: its own size and type (0, 0 and no type when its
    /// header could not be read).
    func original(_ facts: OriginalFacts) -> RenditionRecord {
        RenditionRecord(bytes: facts.bytes, file: paths.relative(entry.path), height: facts.upright.height,
                        type: facts.header?.format.mediaType, width: facts.upright.width)
    }

    /// An image that shows its original everywhere (`fits`, `animated`, `unsupported`,
    /// `unreadable`).
    func showingOriginal(_ facts: OriginalFacts, status: ImageStatus, error: String? = nil, recipe: String? = nil) -> ImageRecord {
        let plan = ImagePlan(path: entry.path, original: facts.upright, slots: slots, focus: entry.focus?.point, extension: "")
        let shown = original(facts)
        return record(facts, status: status, entries: Dictionary(uniqueKeysWithValues: plan.entries.map { ($0.key, shown) }),
                      error: error, recipe: recipe, placeholder: nil, focus: entry.focus?.point)
    }

    /// A resized image: `files` holds each rendition's record by its fallback's root-relative path;
    /// `found` is the point a `focus: auto` render chose (the record's focus, for `auto`).
    func resized(_ facts: OriginalFacts, plan: ImagePlan, files: [String: RenditionRecord], recipe: String?,
                 placeholder: PlaceholderRecord?, found: Focus? = nil) -> ImageRecord {
        let shown = original(facts)
        var entries: [String: RenditionRecord] = [:]
        for planned in plan.entries {
            entries[planned.key] = planned.rendition.flatMap { files[$0.file] } ?? shown
        }
        return record(facts, status: files.isEmpty ? .fits : .resized, entries: entries, error: nil, recipe: recipe,
                      placeholder: placeholder, focus: entry.focus == .auto ? found : entry.focus?.point)
    }

    /// What a build would record for `plan`, but for the bytes of the files it would write:
    /// what a kept record must agree with.
    func expected(_ facts: OriginalFacts, plan: ImagePlan, fallback: OutputFormat, recipe: String) -> ImageRecord {
        var files: [String: RenditionRecord] = [:]
        for rendition in plan.renditions {
            files[rendition.file] = RenditionRecord(bytes: 0, file: paths.relative(rendition.file), height: rendition.geometry.size.height,
                                                    type: fallback.mediaType, width: rendition.geometry.size.width)
        }
        return resized(facts, plan: plan, files: files, recipe: recipe, placeholder: nil)
    }

    private func record(_ facts: OriginalFacts, status: ImageStatus, entries: [String: RenditionRecord], error: String?,
                        recipe: String?, placeholder: PlaceholderRecord?, focus: Focus?) -> ImageRecord {
        ImageRecord(bytes: facts.bytes, error: status == .unreadable ? error : nil, focus: focus.map { [$0.x, $0.y] },
                    format: facts.format, height: facts.upright.height, placeholder: placeholder, recipe: recipe,
                    renditions: entries, sha256: facts.sha256, status: status, width: facts.upright.width)
    }
}
