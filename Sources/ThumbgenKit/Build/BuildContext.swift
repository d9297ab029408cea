import ImageCodecs
import Renditions

/// What every image job of one build shares: the manifest, the files under root and who owns
/// them, the previous index and what of it may be kept.
struct BuildContext: Sendable {
    let manifest: Manifest
    let paths: IndexPaths
    let files: SiteFiles
    let ownership: Ownership
    /// Nil for `check`, which writes nothing.
    let journal: BuildJournal?
    let reuse: ReusePolicy
    let statCache: StatCache
    let memory: MemoryBudget

    /// The encoder settings as the index records them.
    var outputRecord: OutputRecord { OutputRecords.record(manifest.output) }

    var decodeLimits: DecodeLimits {
        let limits = manifest.limits
        return DecodeLimits(pixels: limits.pixels, memoryBytes: limits.memoryMB << 20, scans: limits.scans)
    }

    func absolutePath(_ relative: String) -> String {
        manifest.root.path + "/" + relative
    }
}

/// Slots as the index records them.
enum SlotRecords {
    static func record(_ slot: Slot) -> SlotRecord {
        SlotRecord(fit: slot.fit.rawValue, scales: slot.scales.map(\.doubleValue), size: slot.size.description, sizes: slot.sizes)
    }

    static func records(_ slots: [Slot]) -> [String: SlotRecord] {
        Dictionary(uniqueKeysWithValues: slots.map { ($0.name, record($0)) })
    }
}

/// Output settings as the index records them: the fallbacks' always, a modern format's when it
/// is written.
enum OutputRecords {
    static func record(_ output: OutputSettings) -> OutputRecord {
        OutputRecord(avif: output.formats.contains(.avif) ? .init(quality: output.avifQuality, speed: output.avifSpeed) : nil,
                     formats: output.formats.map(\.rawValue),
                     jpeg: .init(progressive: output.jpegProgressive, quality: output.jpegQuality),
                     png: .init(compression: output.pngCompression),
                     webp: output.formats.contains(.webp) ? .init(lossless: output.webpLossless, quality: output.webpQuality) : nil)
    }
}
