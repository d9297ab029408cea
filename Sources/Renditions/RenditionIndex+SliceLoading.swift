#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension RenditionIndex {
    /// The index a client of `image` needs: the slice of its folder beside the whole index at
    /// `url` (`IndexSlice.file(for:indexName:)`), as the whole index gives it (every path relative
    /// to the whole index's folder), so every lookup answers as the whole index would. The whole
    /// index when there is no slice (an index that is not split), it cannot be read or is
    /// damaged, or it does not know the image (a slice older than the index).
    ///
    /// `image` is its path in the whole index (`photos/a.jpg`); the file name of `url` is the
    /// whole index's.
    public static func load(for image: String, index url: URL) throws -> RenditionIndex {
        let folder = url.deletingLastPathComponent()
        let sliceFile = IndexSlice.file(for: image, indexName: url.lastPathComponent)
        if let sliceURL = Self.url(sliceFile, in: folder), let slice = loadSlice(for: image, at: sliceURL) { return slice }
        return try load(from: url)
    }

    /// The slice at `url` as the whole index gives it, when it is one that knows `image`.
    public static func loadSlice(for image: String, at url: URL) -> RenditionIndex? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return slice(for: image, decoding: data, name: url.path)
    }

    /// The slice in `data` (named `name` in errors) as the whole index gives it, when it is one
    /// that knows `image`; nil otherwise.
    public static func slice(for image: String, decoding data: Data, name: String) -> RenditionIndex? {
        guard let slice = try? decode(data, name: name), slice.slices == nil, slice.shard == nil else { return nil }
        let whole = RenditionIndex(slice: slice, folder: IndexSlice.folder(of: image))
        return whole.images[image] == nil ? nil : whole
    }
}
