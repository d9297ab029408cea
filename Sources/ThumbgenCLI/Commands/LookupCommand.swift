import FoundationEssentials
import Raster
import Renditions
import ThumbgenKit

extension Request.Command {
    public static let lookup = Self(LookupCommand.self)
}

/// `thumbgen lookup`: what a client using the `Renditions` library would show. One line, the
/// file, on standard output; with `--json`, the file, its type and size, the scale it was made
/// for, and whether it is a rendition, the original, or unknown to the index.
enum LookupCommand: Command {
    static let name = "lookup"
    static let summary: String? = "print the file a client would show: lookup INDEX IMAGE (--slot S --scale N | --pixels WxH)"
    static let help = """
        thumbgen lookup INDEX IMAGE (--slot S --scale N | --pixels WxH) [--accept TYPES] [--json]
        Prints the file a client would show: the (slot, scale) entry, or the smallest file covering
        WxH pixels. --accept lists the media types the client takes (image/avif,image/webp) and
        picks the modern file when there is one. An image the index does not know prints its own
        path.
          thumbgen lookup example-site/renditions.json photos/beach.jpg --slot thumb --scale 3
          thumbgen lookup example-site/renditions.json photos/beach.jpg --pixels 400x300
          thumbgen lookup example-site/renditions.json photos/beach.jpg --slot card --scale 2 --accept image/avif
        """

    /// `--accept` is `lookup`'s alone.
    static func takes(_ option: String, in request: Request) -> Bool { option == "--accept" }

    static func parse(_ words: [String], options: [String: String], into request: inout Request) throws(UsageError) {
        let usage = "usage: thumbgen lookup INDEX IMAGE (--slot S --scale N | --pixels WxH)"
        guard words.count == 2 else { throw UsageError(usage) }
        request.lookupIndex = words[0]
        request.lookupImage = words[1]
        if let pixels = options["--pixels"] {
            guard let (width, height) = WxH.pixels(pixels) else {
                throw UsageError("--pixels must be WIDTHxHEIGHT in pixels, like 640x480, but it is '\(pixels)'")
            }
            request.lookupPixels = PixelSize(width: width, height: height)
        } else if let slot = options["--slot"], let scaleText = options["--scale"] {
            guard let scale = ExactDecimal(parsing: scaleText), !scale.isZero else {
                throw UsageError("--scale must be a number above 0, like 2 or 1.5, but it is '\(scaleText)'")
            }
            request.lookupSlot = slot
            request.lookupScale = scale.doubleValue
        } else {
            throw UsageError(usage)
        }
    }

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
