import Foundation
import ImageCodecs
import Raster

// Makes the example site's originals, deterministically: `example-originals FOLDER`. A file is
// rewritten only when its bytes change, so thumbgen's incremental builds stay no-ops.

let folder = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "example-site/images"
guard CommandLine.arguments.count <= 2, !folder.hasPrefix("-") else {
    FileHandle.standardError.write(Data("usage: ExampleOriginals [FOLDER] (default example-site/images)\n".utf8))
    exit(2)
}
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)

func save(_ name: String, _ bytes: [UInt8]) {
    let path = folder + "/" + name
    if let existing = FileManager.default.contents(atPath: path), [UInt8](existing) == bytes { return }
    FileManager.default.createFile(atPath: path, contents: Data(bytes))
    print("example-originals: wrote \(name) (\(bytes.count / 1024) KiB)")
}

func jpeg(_ pixels: PixelBuffer, quality: Int = 88, progressive: Bool = false, grey: Bool = false, orientation: Int? = nil) -> [UInt8] {
    var options = JPEGEncoder.Options(quality: quality, progressive: progressive)
    options.grayscale = grey
    options.exif = orientation.map { EXIFOrientation.payload(value: $0) }
    return try! JPEGEncoder.encode(pixels, options: options)
}

/// Stored pixels for EXIF orientation 6: the upright picture turned a quarter to the left.
func storedForOrientation6(_ upright: PixelBuffer) -> PixelBuffer {
    var stored = PixelBuffer(width: upright.height, height: upright.width, hasAlpha: false)
    for y in 0..<stored.height {
        for x in 0..<stored.width { stored[x, y] = upright[stored.height - 1 - y, x] }
    }
    return stored
}

save("lake.jpg", jpeg(Scene.lake.render(width: 4800, height: 3200, seed: 1)))
save("forest-portrait.jpg", jpeg(Scene.forest.render(width: 3000, height: 4500, seed: 2)))
save("canyon-rotated.jpg", jpeg(storedForOrientation6(Scene.canyon.render(width: 2400, height: 3600, seed: 3)), orientation: 6))
save("coast-progressive.jpg", jpeg(Scene.coast.render(width: 4000, height: 2667, seed: 4), progressive: true))
save("dunes-grey.jpg", jpeg(Scene.dunes.render(width: 3600, height: 2400, seed: 5), grey: true))
save("city-night.jpg", jpeg(Scene.city.render(width: 4000, height: 3000, seed: 6)))
save("aurora-panorama.jpg", jpeg(Scene.aurora.render(width: 6000, height: 2000, seed: 7)))
save("summer (2024) café.jpg", jpeg(Scene.lake.render(width: 2000, height: 1333, seed: 8)))
save("badge.png", try PNGEncoder.encode(Badge.render(size: 1600), options: PNGEncoder.Options(compression: 6)))
save("icon.png", try PNGEncoder.encode(Badge.render(size: 48), options: PNGEncoder.Options(compression: 6)))
save("spinner.gif", Spinner.gif(size: 160, frames: 8))
// An upload cut short: the index must point to the original, and the page must still show something.
let broken = jpeg(Scene.city.render(width: 1600, height: 1200, seed: 9))
save("broken-upload.jpg", Array(broken.prefix(broken.count / 3)))
