/// Asset catalogs below root belong to thumbgen (`thumbgen export xcassets` writes them): no
/// glob takes their files for originals. Without this a build after an export into root globbed
/// the imagesets' files, wrote renditions into the imagesets, and the next export nested those in
/// the catalog again (3 images became 7). Xcode knows a catalog by its folder's extension, so
/// this does too: any folder whose name ends in `.xcassets`, in any case, and all it holds.
enum AssetCatalogFolders {
    /// True for a folder name Xcode takes for an asset catalog.
    static func isCatalog(_ name: some StringProtocol) -> Bool {
        name.count > ".xcassets".count && name.lowercased().hasSuffix(".xcassets")
    }

    /// True when a file (its path's segments, relative to root) lies inside a catalog.
    static func holds(_ path: [Substring]) -> Bool {
        path.dropLast().contains { isCatalog($0) }
    }
}
