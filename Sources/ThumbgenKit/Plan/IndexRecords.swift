import Renditions

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
