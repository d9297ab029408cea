import FoundationEssentials
import Glibc
import ImageCodecs
import Raster
import Renditions

/// What became of one original in a build.
struct ImageOutcome: Sendable {
    var path: String
    /// Nil only when the build stopped (a failed write) before the image was done.
    var record: ImageRecord?
    /// Rendition files written, relative to root.
    var written: [String] = []
    /// Rendition files kept from the previous build, relative to root.
    var reused: [String] = []
    var bytesWritten = 0
    /// The original's stat and hash, for the stat cache.
    var hashed: StatCache.Entry?
    /// A write that failed: the build stops with exit status 3.
    var writeError: WriteError?
    /// `check` only: rendition files a build would write, relative to root.
    var pending: [String] = []
}

/// One original: hash, reuse what the previous build made when nothing that shapes it changed,
/// else probe, plan, decode once, and make every missing rendition from that one decode.
struct ImageJob: Sendable {
    /// The resolution a shrink-on-load decode keeps over what its largest rendition needs, per
    /// axis. libvips leaves 2; with power-of-two DCT scales, 1.25 keeps every rendition of the
    /// benchmark's photographs within 43 dB of a resize from a full decode (2 gains under 1 dB)
    /// and costs a third less resampling.
    static let decodeHeadroom = 1.25

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

    private var absolutePath: String { context.absolutePath(entry.path) }

    /// What is known of the original before any rendition is made.
    private struct Facts {
        var status: ImageStatus
        var format: String
        var upright: PixelSize
        var error: String?
        var header: ImageHeader?
    }

    func run() -> ImageOutcome {
        var outcome = ImageOutcome(path: entry.path)
        guard let stat = FileStat(path: absolutePath),
              let sha256 = context.statCache.sha256(for: entry.path, stat: stat) ?? FileHash.sha256(path: absolutePath)
        else {
            let facts = Facts(status: .unreadable, format: ImageFormat.unknown.rawValue, upright: .zero,
                              error: "the file cannot be read (removed, or no permission)")
            outcome.record = record(facts, bytes: FileStat(path: absolutePath)?.size ?? 0, sha256: "", files: [:])
            return outcome
        }
        outcome.hashed = StatCache.Entry(stat: stat, sha256: sha256)
        let previous = context.previous?.images[context.paths.relative(entry.path)].flatMap {
            $0.sha256 == sha256 && !context.force ? $0 : nil
        }
        // A corrupt file stays corrupt while its content does; other verdicts are redone.
        if let previous, previous.status == .unreadable, context.previousRenditionsValid,
           let error = previous.error, Self.isContentVerdict(error) {
            let facts = Facts(status: .unreadable, format: previous.format,
                              upright: PixelSize(width: previous.width, height: previous.height), error: error)
            outcome.record = record(facts, bytes: stat.size, sha256: sha256, files: [:])
            return outcome
        }

        var facts = previous.flatMap { $0.status == .unreadable ? nil : $0 }
            .map { Facts(status: $0.status, format: $0.format, upright: PixelSize(width: $0.width, height: $0.height)) }
            ?? probe()
        // Limits lowered since the last build apply to unchanged originals too (they do not care
        // which way up the size is).
        if facts.status != .unreadable, facts.header == nil, let reason = ImageProbe.limitReason(facts.upright, context.manifest.limits) {
            facts.status = .unreadable
            facts.error = reason
        }
        let plan = ImagePlan(path: entry.path, original: facts.upright, slots: slots, focus: entry.focus)
        guard facts.status == .resized || facts.status == .fits, !plan.renditions.isEmpty else {
            outcome.record = record(facts, bytes: stat.size, sha256: sha256, files: [:], plan: plan)
            return outcome
        }

        var files: [String: RenditionRecord] = [:]
        for rendition in plan.renditions {
            if let kept = reusable(rendition, plan: plan, previous: previous) {
                files[rendition.file] = kept
                outcome.reused.append(rendition.file)
            }
        }
        let missing = plan.renditions.filter { files[$0.file] == nil }
        guard !missing.isEmpty else {
            facts.status = .resized
            outcome.record = record(facts, bytes: stat.size, sha256: sha256, files: files, plan: plan)
            return outcome
        }
        if checkOnly {
            outcome.pending = missing.map(\.file)
            return outcome
        }

        if facts.header == nil { facts = probe() }
        guard let header = facts.header, facts.status == .resized || facts.status == .fits else {
            outcome.record = record(facts, bytes: stat.size, sha256: sha256, files: [:], plan: plan)
            return outcome
        }
        let maker = RenditionMaker(renditions: missing, orientation: header.orientation, fullSize: header.size)
        let scale = min(1, maker.rootScale * Self.decodeHeadroom)
        // The decoder's share plus every rendition twice (made, then turned upright).
        let decodeBytes = header.decodeMemory(scale: scale), renditionBytes = missing.reduce(0) { $0 + $1.geometry.size.area * 8 }
        let memory = decodeBytes > Int.max - renditionBytes ? Int.max : decodeBytes + renditionBytes
        // What this job writes is undone if a later rendition fails: no file the index misses.
        func fail(_ reason: String) -> ImageOutcome {
            for file in outcome.written { unlink(context.absolutePath(file)) }
            outcome.written = []
            outcome.bytesWritten = 0
            facts.status = .unreadable
            facts.error = reason
            outcome.record = record(facts, bytes: stat.size, sha256: sha256, files: [:], plan: plan)
            return outcome
        }
        do { try context.memory.reserve(memory) } catch { return fail(error.description) }
        defer { context.memory.release(memory) }
        let source: SourceInfo
        do {
            source = try decode(header, minimumScale: scale, into: maker)
        } catch {
            return fail(error.description)
        }
        for (rendition, pixels) in maker.renditions() {
            do {
                let encoded = try encode(pixels, source: source, format: header.format)
                try AtomicFile.write(encoded, to: context.absolutePath(rendition.file))
                files[rendition.file] = RenditionRecord(bytes: encoded.count, file: context.paths.relative(rendition.file),
                                                        height: pixels.height, width: pixels.width)
                outcome.written.append(rendition.file)
                outcome.bytesWritten += encoded.count
            } catch let error as WriteError where !error.concernsThisFile {
                outcome.writeError = error  // the disk or the folder: the build stops
                return outcome
            } catch let error as WriteError {
                return fail(Self.writeFailurePrefix + error.reason)
            } catch {
                return fail(Self.writeFailurePrefix + "\(error)")
            }
        }
        facts.status = .resized
        outcome.record = record(facts, bytes: stat.size, sha256: sha256, files: files, plan: plan)
        return outcome
    }

    /// How a failure to make an original's renditions begins, in the index: not a verdict on
    /// the original, so the next build tries again.
    static let writeFailurePrefix = "cannot write its renditions: "

    /// True for a verdict that follows from the original's bytes alone, which a build may keep
    /// while they stay the same: not a limit's (limits change) and not a failure to write.
    static func isContentVerdict(_ error: String) -> Bool {
        !error.contains("(limits.") && !error.hasPrefix(writeFailurePrefix) && !error.hasPrefix(CodecError.outOfMemoryPrefix)
    }

    private func probe() -> Facts {
        let probe = ImageProbe.probe(path: absolutePath, limits: context.manifest.limits)
        return Facts(status: probe.status == .resized ? .fits : probe.status, format: probe.format,
                     upright: probe.uprightSize, error: probe.error, header: probe.header)
    }

    /// The previous build's file for `rendition`, when it is still exactly what would be made:
    /// same original, same slot size and fit, same focus, same encoder settings, and the file is
    /// still there at the size the index recorded.
    private func reusable(_ rendition: PlannedRendition, plan: ImagePlan, previous: ImageRecord?) -> RenditionRecord? {
        guard let previous, context.previousRenditionsValid, previous.focus == entry.focus.map({ [$0.x, $0.y] }) else { return nil }
        let file = context.paths.relative(rendition.file)
        for planned in plan.entries where planned.rendition?.file == rendition.file {
            guard let old = previous.renditions[planned.key], old.file == file,
                  let slot = slots.first(where: { $0.name == planned.slot }), context.slotUnchanged(slot),
                  FileStat(path: context.absolutePath(rendition.file))?.size == old.bytes
            else { continue }
            return old
        }
        return nil
    }

    /// Decodes the original into `consumer`, shrunk on load to no less than `minimumScale` of its
    /// full resolution.
    private func decode(_ header: ImageHeader, minimumScale: Double, into consumer: RowConsumer) throws(CodecError) -> SourceInfo {
        let memoryLimit = context.manifest.limits.memoryMB << 20
        switch header.format {
        case .jpeg:
            return try JPEGDecoder.decode(path: absolutePath, minimumScale: minimumScale, memoryLimit: memoryLimit,
                                          scanLimit: context.manifest.limits.scans, into: consumer)
        case .png:
            // Full-resolution rows: the rendition maker box-shrinks them on the way in.
            return try PNGDecoder.decode(path: absolutePath, pixelLimit: context.manifest.limits.pixels,
                                         memoryLimit: memoryLimit, into: consumer)
        default:
            throw CodecError.damaged("\(header.format.rawValue.uppercased()) renditions are not supported yet")
        }
    }

    private func encode(_ pixels: PixelBuffer, source: SourceInfo, format: ImageFormat) throws(CodecError) -> [UInt8] {
        let output = context.manifest.output
        if format == .png {
            var options = PNGEncoder.Options(compression: output.pngCompression)
            options.grey = source.isGrey
            options.iccProfile = source.iccProfile
            options.colorChunks = source.colorChunks
            return try PNGEncoder.encode(pixels, options: options)
        }
        var options = JPEGEncoder.Options(quality: output.jpegQuality, progressive: output.jpegProgressive)
        options.grayscale = source.isGrey
        options.sourceIsChroma444 = source.isChroma444
        options.iccProfile = source.iccProfile
        return try JPEGEncoder.encode(pixels, options: options)
    }

    /// The index record: every `(slot, scale)` entry, pointing to its rendition or to the original.
    private func record(_ facts: Facts, bytes: Int, sha256: String, files: [String: RenditionRecord], plan: ImagePlan? = nil) -> ImageRecord {
        let original = RenditionRecord(bytes: bytes, file: context.paths.relative(entry.path),
                                       height: facts.upright.height, width: facts.upright.width)
        let plan = plan ?? ImagePlan(path: entry.path, original: facts.upright, slots: slots, focus: entry.focus)
        var entries: [String: RenditionRecord] = [:]
        for planned in plan.entries {
            entries[planned.key] = planned.rendition.flatMap { files[$0.file] } ?? original
        }
        return ImageRecord(bytes: bytes, error: facts.status == .unreadable ? facts.error : nil,
                           focus: entry.focus.map { [$0.x, $0.y] }, format: facts.format, height: facts.upright.height,
                           renditions: entries, sha256: sha256, status: files.isEmpty && facts.status == .resized ? .fits : facts.status,
                           width: facts.upright.width)
    }
}
