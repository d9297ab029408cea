import ImageCodecs
import Raster
import Renditions

/// One image's files, made and encoded (or taken from the shared cache), before they are
/// written: the files by path, their records by fallback path, the placeholder, and what the
/// decoder left out. Both ways fill it through `add`, so a file from the cache is recorded
/// byte for byte as one made here.
struct MadeImage {
    var files: [(path: String, bytes: [UInt8])] = []
    var records: [String: RenditionRecord] = [:]
    var placeholder: PlaceholderRecord?
    var warnings: [String] = []
    /// The point a `focus: auto` render placed its crops around.
    var focus: Focus?

    /// One rendition: its fallback at `rendition.file` and each modern file beside it.
    mutating func add(_ rendition: PlannedRendition, size: PixelSize, fallback: [UInt8], fallbackFormat: OutputFormat,
                      modern: [(format: OutputFormat, bytes: [UInt8])], paths: IndexPaths) {
        files.append((rendition.file, fallback))
        var sources: [SourceRecord] = []
        for (format, bytes) in modern {
            let path = RenditionNaming.modernPath(beside: rendition.file, format: format)
            files.append((path, bytes))
            sources.append(SourceRecord(bytes: bytes.count, file: paths.relative(path), type: format.mediaType))
        }
        records[rendition.file] = RenditionRecord(bytes: fallback.count, file: paths.relative(rendition.file),
                                                  height: size.height, sources: sources.isEmpty ? nil : sources,
                                                  type: fallbackFormat.mediaType, width: size.width)
    }
}
