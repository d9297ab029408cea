import Glibc
import ImageCodecs
import Raster
import Renditions

/// One original through the stages, in order: identify → probe and plan → reuse → render and
/// encode → write → record. Each stage is a type of its own in Stages/ (`OriginalIdentity`,
/// `ImageProbe`, `PlannedImage`, `ReusePolicy`, `Renderer`, `RenditionEncoder`,
/// `RenditionWriter`, `RecordMaker`); `run` is the script, and each step below it turns one
/// stage's answer into the image's outcome, or stops the script with it.
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

    /// The image's outcome is known before the last stage: the script stops with it.
    struct Finished: Error {
        var outcome: ImageOutcome
    }

    private var records: RecordMaker { RecordMaker(paths: context.paths, entry: entry, slots: slots) }
    private var absolutePath: String { context.absolutePath(entry.path) }

    func run() -> ImageOutcome {
        var outcome = ImageOutcome(path: entry.path)
        do throws(Finished) {
            let original = try open(outcome)
            let identity = try identify(original, &outcome)
            let (header, facts) = try probe(original, identity, outcome)
            let planned = PlannedImage(header: header, path: entry.path, slots: slots, focus: entry.focus?.point, colour: context.manifest.output.colour)
            let recipe = Recipe(sha256: identity.sha256, planned: planned, slots: slots, focus: entry.focus, output: context.manifest.output)
            let expected = try expect(planned, facts: facts, recipe: recipe, outcome)
            try reuse(planned, recipe: recipe, expected: expected, facts: facts, outcome)
            let made = try make(original, planned, facts: facts, recipe: recipe, expected: expected, outcome)
            try write(made, facts: facts, recipe: recipe, &outcome)
            outcome.record = records.resized(facts, plan: planned.plan, files: made.records, recipe: recipe.fingerprint,
                                             placeholder: made.placeholder, found: made.focus)
            return outcome
        } catch {
            return error.outcome
        }
    }

    /// Open: the original, once, beneath root; identify, probe and render all read this descriptor.
    private func open(_ outcome: ImageOutcome) throws(Finished) -> FileBytes {
        let failure: OriginalIdentity.ReadFailure
        do {
            let descriptor = try StageClock.measure(.readHash) { () throws(OpenFailure) in try context.files.openOriginal(entry.path) }
            do {
                return try FileBytes(descriptor: descriptor)
            } catch {
                failure = OriginalIdentity.ReadFailure(code: errno)
            }
        } catch {
            failure = OriginalIdentity.ReadFailure(code: error.code)
        }
        throw unread(failure, outcome)
    }

    /// Identify: the original's size, time and hash (from the stat cache when they match).
    private func identify(_ original: FileBytes, _ outcome: inout ImageOutcome) throws(Finished) -> OriginalIdentity {
        switch StageClock.measure(.readHash, { OriginalIdentity.read(file: original, cache: context.statCache, key: entry.path) }) {
        case .success(let identity):
            outcome.hashed = identity.cacheEntry
            outcome.stamp = FileStamp(descriptor: original.descriptor)
            return identity
        case .failure(let failure):
            throw unread(failure, outcome)
        }
    }

    /// The original could not be read: a failure of the machine stops the build, any other is
    /// the image's.
    private func unread(_ failure: OriginalIdentity.ReadFailure, _ outcome: ImageOutcome) -> Finished {
        var outcome = outcome
        if MachineFailure.isMachine(failure.code) {
            outcome.stop = MachineFailure.stop(path: absolutePath, failure)
            return Finished(outcome: outcome)
        }
        let facts = OriginalFacts(bytes: FileStat(path: absolutePath)?.size ?? 0, sha256: "", header: nil)
        return Finished(outcome: failed(outcome, facts, .io(failure.reason)))
    }

    /// Probe: the header and the limits. An image that is not resized shows its original.
    private func probe(_ original: FileBytes, _ identity: OriginalIdentity, _ outcome: ImageOutcome) throws(Finished) -> (ImageHeader, OriginalFacts) {
        let probe = StageClock.measure(.probe) { ImageProbe.probe(file: original, limits: context.manifest.limits) }
        let facts = OriginalFacts(bytes: identity.stat.size, sha256: identity.sha256, header: probe.header)
        if let header = probe.header, probe.readability == .decodable { return (header, facts) }
        var outcome = outcome
        if let code = probe.machineFailure {
            outcome.stop = MachineFailure.stop(path: absolutePath, OriginalIdentity.ReadFailure(code: code))
            throw Finished(outcome: outcome)
        }
        switch probe.readability {
        case .unreadable(let error):
            throw Finished(outcome: failed(outcome, facts, error))
        case .unsupported(let reason):
            outcome.record = records.showingOriginal(facts, status: .unsupported)
            outcome.problems.append(ImageProblem(kind: .unsupported, file: entry.path, message: reason))
        default:
            outcome.record = records.showingOriginal(facts, status: probe.status)
        }
        context.narrator?.say(entry.path, "shows its original: \(probe.status.rawValue)")
        throw Finished(outcome: outcome)
    }

    /// The record this build would write for the plan, but for the files' bytes; a name longer
    /// than the file system allows stops the image here.
    private func expect(_ planned: PlannedImage, facts: OriginalFacts, recipe: Recipe, _ outcome: ImageOutcome) throws(Finished) -> ImageRecord {
        let plan = planned.plan
        if plan.renditions.contains(where: { !NameLength.fits($0.file, root: context.manifest.root.path) }) {
            throw Finished(outcome: failed(outcome, facts, .io(Self.writeFailure + "the rendition's name is longer than the file system allows; shorten the original's name"),
                                           recipe: recipe))
        }
        return plan.renditions.isEmpty ? records.showingOriginal(facts, status: .fits, recipe: recipe.fingerprint)
            : records.expected(facts, plan: plan, fallback: planned.fallback, recipe: recipe.fingerprint)
    }

    /// Reuse: keep the previous build's files when they are still what this one would make;
    /// `check` stops here with what a build would write.
    private func reuse(_ planned: PlannedImage, recipe: Recipe, expected: ImageRecord, facts: OriginalFacts,
                       _ outcome: ImageOutcome) throws(Finished) {
        var outcome = outcome
        let decision = context.reuse.decide(path: entry.path, recipe: recipe, expected: expected, files: context.files,
                                            context: RecipeContext(sha256: facts.sha256, limits: context.manifest.limits, slots: slots,
                                                                   focus: entry.focus?.point.map { [$0.x, $0.y] }, focusIsAuto: entry.focus == .auto,
                                                                   output: context.outputRecord),
                                            narrator: context.narrator)
        switch decision {
        case .keep(let kept) where kept.status == .unreadable:
            outcome.record = records.showingOriginal(facts, status: .unreadable, error: kept.error, recipe: kept.recipe)
            outcome.problems.append(ImageProblem(kind: .unreadable, file: entry.path, message: kept.error ?? "unreadable"))
        case .keep(let kept):
            outcome.record = kept
            outcome.reused = IndexFileList.files(of: kept, image: entry.path, paths: context.paths)
        case .redo where planned.plan.renditions.isEmpty && checkOnly:
            break
        case .redo(let reasons) where checkOnly:
            outcome.stale = reasons
            outcome.pending = planned.files(formats: context.manifest.output.formats)
        case .redo:
            return
        }
        throw Finished(outcome: outcome)
    }

    /// Render and encode, under the memory budget.
    private func make(_ original: FileBytes, _ planned: PlannedImage, facts: OriginalFacts, recipe: Recipe, expected: ImageRecord,
                      _ outcome: ImageOutcome) throws(Finished) -> MadeImage {
        let placeholder = context.manifest.output.placeholder != .none
        let renditions = planned.plan.renditions
        if renditions.isEmpty && !placeholder {
            var outcome = outcome
            outcome.record = expected
            throw Finished(outcome: outcome)
        }
        // The shared cache before any decode: a hit is these files, checked, as if made here.
        if let cached = context.cache?.fetch(recipe, planned: planned, paths: context.paths) {
            context.narrator?.say(entry.path, "taken from the shared cache: its recipe's files were there")
            return cached
        }
        let largest = renditions.map(\.geometry.size.area).max() ?? 0
        let render = Renderer.memoryEstimate(header: planned.header, renditions: renditions, placeholder: placeholder,
                                             autoFocus: entry.focus == .auto)
        let encode = RenditionEncoder.memoryEstimate(pixels: largest, fallback: planned.fallback)
        let estimate = render > Int.max - encode ? Int.max : render + encode
        do {
            try context.memory.reserve(estimate)
        } catch {
            throw Finished(outcome: failed(outcome, facts, error, recipe: recipe))
        }
        defer { context.memory.release(estimate) }
        do {
            let made = try renderAndEncode(original, planned, placeholder: placeholder)
            context.cache?.store(made, recipe: recipe, planned: planned)
            return made
        } catch {
            // A decoder throws `io` straight after the read(2) or dup(2) that failed.
            let code = errno
            if case .io = error, MachineFailure.isMachine(code) {
                var outcome = outcome
                outcome.stop = MachineFailure.stop(path: absolutePath, OriginalIdentity.ReadFailure(code: code))
                throw Finished(outcome: outcome)
            }
            throw Finished(outcome: failed(outcome, facts, error, recipe: recipe))
        }
    }

    /// Renders and encodes every rendition: the files to write and their records by fallback path.
    private func renderAndEncode(_ original: FileBytes, _ planned: PlannedImage, placeholder: Bool) throws(CodecError) -> MadeImage {
        let encoder = RenditionEncoder(output: context.manifest.output, fallback: planned.fallback)
        var rendered = try Renderer.render(original: original, header: planned.header, renditions: planned.plan.renditions,
                                           limits: context.decodeLimits, placeholder: placeholder, planes: encoder.takesPlanes,
                                           autoFocus: entry.focus == .auto, narrator: context.narrator, file: entry.path)
        if context.manifest.output.colour == .srgb { rendered = SRGBRendering.converted(rendered) }
        var made = MadeImage(warnings: rendered.source.warnings, focus: rendered.focus)
        let encoded = try encoder.encode(rendered.renditions, source: rendered.source)
        for ((rendition, pixels), files) in zip(rendered.renditions, encoded) {
            made.add(rendition, size: pixels.size, fallback: files.fallback, fallbackFormat: planned.fallback,
                     modern: files.modern, paths: context.paths)
        }
        made.placeholder = StageClock.measure(.placeholder) { rendered.placeholder.flatMap { Placeholders.record($0.rgba) } }
        return made
    }

    /// Write: every file of the image, all or none.
    private func write(_ made: MadeImage, facts: OriginalFacts, recipe: Recipe, _ outcome: inout ImageOutcome) throws(Finished) {
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
                throw Finished(outcome: failed(outcome, facts, .io(Self.writeFailure + failure.reason), recipe: recipe))
            }
            throw Finished(outcome: outcome)
        }
        outcome.bytesWritten = made.files.reduce(0) { $0 + $1.bytes.count }
        // What the decoder left out of the renditions (a dropped ICC profile), said once per decode.
        outcome.problems += made.warnings.map { ImageProblem(kind: .leftOut, file: entry.path, message: $0) }
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
            context.narrator?.say(entry.path, "keeps its previous renditions: \(error.description)")
            return outcome
        }
        // A verdict on the bytes, or on the bytes under these limits, is kept with its
        // fingerprint; a failure of the moment is not, so the next build tries again.
        let verdict = recipe.map { $0.verdictFingerprint(limits: context.manifest.limits) }
        let keep = error.isVerdictOnContent || { if case .overLimit = error { true } else { false } }()
        outcome.record = records.showingOriginal(facts, status: .unreadable, error: error.description, recipe: keep ? verdict : nil)
        outcome.problems.append(ImageProblem(kind: .unreadable, file: entry.path, message: error.description))
        context.narrator?.say(entry.path, "shows its original: \(error.description)" + (keep ? "; the verdict is kept until the file or the limits change" : "; tried again next build"))
        return outcome
    }
}
