import Foundation
import FuzzSupport
import YAML

/// The manifest parser and validator, over a small real folder so globs have files to match.
let folder: URL = {
    let url = URL(fileURLWithPath: "/dev/shm/thumbgen-fuzz-site-\(getpid())")
    try? FileManager.default.createDirectory(at: url.appendingPathComponent("photos"), withIntermediateDirectories: true)
    for name in ["photos/a.jpg", "photos/b.png", "c.jpg"] {
        FileManager.default.createFile(atPath: url.appendingPathComponent(name).path, contents: Data([0xFF, 0xD8, 0xFF]))
    }
    return url
}()

/// Does the manifest's `root` leave the folder (absolute, or through '..')? Its globs would then
/// walk the machine's own files: `root: /` took 18 s under the sanitizers, against the 20 s
/// timeout, and what it finds depends on the machine. Such inputs are left out; reading a
/// folder's entries has its own test (FolderEntryTests), written when this target found
/// `root: /` overrunning readdir's buffer.
func rootLeavesFolder(_ bytes: [UInt8]) -> Bool {
    guard case .mapping(let pairs, _)? = try? YAMLParser.parse(bytes) else { return false }
    return pairs.contains { pair in
        guard case .scalar("root", _, _) = pair.key, case .scalar(let path, _, _) = pair.value else { return false }
        return path.hasPrefix("/") || path.split(separator: "/").contains("..")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if rootLeavesFolder(bytes) { return 0 }
    _ = try? ManifestLoader.load(bytes: bytes, file: "manifest.yaml", directory: folder)
    return 0
}
