import FoundationEssentials

/// `check`'s and `--dry-run`'s words for a plan.
enum CheckReport {
    /// One line per file a build would write or delete, and for the index: `missing`, `stale` or
    /// `prune`, the root-relative path, and why.
    static func lines(_ plan: BuildPlan, manifest: Manifest) -> [String] {
        var lines: [String] = []
        switch plan.index {
        case .upToDate: break
        case .missing: lines.append("missing\t\(manifest.indexPath)\tthe index; a build writes it")
        case .damaged: lines.append("stale\t\(manifest.indexPath)\tthe index is damaged; a build writes it again")
        case .stale: lines.append("stale\t\(manifest.indexPath)\tthe index does not match the manifest and images")
        }
        for item in plan.items where item.mark != .reuse {
            switch item.mark {
            case .new:
                lines.append("\(item.exists ? "stale" : "missing")\t\(NameText.displayed(item.path))\t\(because(item.reasons, image: item.image ?? ""))")
            case .prune:
                lines.append("prune\t\(NameText.displayed(item.path))\tno longer needed")
            case .reuse:
                break
            }
        }
        return lines
    }

    /// A reason in words a person can act on.
    static func because(_ reasons: [StaleReason], image: String) -> String {
        let words = reasons.map { reason -> String in
            switch reason {
            case .forced: "--force"
            case .new: "a new image, \(NameText.displayed(image))"
            case .originalChanged: "the original \(NameText.displayed(image)) changed"
            case .slotsChanged(let slots): "slot\(slots.count == 1 ? "" : "s") \(slots.map { "'\($0)'" }.joined(separator: ", ")) changed size, fit or scales"
            case .focusChanged: "its focus changed"
            case .outputChanged(let names): "the output settings changed (\(names.joined(separator: ", ")))"
            case .renderingChanged: "thumbgen renders differently since the last build"
            case .fileMissing(let path): "\(NameText.displayed(path)) is missing"
            case .fileEdited(let path): "\(NameText.displayed(path)) was edited by hand"
            case .recordDisagrees: "the index does not agree with the files (edited by hand?)"
            }
        }
        return words.isEmpty ? "rendition of \(NameText.displayed(image))" : words.joined(separator: "; ")
    }

    static func json(_ plan: BuildPlan) -> String {
        struct Item: Encodable { var kind: String; var path: String; var reason: String }
        struct Output: Encodable { var items: [Item]; var up_to_date: Bool }
        let items = plan.items.filter { $0.mark != .reuse }.map { item in
            Item(kind: item.mark == .prune ? "prune" : item.exists ? "stale" : "missing", path: item.path,
                 reason: item.mark == .prune ? "no longer needed" : because(item.reasons, image: item.image ?? ""))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(Output(items: items, up_to_date: plan.isUpToDate))) ?? Data(), as: UTF8.self)
    }
}
