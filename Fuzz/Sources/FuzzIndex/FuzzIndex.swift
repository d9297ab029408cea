import Foundation
import FuzzSupport
import Renditions
@testable import ThumbgenKit

/// The index is untrusted input (anyone may edit it): reading it, and everything the generator
/// and the clients compute from it, must never crash, and never yield a path that leaves root.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIndex(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let index = try? RenditionIndex.decode(Data(bytes: data, count: size)) else { return 0 }
    _ = index.encoded()
    _ = DecodedMemory(index: index)
    _ = DownloadBytes(index: index)
    for folder in ["", "out", "a/b"] {
        let paths = IndexPaths(indexPath: folder.isEmpty ? "renditions.json" : folder + "/renditions.json")
        let owned = IndexFileList.files(of: index, paths: paths)
        for path in owned {
            precondition(!path.hasPrefix("/") && !path.split(separator: "/").contains(".."), "a listed file leaves root: \(path)")
            precondition(RenditionNaming.isRenditionName(path), "an owned file is no rendition name: \(path)")
        }
        // Under its own image, a file the index names is owned or foreign, never both.
        for (image, record) in index.images {
            let original = paths.rootRelative(image) ?? image
            let mine = Set(IndexFileList.files(of: record, image: original, paths: paths))
            precondition(mine.allSatisfy { RenditionNaming.couldBeRendition($0, of: original) }, "owned under a name thumbgen never writes")
        }
        _ = IndexFileList.foreignFiles(of: index, paths: paths)
    }
    // lookup answers only when every path is one the index could hold.
    if index.firstUncontainedPath == nil {
        for (image, record) in index.images {
            for entry in record.renditions.values { precondition(RenditionIndex.isContained(entry.file, image: image)) }
        }
    }
    for (image, record) in index.images.prefix(8) {
        for slot in Array(index.slots.keys.prefix(4)) + ["unknown"] {
            for scale in [0.5, 1, 2, 3] {
                _ = index.resolve(image: image, slot: slot, screenScale: scale).file(accepting: ["image/avif", "image/webp"])
                _ = index.file(image: image, slot: slot, scale: scale)
            }
            _ = index.srcset(image: image, slot: slot)
            _ = index.candidates(image: image, slot: slot)
            _ = index.sizes(image: image, slot: slot)
        }
        _ = index.bestFile(image: image, width: 100, height: 100)
        if let hash = record.placeholder?.thumbhash { _ = ThumbHashImage(base64: hash) }
    }
    return 0
}
