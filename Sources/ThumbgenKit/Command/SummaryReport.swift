import Foundation
import Renditions

/// The end-of-build summary, for people (standard error) and for CI (`--json`).
enum SummaryReport {
    static func text(_ summary: BuildSummary) -> String {
        let counts = summary.statusCounts
        let statuses = ImageStatus.allCases.compactMap { status in counts[status].map { "\($0) \(status.rawValue)" } }
        var text = "thumbgen: \(summary.images) image\(summary.images == 1 ? "" : "s")"
        if !statuses.isEmpty { text += " (\(statuses.joined(separator: ", ")))" }
        text += "; \(summary.written) written, \(summary.reused) reused, \(summary.pruned.count) pruned"
        text += "; \(mebibytes(summary.bytesWritten)) written in \(String(format: "%.2f", summary.seconds)) s\n"
        let decoded = DecodedMemory(index: summary.index)
        if decoded.originals > 0 {
            text += "thumbgen: decoded memory for every slot and scale: \(mebibytes(decoded.originals)) from the originals, "
            text += "\(mebibytes(decoded.renditions)) from the renditions (\(decoded.ratioText) less)\n"
        }
        return text
    }

    static func json(_ summary: BuildSummary) -> String {
        let decoded = DecodedMemory(index: summary.index)
        var statuses: [String: Int] = [:]
        for (status, count) in summary.statusCounts { statuses[status.rawValue] = count }
        let object: [String: Any] = [
            "images": summary.images, "written": summary.written, "reused": summary.reused,
            "pruned": summary.pruned.count, "status": statuses,
            "decoded_bytes": ["originals": decoded.originals, "renditions": decoded.renditions],
            "seconds": (summary.seconds * 1000).rounded() / 1000,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    static func mebibytes(_ bytes: Int) -> String {
        String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }
}

/// Bytes a client decodes to show every `(slot, scale)` of every image: width × height × 4,
/// from the originals against from the files the index points to.
struct DecodedMemory {
    var originals = 0
    var renditions = 0

    init(index: RenditionIndex) {
        for record in index.images.values {
            for entry in record.renditions.values {
                originals += record.width * record.height * 4
                renditions += entry.width * entry.height * 4
            }
        }
    }

    var ratioText: String {
        renditions > 0 ? String(format: "%.1f×", Double(originals) / Double(renditions)) : "∞"
    }
}
