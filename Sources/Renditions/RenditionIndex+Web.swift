#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One distinct file of an image in a slot: a `srcset` candidate.
public struct SlotCandidate: Equatable, Sendable {
    /// Relative to the index's folder, with `/`.
    public var file: String
    /// Pixels.
    public var width: Int
    /// Pixels.
    public var height: Int
    /// The scale of the slot's entry that names this file (the largest, when several do).
    public var scale: Double
    public var type: String?
    /// Modern files of the same pixels, best first.
    public var sources: [SourceRecord]
}

/// The web's view of a slot, shared with renditions.js and `thumbgen html`: width descriptors
/// over every distinct file, and `sizes`.
extension RenditionIndex {
    /// The entries of `image` for the scales `slot` lists, with those scales; empty when the index
    /// knows neither, and without entries of unknown size (an original whose header was unreadable).
    func slotEntries(image: String, slot: String) -> [(scale: Double, entry: RenditionRecord)] {
        guard let record = images[image], let scales = slots[slot]?.scales else { return [] }
        return scales.sorted().compactMap { scale in
            record.renditions[ScaleKey.entry(slot: slot, scale: scale)].flatMap { $0.width > 0 && $0.height > 0 ? (scale, $0) : nil }
        }
    }

    /// Every distinct file of an image in a slot, narrowest first: one per file, and one per
    /// width (a `srcset` may not list a width twice).
    public func candidates(image: String, slot: String) -> [SlotCandidate] {
        var byFile: [String: SlotCandidate] = [:]
        for (scale, entry) in slotEntries(image: image, slot: slot) {
            byFile[entry.file] = SlotCandidate(file: entry.file, width: entry.width, height: entry.height, scale: scale,
                                               type: entry.type, sources: entry.sources ?? [])
        }
        var result: [SlotCandidate] = []
        for candidate in byFile.values.sorted(by: { ($0.width, $0.height, $0.file) < ($1.width, $1.height, $1.file) })
        where candidate.width != result.last?.width {
            result.append(candidate)
        }
        return result
    }

    /// The image's own size in the slot, in CSS pixels (points): the smallest width and height
    /// any of its renditions covers at its scale, rounded down to 1/100 so that a browser never
    /// reaches for the next file up (113, 225 and 338 px at 1×, 2× and 3× give 112.5). When the
    /// index shows only the original (it fits, or is animated), the original fitted into the slot
    /// at scale 1, never enlarged. Nil when the index knows no entry of the pair.
    public func cssSize(image: String, slot: String) -> (width: Double, height: Double)? {
        let entries = slotEntries(image: image, slot: slot)
        guard let first = entries.first, let record = slots[slot] else { return nil }
        func floor(_ value: Double) -> Double { (value * 100).rounded(.down) / 100 }
        let made = entries.filter { $0.entry.file != image }
        if !made.isEmpty {
            func smallest(_ pixels: (RenditionRecord) -> Int) -> Double {
                made.map { (Double(pixels($0.entry)) * 100 / $0.scale).rounded(.down) / 100 }.min()!
            }
            return (smallest(\.width), smallest(\.height))
        }
        let width = Double(first.entry.width), height = Double(first.entry.height)
        let box = record.box
        if record.crops {
            return (floor(min(box.width, width)), floor(min(box.height, height)))
        }
        let factor = min(1, box.width / width, box.height / height)
        return (floor(width * factor), floor(height * factor))
    }

    /// The `sizes` value for an image in a slot: the slot's own (`output` of the manifest's
    /// `sizes`), else the image's width in the slot in CSS pixels (`112.5px`).
    public func sizes(image: String, slot: String) -> String? {
        guard let css = cssSize(image: image, slot: slot) else { return nil }
        return slots[slot]?.sizes ?? "\(ScaleKey.format(css.width))px"
    }

    /// A `srcset` with width descriptors over every distinct file of the slot, narrowest first:
    /// `images/a.Thumbnail(96x96).jpg 96w, images/a.Thumbnail(192x192).jpg 192w`. With `type`,
    /// each candidate's source of that type, or its fallback when that one was not kept (it was
    /// larger). Paths are URL-escaped and prefixed with `urlPrefix` (the way from the page to the
    /// index's folder, `../` or `/media/`) and followed by `query` (`?v=…`, `versionQuery`).
    /// Empty when the index knows no entry of the pair.
    public func widthSrcset(image: String, slot: String, type: String? = nil, urlPrefix: String = "", query: String = "") -> String {
        candidates(image: image, slot: slot).map { candidate in
            let file = type.flatMap { type in candidate.sources.first { $0.type == type }?.file } ?? candidate.file
            return "\(urlPrefix)\(Self.urlPath(file))\(query) \(candidate.width)w"
        }.joined(separator: ", ")
    }

    /// The modern types any file of the slot has, best first: in the order of `output.formats`,
    /// then any other in the order first met.
    public func sourceTypes(image: String, slot: String) -> [String] {
        let preferred = (output?.formats ?? []).map(MediaTypes.modern)
        var seen: [String] = []
        for candidate in candidates(image: image, slot: slot) {
            for source in candidate.sources where !seen.contains(source.type) { seen.append(source.type) }
        }
        return preferred.filter { seen.contains($0) } + seen.filter { !preferred.contains($0) }
    }
}
