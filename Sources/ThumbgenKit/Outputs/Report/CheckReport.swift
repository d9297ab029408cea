import FoundationEssentials

/// `check`'s and `--dry-run`'s words for a plan.
package enum CheckReport {
    /// One line per file a build would write or delete, and for the index: `missing`, `stale` or
    /// `prune`, the root-relative path, and why.
    package static func lines(_ plan: BuildPlan, manifest: Manifest) -> [String] {
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

    /// What one cause explains, in the order causes first appear: `slot 'card' changed size, fit
    /// or scales: 412 files of 60 images to make again`.
    package static func groups(_ plan: BuildPlan) -> [String] {
        var order: [String] = []
        var files: [String: Int] = [:], images: [String: Set<String>] = [:]
        for item in plan.items where item.mark == .new {
            for reason in item.reasons.isEmpty ? [StaleReason.new] : item.reasons {
                let cause = Self.cause(reason)
                if files[cause] == nil { order.append(cause) }
                files[cause, default: 0] += 1
                images[cause, default: []].insert(item.image ?? "")
            }
        }
        let pruned = plan.items.filter { $0.mark == .prune }.count
        var lines = order.map { cause in
            let count = files[cause]!, imageCount = images[cause]!.count
            return "\(cause): \(count) file\(count == 1 ? "" : "s") of \(imageCount) image\(imageCount == 1 ? "" : "s") to make again"
        }
        if pruned > 0 { lines.append("no longer needed: \(pruned) file\(pruned == 1 ? "" : "s") to delete") }
        return lines
    }

    /// A cause shared by many files, without the file's own name.
    static func cause(_ reason: StaleReason) -> String {
        switch reason {
        case .forced: "--force"
        case .new: "new images"
        case .originalChanged: "originals changed"
        case .slotsChanged(let slots): "slot\(slots.count == 1 ? "" : "s") \(slots.map { "'\($0)'" }.joined(separator: ", ")) changed size, fit or scales"
        case .focusChanged: "focus points changed"
        case .outputChanged(let names): "the output settings changed (\(names.joined(separator: ", ")))"
        case .renderingChanged: "thumbgen renders differently since the last build"
        case .fileMissing: "renditions were deleted"
        case .fileEdited: "renditions were edited by hand"
        case .recordDisagrees: "the index does not agree with the files (edited by hand?)"
        case .recipeChanged: "the codec libraries or the placeholder changed (see thumbgen --version), or the index was edited by hand"
        }
    }

    /// A reason in words a person can act on: the cause, naming the image or file where it is one's own.
    static func because(_ reasons: [StaleReason], image: String) -> String {
        let words = reasons.map { reason -> String in
            switch reason {
            case .new: "a new image, \(NameText.displayed(image))"
            case .originalChanged: "the original \(NameText.displayed(image)) changed"
            case .fileMissing(let path): "\(NameText.displayed(path)) is missing"
            case .fileEdited(let path): "\(NameText.displayed(path)) was edited by hand"
            default: cause(reason)
            }
        }
        return words.isEmpty ? "rendition of \(NameText.displayed(image))" : words.joined(separator: "; ")
    }

    /// `items` (each `kind`, `path`, `reason`) and `up_to_date`, for `--json`.
    package static func json(_ plan: BuildPlan) -> [String: JSONValue] {
        let items = plan.items.filter { $0.mark != .reuse }.map { item -> JSONValue in
            .object(["kind": .string(item.mark == .prune ? "prune" : item.exists ? "stale" : "missing"), "path": .string(item.path),
                     "reason": .string(item.mark == .prune ? "no longer needed" : because(item.reasons, image: item.image ?? ""))])
        }
        return ["items": .array(items), "up_to_date": .bool(plan.isUpToDate)]
    }
}
