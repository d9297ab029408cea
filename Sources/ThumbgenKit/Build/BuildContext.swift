import ImageCodecs
import Renditions

/// What every image job of one build shares: the manifest, the files under root and who owns
/// them, the previous index and what of it may be kept.
struct BuildContext: Sendable {
    let manifest: Manifest
    let paths: IndexPaths
    let files: SiteFiles
    let ownership: Ownership
    /// Nil for `check`, which writes nothing.
    let journal: BuildJournal?
    let reuse: ReusePolicy
    let statCache: StatCache
    let memory: MemoryBudget
    /// Where `--verbose` hears the stages' decisions; nil says nothing.
    let narrator: Narrator?
    /// The shared cache; nil without one.
    var cache: RenditionCache? = nil

    /// The encoder settings as the index records them.
    var outputRecord: OutputRecord { OutputRecords.record(manifest.output) }

    var decodeLimits: DecodeLimits {
        let limits = manifest.limits
        return DecodeLimits(pixels: limits.pixels, memoryBytes: limits.memoryMB << 20, scans: limits.scans)
    }

    func absolutePath(_ relative: String) -> String {
        manifest.root.path + "/" + relative
    }
}
