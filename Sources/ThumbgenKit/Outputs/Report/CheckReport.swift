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
        for slice in plan.slices { lines.append("\(slice.state.rawValue)\t\(NameText.displayed(slice.path))\t\(reason(slice))") }
        for item in plan.items where item.mark != .reuse {
            switch item.mark {
            case .new:
                lines.append("\(item.exists ? "stale" : "missing")\t\(NameText.displayed(item.path))\t\(StaleReason.because(item.reasons, image: item.image ?? ""))")
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
                let cause = reason.cause
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

    /// `items` (each `kind`, `path`, `reason`) and `up_to_date`, for `--json`.
    package static func json(_ plan: BuildPlan) -> [String: JSONValue] {
        let items = plan.items.filter { $0.mark != .reuse }.map { item -> JSONValue in
            .object(["kind": .string(item.mark == .prune ? "prune" : item.exists ? "stale" : "missing"), "path": .string(item.path),
                     "reason": .string(item.mark == .prune ? "no longer needed" : StaleReason.because(item.reasons, image: item.image ?? ""))])
        }
        let slices = plan.slices.map { slice -> JSONValue in
            .object(["kind": .string(slice.state.rawValue), "path": .string(slice.path), "reason": .string(reason(slice))])
        }
        return ["items": .array(slices + items), "up_to_date": .bool(plan.isUpToDate)]
    }

    /// Why a slice is in the plan.
    static func reason(_ slice: BuildPlan.Slice) -> String {
        switch slice.state {
        case .missing: "an index slice of the split index; a build writes it"
        case .stale: "an index slice that does not match the index; a build writes it again"
        case .prune: "an index slice of a folder that has no images any more; a build deletes it"
        }
    }
}
