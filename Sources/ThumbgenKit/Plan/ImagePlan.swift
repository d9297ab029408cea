import Raster
import Renditions

/// Every `(slot, scale)` of one original and the distinct renditions they need.
public struct ImagePlan: Sendable {
    /// One `(slot, scale)` pair.
    public struct Entry: Sendable {
        public var slot: String
        public var scale: ExactDecimal
        /// `thumb@2x`
        public var key: String
        public var box: SlotBox
        /// The rendition this pair shows, or nil when it shows the original (it fits the box).
        public var rendition: PlannedRendition?
    }

    public var path: String
    /// The original's upright size, in pixels.
    public var original: PixelSize
    /// In slot order, then scale order, as the manifest lists them.
    public var entries: [Entry]
    /// Distinct files to write, largest first: two boxes giving the same pixels share one.
    public var renditions: [PlannedRendition]

    /// Plans an upright `original` for the slots the image appears in; rendition files get the
    /// extension `ext` (the fallback's). With `convertsOriginal` (an original not every client
    /// shows), a box the original fits gets a file of the original's own size instead of the
    /// original.
    public init(path: String, original: PixelSize, slots: [Slot], focus: Focus?, extension ext: String, convertsOriginal: Bool = false) {
        self.path = path
        self.original = original
        var byFile: [String: PlannedRendition] = [:]
        var entries: [Entry] = []
        for slot in slots {
            for scale in slot.scales {
                let box = SlotBox(slot.size, scale: scale)
                var planned: PlannedRendition?
                let whole = convertsOriginal ? RenditionGeometry(size: original, crop: PixelRect(size: original)) : nil
                if let geometry = RenditionGeometry.fitting(original, in: box, fit: slot.fit, focus: focus ?? .center) ?? whole {
                    let file = RenditionNaming.path(for: path, size: geometry.size, extension: ext)
                    // Same pixel size from two geometries (a crop of under a pixel): keep the uncropped one.
                    if let existing = byFile[file], existing.geometry.isUncropped(of: original) || !geometry.isUncropped(of: original) {
                        planned = existing
                    } else {
                        planned = PlannedRendition(file: file, geometry: geometry)
                        byFile[file] = planned
                    }
                }
                entries.append(Entry(slot: slot.name, scale: scale, key: ScaleKey.entry(slot: slot.name, scale: scale.doubleValue), box: box, rendition: planned))
            }
        }
        // An entry planned before a better geometry replaced its file points to the final one.
        self.entries = entries.map { entry in
            var entry = entry
            entry.rendition = entry.rendition.flatMap { byFile[$0.file] }
            return entry
        }
        renditions = byFile.values.sorted { ($0.geometry.size.area, $0.file) > ($1.geometry.size.area, $1.file) }
    }
}

/// One file to write: its path relative to root and what it shows.
public struct PlannedRendition: Hashable, Sendable {
    public var file: String
    public var geometry: RenditionGeometry
}
