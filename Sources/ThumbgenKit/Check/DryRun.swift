import ImageCodecs
import Renditions

/// `build --dry-run`: the plan, one tab-separated line per `(image, slot@scale)`:
/// image, `slot@Nx`, box, output size, file, and for an entry that shows the original, why.
enum DryRun {
    static func lines(for manifest: Manifest, shard: Shard? = nil) -> [String] {
        var lines: [String] = []
        for image in manifest.images where shard?.owns(image.path) ?? true {
            let probe = ImageProbe.probe(path: manifest.root.appendingPathComponent(image.path).path, limits: manifest.limits)
            let slots = image.slots.compactMap { manifest.slot(named: $0) }
            let plan = ImagePlan(path: image.path, original: probe.uprightSize, slots: slots, focus: image.focus)
            for entry in plan.entries {
                var columns = [image.path, entry.key, entry.box.description]
                if probe.status == .resized, let rendition = entry.rendition {
                    columns += [rendition.geometry.size.description, rendition.file]
                } else {
                    let why = probe.status == .resized ? "fits" : probe.status.rawValue + (probe.error.map { ": \($0)" } ?? "")
                    columns += [probe.uprightSize.description, image.path, "(original: \(why))"]
                }
                lines.append(columns.joined(separator: "\t"))
            }
        }
        return lines
    }
}
