import ImageCodecs
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

/// Output settings as the index records them: the fallbacks' always, a modern format's when
/// it is written, each under its name (`OutputFormat.settings`).
enum OutputRecords {
    static func record(_ output: OutputSettings) -> OutputRecord {
        let written = Formats.outputs.filter { $0.role == .fallback || output.formats.contains($0) }
        return OutputRecord(formats: output.formats.map(\.name),
                            settings: Dictionary(uniqueKeysWithValues: written.map { ($0.name, record(output[$0])) }))
    }

    /// One format's settings, by key.
    static func record(_ settings: FormatSettings) -> [String: OutputRecord.Setting] {
        settings.values.mapValues { value in
            switch value {
            case .integer(let number): .integer(number)
            case .flag(let flag): .flag(flag)
            }
        }
    }
}
