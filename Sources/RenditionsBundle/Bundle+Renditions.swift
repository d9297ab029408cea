// A module of its own because `Bundle` is in Foundation, not FoundationEssentials: the generator
// links `Renditions` and stays without Foundation (7 MB less memory a process).
import Foundation
@_exported import Renditions

extension Bundle {
    /// The URL of a file the index names (relative to the index's folder), in this bundle: under
    /// `subdirectory` (where the index's folder was copied) with the folders kept, or at the top
    /// level when an Xcode group flattened them. Nil when the bundle has no such file.
    public func renditionURL(_ file: String, layout: FolderLayout, subdirectory: String? = nil) -> URL? {
        let path = RenditionIndex.path(file, layout: layout)
        // By bytes, as the file system splits it (`PathBytes`): no empty, `.` or `..` part.
        var folders = PathBytes.parts(path, omittingEmpty: false)
        guard !path.hasPrefix("/"), !folders.contains(where: { $0.isEmpty || PathBytes.same($0, ".") || PathBytes.same($0, "..") }),
              let name = folders.popLast() else { return nil }
        let inside = ([subdirectory].compactMap { $0 } + folders).joined(separator: "/")
        return url(forResource: name, withExtension: nil, subdirectory: inside.isEmpty ? nil : inside)
    }

    /// The URL of what `resolved` names, in this bundle; nil when it is not there (an image the
    /// index does not know is usually not).
    public func url(for resolved: ResolvedImage, layout: FolderLayout, subdirectory: String? = nil) -> URL? {
        renditionURL(resolved.file, layout: layout, subdirectory: subdirectory)
    }
}

extension Bundle {
    /// The index a client of `image` needs (`RenditionIndex.load(for:index:)`), from a copy of
    /// the index's folder kept whole under `subdirectory`: the slice of the image's folder when
    /// the bundle has one that knows it, else the whole index named `indexName`. Slices need the
    /// folders kept: flattened, every folder's slice would have the same name.
    public func renditionIndex(for image: String, indexName: String = IndexSlice.defaultIndexName,
                               subdirectory: String? = nil) throws -> RenditionIndex {
        if let sliceURL = renditionURL(IndexSlice.file(for: image, indexName: indexName), layout: .kept, subdirectory: subdirectory),
           let slice = RenditionIndex.loadSlice(for: image, at: sliceURL) {
            return slice
        }
        guard let url = renditionURL(indexName, layout: .kept, subdirectory: subdirectory) else {
            throw RenditionIndexError("\(indexName): cannot read the index: the bundle has no such file")
        }
        return try RenditionIndex.load(from: url)
    }
}
