import Foundation
import FuzzSupport

/// The manifest parser and validator, over a small real folder so globs have files to match.
let folder: URL = {
    let url = URL(fileURLWithPath: "/dev/shm/thumbgen-fuzz-site-\(getpid())")
    try? FileManager.default.createDirectory(at: url.appendingPathComponent("photos"), withIntermediateDirectories: true)
    for name in ["photos/a.jpg", "photos/b.png", "c.jpg"] {
        FileManager.default.createFile(atPath: url.appendingPathComponent(name).path, contents: Data([0xFF, 0xD8, 0xFF]))
    }
    return url
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    _ = try? ManifestLoader.load(bytes: Array(UnsafeBufferPointer(start: data, count: size)), file: "manifest.yaml", directory: folder)
    return 0
}
