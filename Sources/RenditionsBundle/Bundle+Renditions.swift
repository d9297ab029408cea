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
        var folders = path.split(separator: "/").map(String.init)
        guard let name = folders.popLast(), !folders.contains(".."), !path.hasPrefix("/") else { return nil }
        let inside = ([subdirectory].compactMap { $0 } + folders).joined(separator: "/")
        return url(forResource: name, withExtension: nil, subdirectory: inside.isEmpty ? nil : inside)
    }

    /// The URL of what `resolved` names, in this bundle; nil when it is not there (an image the
    /// index does not know is usually not).
    public func url(for resolved: ResolvedImage, layout: FolderLayout, subdirectory: String? = nil) -> URL? {
        renditionURL(resolved.file, layout: layout, subdirectory: subdirectory)
    }
}
