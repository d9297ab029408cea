import FoundationEssentials
import Renditions

/// The end-of-build summary, for people (standard error) and for CI (`--json`).
package enum SummaryReport {
    package static func text(_ summary: BuildSummary) -> String {
        let counts = summary.statusCounts
        let statuses = ImageStatus.allCases.compactMap { status in counts[status].map { "\($0) \(status.rawValue)" } }
        var text = "thumbgen: \(summary.images) image\(summary.images == 1 ? "" : "s")"
        text += statuses.isEmpty ? "\n" : ": \(statuses.joined(separator: ", "))\n"
        text += "thumbgen: \(summary.written) file\(summary.written == 1 ? "" : "s") written, \(summary.reused) reused, "
        text += "\(summary.pruned.count) pruned; \(mebibytes(summary.bytesWritten)) written in \(fixed(summary.seconds, 2)) s\n"
        if let (_, cache) = summary.cache {
            text += "thumbgen: shared cache: \(cache.hits) hit\(cache.hits == 1 ? "" : "s"), \(cache.misses) miss\(cache.misses == 1 ? "" : "es"), "
            text += "\(cache.uploaded) uploaded; \(mebibytes(cache.bytesDown)) down, \(mebibytes(cache.bytesUp)) up"
            text += cache.errors > 0 ? ", \(cache.errors) error\(cache.errors == 1 ? "" : "s")\n" : "\n"
        }
        let memory = summary.figures.memory
        guard memory.total.originals > 0 else { return text }
        text += "thumbgen: memory a client decodes to show every slot at every scale:\n"
        let rows = memory.slots.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } + [("total", memory.total)]
        let nameWidth = max(5, rows.map(\.0.count).max() ?? 5)
        let header = "  " + padRight("slot", nameWidth) + pad("originals", 14) + pad("renditions", 14)
        text += header + "\n"
        for (name, figures) in rows {
            text += "  " + padRight(name, nameWidth)
            text += pad(mebibytes(figures.originals), 14) + pad(mebibytes(figures.renditions), 14) + pad(figures.ratioText + " less", 12) + "\n"
        }
        let download = summary.figures.download
        let ratio = download.renditions > 0 ? fixed(Double(download.originals) / Double(download.renditions), 1) + "× less" : "–"
        text += "thumbgen: bytes a page downloads to show them: \(mebibytes(download.originals)) from the originals, "
        text += "\(mebibytes(download.renditions)) from the renditions (\(ratio))\n"
        return text
    }

    /// The build's findings about single images, for the diagnostics engine: a warning per image
    /// that shows its original, then one note for the animated ones left as they are. `display`
    /// turns a root-relative path into one relative to the working folder.
    package static func diagnostics(_ summary: BuildSummary, display: (String) -> String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = summary.problems.map { problem in
            let message = switch problem.kind {
            case .unreadable, .unsupported: "\(problem.message); the index points to the original"
            case .inTheWay: "\(problem.message); until then its image shows the original"
            case .keptPrevious, .ignoredListing, .leftOut: problem.message
            }
            return Diagnostic(.warning, file: display(problem.file), message: message, category: .image)
        }
        // A cache that failed costs time only: one warning, never a failure under --strict.
        if let (name, cache) = summary.cache, let fault = cache.firstFault {
            diagnostics.append(Diagnostic(.warning, file: nil, message: "the shared cache \(name) failed \(cache.errors) time\(cache.errors == 1 ? "" : "s") (first: \(fault)); those images were made here", category: .info))
        }
        let animated = summary.animated
        if !animated.isEmpty {
            let shown = animated.prefix(5).joined(separator: ", ") + (animated.count > 5 ? ", and \(animated.count - 5) more" : "")
            diagnostics.append(Diagnostic(.note, file: nil, message: "\(animated.count) animated image\(animated.count == 1 ? "" : "s") left as \(animated.count == 1 ? "it is" : "they are"): \(shown)"))
        }
        return diagnostics
    }

    /// The summary's fields for `--json`: `images`, `written`, `reused`, `pruned`, `status`,
    /// `decoded_bytes` and `bytes` (each `originals` against `renditions`), `seconds`, and
    /// `profile` (CPU seconds by stage) with `--profile`.
    package static func json(_ summary: BuildSummary) -> [String: JSONValue] {
        let memory = summary.figures.memory, download = summary.figures.download
        var statuses: [String: JSONValue] = [:]
        for (status, count) in summary.statusCounts { statuses[status.rawValue] = .int(count) }
        var fields: [String: JSONValue] = [
            "images": .int(summary.images), "written": .int(summary.written), "reused": .int(summary.reused),
            "pruned": .int(summary.pruned.count), "status": .object(statuses),
            "decoded_bytes": .object(["originals": .int(memory.total.originals), "renditions": .int(memory.total.renditions)]),
            "bytes": .object(["originals": .int(download.originals), "renditions": .int(download.renditions)]),
            "seconds": .seconds(summary.seconds)]
        if let (_, cache) = summary.cache {
            fields["cache"] = .object(["hits": .int(cache.hits), "misses": .int(cache.misses), "uploaded": .int(cache.uploaded),
                                       "bytes_down": .int(cache.bytesDown), "bytes_up": .int(cache.bytesUp), "errors": .int(cache.errors)])
        }
        if let profile = summary.profile { fields["profile"] = .object(ProfileReport.json(profile).mapValues(JSONValue.double)) }
        return fields
    }

    static func mebibytes(_ bytes: Int) -> String {
        fixed(Double(bytes) / 1_048_576, 1) + " MiB"
    }

    private static func padRight(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(1, width - text.count)) + text
    }
}
