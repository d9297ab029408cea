import Renditions

/// The index a build writes from its images' outcomes.
enum IndexAssembler {
    /// An image whose job did not finish (the build stopped on a full disk) keeps the previous
    /// build's record if all its files are there, and is otherwise left out: clients then show
    /// the original.
    static func assemble(_ outcomes: [ImageOutcome], context: BuildContext, generator: String) -> RenditionIndex {
        var index = RenditionIndex(generator: generator, output: context.outputRecord, rendering: Recipe.renderingVersion,
                                   slots: SlotRecords.records(context.manifest.slots))
        for outcome in outcomes {
            let key = context.paths.relative(outcome.path)
            if let record = outcome.record {
                index.images[key] = record
            } else if let old = context.reuse.record(for: outcome.path),
                      IndexFileList.allPresent(old, image: outcome.path, paths: context.paths, files: context.files) {
                index.images[key] = old
            }
        }
        return index
    }
}
