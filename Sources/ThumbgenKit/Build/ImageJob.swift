import Glibc
import ImageCodecs
import Raster
import Renditions

/// One original through the stages, in order: identify → probe → plan → keep what is still
/// good → render → encode → write → record. Each stage is a type of its own; this is the script.
struct ImageJob: Sendable {
    let entry: ImageEntry
    let context: BuildContext
    let slots: [Slot]
    /// `check`: find what a build would do, reading files but never decoding or writing.
    let checkOnly: Bool

    init(entry: ImageEntry, context: BuildContext, checkOnly: Bool = false) {
        self.entry = entry
        self.context = context
        self.checkOnly = checkOnly
        slots = entry.slots.compactMap { context.manifest.slot(named: $0) }
    }

    private var records: RecordMaker { RecordMaker(paths: context.paths, entry: entry, slots: slots) }

    func run() -> ImageOutcome {
        var outcome = ImageOutcome(path: entry.path)
        let absolutePath = context.absolutePath(entry.path)
        let identity: OriginalIdentity
        switch StageClock.measure(.readHash, { OriginalIdentity.read(path: absolutePath, cache: context.statCache, key: entry.path) }) {
        case .success(let read):
            identity = read
        case .failure(let failure) where MachineFailure.isMachine(failure.code):
            outcome.stop = MachineFailure.stop(path: absolutePath, failure)
            return outcome
        case .failure(let failure):
            let facts = OriginalFacts(bytes: FileStat(path: absolutePath)?.size ?? 0, sha256: "", header: nil)
            return failed(outcome, facts, .io(failure.reason))
        }
        outcome.hashed = identity.cacheEntry
        let probe = StageClock.measure(.probe) { ImageProbe.probe(path: absolutePath, limits: context.manifest.limits) }
        var facts = OriginalFacts(bytes: identity.stat.size, sha256: identity.sha256, header: probe.header)
        guard let header = probe.header, probe.readability == .decodable else {
            if let code = probe.machineFailure {
                outcome.stop = MachineFailure.stop(path: absolutePath, OriginalIdentity.ReadFailure(code: code))
                return outcome
            }
            switch probe.readability {
            case .unreadable(let error):
                return failed(outcome, facts, error)
            case .unsupported(let reason):
                outcome.record = records.showingOriginal(facts, status: .unsupported)
                outcome.problems.append(ImageProblem(kind: .unsupported, file: entry.path, message: reason))
            default:
                outcome.record = records.showingOriginal(facts, status: probe.status)
            }
            return outcome
        }

        let fallback = Formats.fallback(for: header)
        let converts = Formats.converts(header)
        let plan = ImagePlan(path: entry.path, original: header.uprightSize, slots: slots, focus: entry.focus,
                             extension: fallback.fileExtension(for: entry.path), convertsOriginal: converts)
        let recipe = Recipe(sha256: identity.sha256, original: header.format, fallback: fallback, slots: slots, focus: entry.focus, output: context.manifest.output,
                            convertsOriginal: converts)
        if plan.renditions.contains(where: { !NameLength.fits($0.file, root: context.manifest.root.path) }) {
            return failed(outcome, facts, .io(Self.writeFailure + "the rendition's name is longer than the file system allows; shorten the original's name"),
                          recipe: recipe)
        }
        let expected = plan.renditions.isEmpty ? records.showingOriginal(facts, status: .fits, recipe: recipe.fingerprint)
            : records.expected(facts, plan: plan, fallback: fallback, recipe: recipe.fingerprint)
        switch context.reuse.decide(path: entry.path, recipe: recipe, expected: expected, files: context.files,
                                    context: RecipeContext(sha256: identity.sha256, limits: context.manifest.limits, slots: slots,
                                                           focus: entry.focus.map { [$0.x, $0.y] }, output: context.outputRecord)) {
        case .keep(let kept) where kept.status == .unreadable:
            outcome.record = records.showingOriginal(facts, status: .unreadable, error: kept.error, recipe: kept.recipe)
            outcome.problems.append(ImageProblem(kind: .unreadable, file: entry.path, message: kept.error ?? "unreadable"))
            return outcome
        case .keep(let kept):
            outcome.record = kept
            outcome.reused = IndexFileList.files(of: kept, image: entry.path, paths: context.paths)
            return outcome
        case .redo where plan.renditions.isEmpty && checkOnly:
            return outcome
        case .redo(let reasons) where checkOnly:
            outcome.stale = reasons
            let formats = context.manifest.output.formats
            outcome.pending = plan.renditions.flatMap { rendition in
                [rendition.file] + formats.map { RenditionNaming.modernPath(beside: rendition.file, format: $0) }
            }
            return outcome
        case .redo:
            break
        }

        // Render, encode and write, under the memory budget.
        let placeholder = context.manifest.output.placeholder != .none
        if plan.renditions.isEmpty && !placeholder {
            outcome.record = expected
            return outcome
        }
        let largest = plan.renditions.map(\.geometry.size.area).max() ?? 0
        let render = Renderer.memoryEstimate(header: header, renditions: plan.renditions, placeholder: placeholder)
        let encode = RenditionEncoder.memoryEstimate(pixels: largest, fallback: fallback)
        let estimate = render > Int.max - encode ? Int.max : render + encode
        do {
            try context.memory.reserve(estimate)
        } catch {
            return failed(outcome, facts, error, recipe: recipe)
        }
        defer { context.memory.release(estimate) }
        let made: (files: [(path: String, bytes: [UInt8])], records: [String: RenditionRecord], placeholder: PlaceholderRecord?, warnings: [String])
        do {
            made = try make(plan, header: header, fallback: fallback, placeholder: placeholder)
        } catch {
            // A decoder throws `io` straight after the open(2) or read(2) that failed.
            let code = errno
            if case .io = error, MachineFailure.isMachine(code) {
                outcome.stop = MachineFailure.stop(path: absolutePath, OriginalIdentity.ReadFailure(code: code))
                return outcome
            }
            return failed(outcome, facts, error, recipe: recipe)
        }
        facts.header = header
        let writer = RenditionWriter(files: context.files, ownership: context.ownership, journal: context.journal)
        do {
            outcome.written = try StageClock.measure(.write) { () throws(WriteProblem) in try writer.write(made.files) }
        } catch {
            switch error {
            case .inTheWay(let path, let reason):
                outcome.record = records.showingOriginal(facts, status: .unreadable, error: Self.writeFailure + "\(path) \(reason)")
                outcome.problems.append(ImageProblem(kind: .inTheWay, file: path, message: reason))
            case .failed(let failure) where MachineFailure.stopsBuild(failure):
                outcome.stop = MachineFailure.explained(failure)
            case .failed(let failure):
                return failed(outcome, facts, .io(Self.writeFailure + failure.reason), recipe: recipe)
            }
            return outcome
        }
        outcome.bytesWritten = made.files.reduce(0) { $0 + $1.bytes.count }
        // What the decoder left out of the renditions (a dropped ICC profile), said once per decode.
        outcome.problems += made.warnings.map { ImageProblem(kind: .leftOut, file: entry.path, message: $0) }
        outcome.record = records.resized(facts, plan: plan, files: made.records, recipe: recipe.fingerprint, placeholder: made.placeholder)
        return outcome
    }

    /// Renders and encodes every rendition: the files to write and their records by fallback path.
    private func make(_ plan: ImagePlan, header: ImageHeader, fallback: OutputFormat, placeholder: Bool) throws(CodecError)
        -> (files: [(path: String, bytes: [UInt8])], records: [String: RenditionRecord], placeholder: PlaceholderRecord?, warnings: [String]) {
        let encoder = RenditionEncoder(output: context.manifest.output, fallback: fallback)
        let rendered = try Renderer.render(path: context.absolutePath(entry.path), header: header, renditions: plan.renditions,
                                           limits: context.decodeLimits, placeholder: placeholder, planes: encoder.takesPlanes)
        var files: [(path: String, bytes: [UInt8])] = []
        var records: [String: RenditionRecord] = [:]
        for (rendition, pixels) in rendered.renditions {
            let encoded = try encoder.encode(pixels, source: rendered.source)
            files.append((rendition.file, encoded.fallback))
            var sources: [SourceRecord] = []
            for (format, bytes) in encoded.modern {
                let path = RenditionNaming.modernPath(beside: rendition.file, format: format)
                files.append((path, bytes))
                sources.append(SourceRecord(bytes: bytes.count, file: context.paths.relative(path), type: format.mediaType))
            }
            records[rendition.file] = RenditionRecord(bytes: encoded.fallback.count, file: context.paths.relative(rendition.file),
                                                      height: pixels.size.height, sources: sources.isEmpty ? nil : sources,
                                                      type: fallback.mediaType, width: pixels.size.width)
        }
        return (files, records, StageClock.measure(.placeholder) { rendered.placeholder.flatMap { Placeholders.record($0.rgba) } },
                rendered.source.warnings)
    }

    /// How the reason begins when an image's files could not be written.
    static let writeFailure = "cannot write its renditions: "

    /// The image shows its original: `error` says why. A verdict on the file's bytes is kept with
    /// the recipe, so the next build does not decode it again; anything else (memory, a read
    /// error, a limit) is tried again, and meanwhile the previous build's renditions stay when
    /// they are all still there.
    private func failed(_ outcome: ImageOutcome, _ facts: OriginalFacts, _ error: CodecError, recipe: Recipe? = nil) -> ImageOutcome {
        var outcome = outcome
        if error.isFailureOfMachine, let old = context.reuse.record(for: entry.path), old.status == .resized,
           IndexFileList.allPresent(old, image: entry.path, paths: context.paths, files: context.files),
           Set(old.renditions.keys) == Set(records.showingOriginal(facts, status: .unreadable).renditions.keys) {
            outcome.record = old
            outcome.reused = IndexFileList.files(of: old, image: entry.path, paths: context.paths)
            outcome.problems.append(ImageProblem(kind: .keptPrevious, file: entry.path,
                                                 message: "\(error.description); its previous renditions stay until a build can make them again"))
            return outcome
        }
        // A verdict on the bytes, or on the bytes under these limits, is kept with its
        // fingerprint; a failure of the moment is not, so the next build tries again.
        let verdict = recipe.map { $0.verdictFingerprint(limits: context.manifest.limits) }
        let keep = error.isVerdictOnContent || { if case .overLimit = error { true } else { false } }()
        outcome.record = records.showingOriginal(facts, status: .unreadable, error: error.description, recipe: keep ? verdict : nil)
        outcome.problems.append(ImageProblem(kind: .unreadable, file: entry.path, message: error.description))
        return outcome
    }
}
