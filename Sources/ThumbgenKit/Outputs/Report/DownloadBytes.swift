import Renditions

/// Bytes a client downloads to show every `(slot, scale)` of every image: the original each time,
/// against the file the index picks for a browser that shows every format written (the first
/// modern source when there is one, else the fallback).
public struct DownloadBytes: Sendable, Equatable {
    public var originals = 0
    public var renditions = 0

    public init(index: RenditionIndex) {
        func add(_ a: Int, _ b: Int) -> Int { a > Int.max - b ? Int.max : a + b }
        for record in index.images.values {
            for entry in record.renditions.values {
                originals = add(originals, max(0, record.bytes))
                renditions = add(renditions, max(0, entry.sources?.first?.bytes ?? entry.bytes))
            }
        }
    }
}
