import ImageCodecs
import YAML

/// Originals whose rendition names share a stem (`IMG_1.HEIC` and `IMG_1.JPG` beside it) collide
/// when they would write a file of the same name: decided from their headers, since the names
/// hold each rendition's pixel size and its format's extension.
enum RenditionCollisions {
    static func check(_ pairs: [(path: String, other: String, mark: Mark)], images: [ImageEntry], slots: [Slot],
                      output: OutputSettings, root: String, file: String) -> [Diagnostic] {
        guard !pairs.isEmpty else { return [] }
        let entries = Dictionary(images.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var diagnostics: [Diagnostic] = []
        for pair in pairs {
            guard let one = entries[pair.path], let two = entries[pair.other] else { continue }
            let mine = files(one, slots: slots, output: output, root: root)
            let shared = Set(mine.keys).intersection(files(two, slots: slots, output: output, root: root).keys)
            guard let example = shared.sorted().first.flatMap({ mine[$0] }) else { continue }
            diagnostics.append(Diagnostic(.error, file: file, line: pair.mark.line, column: pair.mark.column, message:
                "'\(NameText.displayed(pair.path))' and '\(NameText.displayed(pair.other))' would write the same renditions (\(NameText.displayed(example)), and \(shared.count - 1) more); rename one"))
        }
        return diagnostics
    }

    /// The rendition files an original would write, by their names lowercased, from its header
    /// alone; none when the header cannot be read or the image is not resized.
    private static func files(_ image: ImageEntry, slots: [Slot], output: OutputSettings, root: String) -> [String: String] {
        guard let header = try? ImageHeader.read(path: root + "/" + image.path), PlannedImage.isResized(header) else { return [:] }
        let planned = PlannedImage(header: header, path: image.path, slots: image.slots.compactMap { name in slots.first { $0.name == name } },
                                   focus: image.focus?.point, colour: output.colour)
        var names: [String: String] = [:]
        for name in planned.files(formats: output.formats) { names[name.lowercased()] = name }
        return names
    }
}
