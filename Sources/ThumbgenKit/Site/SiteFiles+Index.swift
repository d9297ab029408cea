import Renditions

extension SiteFiles {
    /// The index a build wrote at `paths.index` (below this root), for `export`; the error names
    /// the index as the manifest gives it. `IndexStore.read` is the read itself.
    package func readIndex(_ paths: IndexPaths) throws -> RenditionIndex {
        try IndexStore(files: self).read(paths.index)
    }
}
