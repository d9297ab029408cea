import FoundationEssentials
import Renditions

/// `report.html`: one self-contained page (inline CSS and SVG, no outside requests) for an editor
/// to see every image with its renditions per slot, what was left as it is and why, and the
/// memory the renditions save. Image links are relative to the index's folder, where it is written.
package enum ReportPage {
    package static func html(index: RenditionIndex, manifestName: String) -> String {
        let memory = DecodedMemory(index: index)
        let images = index.images.sorted { $0.key < $1.key }
        var counts: [ImageStatus: Int] = [:]
        for (_, record) in images { counts[record.status, default: 0] += 1 }
        let statusLine = ImageStatus.allCases.compactMap { status in counts[status].map { "\($0) \(status.rawValue)" } }
            .joined(separator: " · ")

        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>thumbgen report: \(escape(manifestName))</title>
            <style>\(style)</style>
            </head>
            <body>
            <h1>thumbgen report</h1>
            <p class="meta">\(escape(manifestName)) · \(escape(index.generator)) · \(images.count) images: \(escape(statusLine))</p>
            <h2>Memory a client decodes</h2>
            <p>To show every slot at every scale: <strong>\(mib(memory.total.originals))</strong> from the originals,
            <strong>\(mib(memory.total.renditions))</strong> from the renditions (\(memory.total.ratioText) less).</p>
            \(chart(memory))
            """
        let skipped = images.filter { $0.value.status != .resized }
        if !skipped.isEmpty {
            page += "<h2>Left as they are</h2>\n<table class=\"skipped\"><tr><th>image</th><th>status</th><th>why</th></tr>\n"
            for (path, record) in skipped {
                page += "<tr><td><a href=\"\(attribute(RenditionIndex.urlPath(path)))\">\(escape(path))</a></td>"
                page += "<td class=\"\(record.status.rawValue)\">\(record.status.rawValue)</td><td>\(escape(reason(record)))</td></tr>\n"
            }
            page += "</table>\n"
        }
        page += "<h2>Images</h2>\n"
        for (path, record) in images {
            page += imageSection(path, record, slots: index.slots)
        }
        return page + "</body>\n</html>\n"
    }

    private static func imageSection(_ path: String, _ record: ImageRecord, slots: [String: SlotRecord]) -> String {
        var html = "<section class=\"image\" data-status=\"\(record.status.rawValue)\">\n"
        html += "<h3>\(escape(path)) <span class=\"\(record.status.rawValue)\">\(record.status.rawValue)</span></h3>\n"
        html += "<p class=\"meta\">original \(record.width)×\(record.height) px · \(kb(record.bytes))</p>\n<div class=\"slots\">\n"
        let bySlot = Dictionary(grouping: record.renditions) { String($0.key[..<($0.key.lastIndex(of: "@") ?? $0.key.endIndex)]) }
        for slot in bySlot.keys.sorted() {
            let fit = slots[slot].map { " \($0.size) \($0.fit)" } ?? ""
            html += "<div class=\"slot\"><h4>\(escape(slot))<small>\(escape(fit))</small></h4>\n"
            for (key, entry) in bySlot[slot]!.sorted(by: { $0.key < $1.key }) {
                let scale = key[key.index(after: key.lastIndex(of: "@")!)...]
                let original = entry.file == path
                let shown = scaledDown(entry.width, entry.height, to: 160)
                html += "<figure><img src=\"\(attribute(RenditionIndex.urlPath(entry.file)))\" width=\"\(shown.0)\" height=\"\(shown.1)\" alt=\"\(attribute(key))\" loading=\"lazy\">"
                html += "<figcaption>\(escape(String(scale))) · \(entry.width)×\(entry.height) · \(kb(entry.bytes))\(original ? " · original" : "")</figcaption></figure>\n"
            }
            html += "</div>\n"
        }
        return html + "</div>\n</section>\n"
    }

    /// Two bars per slot, originals against renditions, on one linear scale.
    private static func chart(_ memory: DecodedMemory) -> String {
        let rows = memory.slots.sorted { $0.key < $1.key }
        let largest = max(1, rows.map(\.value.originals).max() ?? 1)
        let barWidth = 520.0, rowHeight = 44, labelWidth = 110
        var svg = "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(labelWidth + Int(barWidth) + 170)\" height=\"\(rows.count * rowHeight + 30)\" role=\"img\" aria-label=\"decoded memory per slot\">\n"
        for (row, (slot, figures)) in rows.enumerated() {
            let y = row * rowHeight + 4
            let original = max(1, barWidth * Double(figures.originals) / Double(largest))
            let rendition = max(1, barWidth * Double(figures.renditions) / Double(largest))
            svg += "<text x=\"0\" y=\"\(y + 20)\">\(escape(slot))</text>\n"
            svg += "<rect class=\"originals\" x=\"\(labelWidth)\" y=\"\(y)\" width=\"\(fixed(original, 1))\" height=\"16\"><title>originals \(mib(figures.originals))</title></rect>\n"
            svg += "<text x=\"\(labelWidth + Int(original) + 6)\" y=\"\(y + 13)\">\(mib(figures.originals))</text>\n"
            svg += "<rect class=\"renditions\" x=\"\(labelWidth)\" y=\"\(y + 19)\" width=\"\(fixed(rendition, 1))\" height=\"16\"><title>renditions \(mib(figures.renditions))</title></rect>\n"
            svg += "<text x=\"\(labelWidth + Int(rendition) + 6)\" y=\"\(y + 32)\">\(mib(figures.renditions)) (\(figures.ratioText) less)</text>\n"
        }
        let legend = rows.count * rowHeight + 20
        svg += "<rect class=\"originals\" x=\"\(labelWidth)\" y=\"\(legend - 10)\" width=\"12\" height=\"12\"/><text x=\"\(labelWidth + 18)\" y=\"\(legend)\">originals</text>\n"
        svg += "<rect class=\"renditions\" x=\"\(labelWidth + 110)\" y=\"\(legend - 10)\" width=\"12\" height=\"12\"/><text x=\"\(labelWidth + 128)\" y=\"\(legend)\">renditions</text>\n"
        return svg + "</svg>\n"
    }

    private static func reason(_ record: ImageRecord) -> String {
        switch record.status {
        case .resized: ""
        case .fits: "already fits every box; the original is shown"
        case .animated: "animated; resizing would lose the animation, so the original is shown"
        case .unsupported: "\(record.format.uppercased()) is not resized in this schema; the original is shown"
        case .unreadable: (record.error ?? "unreadable") + "; the original is shown"
        }
    }

    private static func scaledDown(_ width: Int, _ height: Int, to limit: Int) -> (Int, Int) {
        guard width > limit || height > limit, width > 0, height > 0 else { return (max(width, 1), max(height, 1)) }
        let factor = Double(limit) / Double(max(width, height))
        return (max(1, Int((Double(width) * factor).rounded())), max(1, Int((Double(height) * factor).rounded())))
    }

    static func escape(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }

    static func attribute(_ text: String) -> String {
        escape(text).replacing("\"", with: "&quot;")
    }

    private static func mib(_ bytes: Int) -> String { fixed(Double(bytes) / 1_048_576, 1) + " MiB" }
    private static func kb(_ bytes: Int) -> String { fixed(Double(bytes) / 1000, 1) + " KB" }

    static let style = """
        body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#222}
        h1{margin-bottom:.2rem}.meta{color:#666}h3 span{font-size:.75rem;padding:.1rem .4rem;border-radius:.3rem;background:#eee}
        .resized{color:#175c2c}.fits{color:#345}.animated,.unsupported{color:#7a5b00}.unreadable{color:#a11}
        table{border-collapse:collapse}td,th{padding:.25rem .6rem;border-bottom:1px solid #ddd;text-align:left}
        .slots{display:flex;flex-wrap:wrap;gap:1.2rem}.slot h4{margin:.2rem 0}.slot small{color:#888;margin-left:.4rem;font-weight:normal}
        figure{display:inline-block;margin:0 .6rem .6rem 0;vertical-align:top}figcaption{font-size:.75rem;color:#555}
        img{background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px;border:1px solid #ccc}
        .chart text{font-size:13px;fill:#333}.chart .originals{fill:#c0504d}.chart .renditions{fill:#2e7d32}
        section.image{border-top:1px solid #eee;padding-top:.4rem}
        """
}
