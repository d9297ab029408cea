import FoundationEssentials
import Renditions

/// `thumbgen lookup`: what a client using the `Renditions` library would show. One line, the
/// file, on standard output; with `--json`, the file, its type and size, the scale it was made
/// for, and whether it is a rendition, the original, or unknown to the index.
enum Lookup {
    static func run(_ request: Request, console: Console, diagnostics: DiagnosticsEngine) {
        guard let indexPath = request.lookupIndex, let image = request.lookupImage else { return }
        let index: RenditionIndex
        do {
            index = try RenditionIndex.load(from: URL(fileURLWithPath: indexPath))
        } catch {
            diagnostics.error("\(error)", category: .usage)
            return
        }
        // A path that leaves the index's folder is no answer, whatever was asked: the index was
        // edited or damaged, and printing it would hand a client a file thumbgen never wrote.
        if let bad = index.firstUncontainedPath {
            let what = bad.file == bad.image ? "the image path '\(NameText.displayed(bad.image))'"
                : "'\(NameText.displayed(bad.file))' (for '\(NameText.displayed(bad.image))')"
            diagnostics.error("\(indexPath): the index is damaged: \(what) leaves the index's folder; a build writes the index again",
                              category: .usage)
            return
        }
        if let pixels = request.lookupPixels {
            let file = index.bestFile(image: image, width: pixels.width, height: pixels.height)
            let entry = index.images[image]?.renditions.values.first { $0.file == file }
            answer(request, console: console, diagnostics: diagnostics, fields: [
                "file": .string(file), "type": entry?.type.map { .string($0) } ?? .null,
                "width": .int(entry?.width ?? 0), "height": .int(entry?.height ?? 0),
            ])
        } else if let slot = request.lookupSlot, let scale = request.lookupScale {
            let resolved = index.resolve(image: image, slot: slot, screenScale: scale)
            // The best of the modern files the client accepts (the index lists them best first),
            // else the fallback, which every client shows.
            let (file, type) = resolved.file(accepting: Set(request.accept))
            answer(request, console: console, diagnostics: diagnostics, fields: [
                "file": .string(file), "type": type.map { .string($0) } ?? .null,
                "scale": .double(resolved.scale), "width": .int(resolved.pixelWidth), "height": .int(resolved.pixelHeight),
                "kind": .string(resolved.kind.rawValue),
            ])
        }
    }

    private static func answer(_ request: Request, console: Console, diagnostics: DiagnosticsEngine, fields: [String: JSONValue]) {
        if request.json {
            for (key, value) in fields { diagnostics.report(key, value) }
        } else if case .string(let file)? = fields["file"] {
            console.out(NameText.displayed(file) + "\n")
        }
    }
}
