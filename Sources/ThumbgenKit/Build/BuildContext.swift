import FoundationEssentials
import Renditions

/// What every image job of one build shares: the manifest, the previous index and what of it
/// can be trusted.
struct BuildContext: Sendable {
    /// Bump when the pixels a build writes change for the same input: every rendition is redone.
    static let renderingVersion = 3

    let manifest: Manifest
    let paths: IndexPaths
    let previous: RenditionIndex?
    let statCache: StatCache
    let force: Bool
    let memory: MemoryBudget

    init(manifest: Manifest, previous: RenditionIndex?, statCache: StatCache, force: Bool,
         memory: MemoryBudget = .standard()) {
        self.manifest = manifest
        self.memory = memory
        paths = IndexPaths(indexPath: manifest.indexPath)
        self.previous = previous
        self.statCache = statCache
        self.force = force
    }

    /// The encoder settings as the index records them.
    var outputRecord: OutputRecord {
        let output = manifest.output
        return OutputRecord(avif: output.formats.contains(.avif) ? .init(quality: output.avifQuality, speed: output.avifSpeed) : nil,
                            formats: output.formats.map(\.rawValue),
                            jpeg: .init(progressive: output.jpegProgressive, quality: output.jpegQuality),
                            png: .init(compression: output.pngCompression),
                            webp: output.formats.contains(.webp) ? .init(lossless: output.webpLossless, quality: output.webpQuality) : nil)
    }

    /// True when renditions of the previous build were made the way this build would make them.
    var previousRenditionsValid: Bool {
        guard !force, let previous else { return false }
        return previous.rendering == Self.renderingVersion && previous.output == outputRecord
    }

    /// The slot as the index records it.
    static func slotRecord(_ slot: Slot) -> SlotRecord {
        SlotRecord(fit: slot.fit.rawValue, scales: slot.scales.map(\.doubleValue), size: slot.size.description, sizes: slot.sizes)
    }

    /// True when the previous build drew `slot` the same way (same size and fit).
    func slotUnchanged(_ slot: Slot) -> Bool {
        guard let old = previous?.slots[slot.name] else { return false }
        let now = Self.slotRecord(slot)
        return old.size == now.size && old.fit == now.fit
    }

    func absolutePath(_ relative: String) -> String {
        manifest.root.path + "/" + relative
    }
}
