import FoundationEssentials
import Renditions

/// `thumbgen lookup`: what a client using the `Renditions` library would show.
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
        if let pixels = request.lookupPixels {
            console.out(index.bestFile(image: image, width: pixels.width, height: pixels.height) + "\n")
        } else if let slot = request.lookupSlot, let scale = request.lookupScale {
            console.out(index.file(image: image, slot: slot, scale: scale) + "\n")
        }
    }
}
