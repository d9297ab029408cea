import FoundationEssentials
import Renditions

extension SiteFiles {
    /// The index a build wrote at `paths.index` (below this root), for the commands that read it
    /// (`report`, `html`, `export`). The error names the index as the manifest gives it.
    package func readIndex(_ paths: IndexPaths) throws -> RenditionIndex {
        guard let bytes = read(paths.index, limit: 1 << 30) else {
            throw RenditionIndexError("\(paths.index): cannot read the index: there is no such file")
        }
        return try RenditionIndex.decode(Data(bytes), name: paths.index)
    }
}
