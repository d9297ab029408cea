#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where an app keeps the files the index names: the index's folder structure kept (a folder
/// reference in Xcode, a Linux install folder), or flattened (an Xcode group copies every file
/// into the bundle's top level).
public enum FolderLayout: String, Sendable {
    /// `images/a.Thumbnail(96x96).jpg` stays `images/a.Thumbnail(96x96).jpg`.
    case kept
    /// `images/a.Thumbnail(96x96).jpg` is `a.Thumbnail(96x96).jpg`.
    case flattened
}

extension RenditionIndex {
    /// A path the index gives (relative to its folder) as it lies in a copy of that folder.
    public static func path(_ file: String, layout: FolderLayout) -> String {
        switch layout {
        case .kept: file
        case .flattened: PathBytes.afterLastSlash(file)
        }
    }

    /// The URL of a path the index gives, in `folder` (the index's folder, or its copy); nil for
    /// an absolute path or one with empty or `.` parts: an index is untrusted input. (`..` stays:
    /// an index in a folder of its own names the images above it so.) Split by bytes (`PathBytes`).
    public static func url(_ file: String, in folder: URL, layout: FolderLayout = .kept) -> URL? {
        let parts = PathBytes.parts(path(file, layout: layout), omittingEmpty: false)
        guard !file.hasPrefix("/"), !parts.isEmpty, !parts.contains(where: { $0.isEmpty || PathBytes.same($0, ".") }) else { return nil }
        return parts.reduce(folder) { $0.appendingPathComponent($1, isDirectory: false) }
    }
}

extension ResolvedImage {
    /// This file's URL in `folder` (the index's folder or its copy), with that folder's layout.
    public func url(in folder: URL, layout: FolderLayout = .kept) -> URL? {
        RenditionIndex.url(file, in: folder, layout: layout)
    }
}
