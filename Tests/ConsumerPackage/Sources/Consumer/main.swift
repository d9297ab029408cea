// Loads an index and prints what an app shows for an image in a slot at a screen scale.
// usage: Consumer INDEX IMAGE SLOT SCALE
import Foundation
import Renditions
import RenditionsBundle

let arguments = CommandLine.arguments
guard arguments.count == 5, let screenScale = Double(arguments[4]) else {
    FileHandle.standardError.write(Data("usage: Consumer INDEX IMAGE SLOT SCALE\n".utf8))
    exit(2)
}
let indexURL = URL(fileURLWithPath: arguments[1])
let index = try RenditionIndex.load(from: indexURL)
let shown = index.resolve(image: arguments[2], slot: arguments[3], screenScale: screenScale)
let folder = indexURL.deletingLastPathComponent()
// What UIImage(contentsOfFile:) and UIImage(data:scale:) need: the file and the scale it was made for.
print("\(shown.file) scale \(shown.scale) \(shown.pointWidth)x\(shown.pointHeight) points \(shown.kind)")
print(shown.url(in: folder)?.path ?? "-")
print(Bundle.main.url(for: shown, layout: .flattened)?.path ?? "not in the bundle")
