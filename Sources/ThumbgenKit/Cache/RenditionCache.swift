import ImageCodecs
import Synchronization

/// The shared cache as a build uses it: before an image is decoded, its recipe's record and
/// files are asked for; a hit is checked (the record's signature when a key is set, every
/// file's size and SHA-256) before anything of it is used. After a local make, unless
/// read-only, the files go up first and the record last, so no reader ever finds a record
/// whose files are missing. A cache that fails costs time only: the build goes on locally, the
/// first fault is said once, and after `deadAfter` faults the cache is not asked again.
final class RenditionCache: Sendable {
    let store: any CacheStore
    let readOnly: Bool
    /// False under `--force`, which makes every image again: the cache is only written.
    let fetches: Bool
    /// `THUMBGEN_CACHE_KEY`: records are signed with it, and unsigned ones refused.
    let key: [UInt8]?
    static let deadAfter = 3
    /// Largest record and file taken from a cache.
    static let recordLimit = 1 << 20
    static let blobLimit = 256 << 20

    private let counters = Mutex(CacheCounts())
    private let faultsSeen = Atomic<Int>(0)

    init(store: any CacheStore, readOnly: Bool, fetches: Bool = true, key: [UInt8]?) {
        self.store = store
        self.readOnly = readOnly
        self.fetches = fetches
        self.key = key
    }

    var counts: CacheCounts { counters.withLock { $0 } }
    private var isDead: Bool { faultsSeen.load(ordering: .relaxed) >= Self.deadAfter }

    /// `ac/<sha256 of the recipe's text>`.
    static func recordKey(_ recipe: Recipe) -> String { "ac/" + FileHash.sha256(Array(recipe.text.utf8)) }

    /// The image's files from the cache, named by `planned`'s plan; nil on a miss, a refusal or
    /// a fault (each counted, the build then makes them itself).
    func fetch(_ recipe: Recipe, planned: PlannedImage, paths: IndexPaths) -> MadeImage? {
        guard fetches, !isDead else { return nil }
        do throws(CacheFault) {
            guard let stored = try store.get(Self.recordKey(recipe), limit: Self.recordLimit) else {
                counters.withLock { $0.misses += 1 }
                return nil
            }
            let record: CacheRecord
            do {
                record = try CacheRecord.decode(stored, key: key)
            } catch {
                throw CacheFault(reason: error == .unsigned ? "a record without a valid signature (THUMBGEN_CACHE_KEY) was ignored"
                                 : "a record thumbgen cannot read was ignored")
            }
            guard let made = try files(of: record, recipe: recipe, planned: planned, paths: paths) else {
                counters.withLock { $0.misses += 1 }
                return nil
            }
            counters.withLock {
                $0.hits += 1
                $0.bytesDown += stored.count + made.files.reduce(0) { $0 + $1.bytes.count }
            }
            return made
        } catch {
            fault(error)
            return nil
        }
    }

    /// The files a record names, each checked; nil when the record is not for this plan.
    private func files(of record: CacheRecord, recipe: Recipe, planned: PlannedImage, paths: IndexPaths) throws(CacheFault) -> MadeImage? {
        let renditions = planned.plan.renditions
        guard record.recipe == recipe.text, record.renditions.count == renditions.count else { return nil }
        try Self.checkClaims(record)
        var made = MadeImage(placeholder: record.placeholder, warnings: record.warnings, focus: record.focus.map { Focus(x: $0[0], y: $0[1]) })
        for (rendition, cached) in zip(renditions, record.renditions) {
            let size = rendition.geometry.size
            guard cached.width == size.width, cached.height == size.height else { return nil }
            var modern: [(format: OutputFormat, bytes: [UInt8])] = []
            for source in cached.sources {
                guard let format = Formats.output(ImageFormat(source.format)), format.role == .modern,
                      !modern.contains(where: { $0.format.name == format.name }) else { return nil }
                modern.append((format, try blob(source.blob)))
            }
            made.add(rendition, size: size, fallback: try blob(cached.fallback), fallbackFormat: planned.fallback,
                     modern: modern, paths: paths)
        }
        return made
    }

    /// What a record says beyond its files, held to what a build of thumbgen writes: a bounded
    /// number of files and bytes, a placeholder a page can carry, warnings of plain text.
    static func checkClaims(_ record: CacheRecord) throws(CacheFault) {
        let modernFormats = Formats.outputs.filter { $0.role == .modern }.count
        let total = record.renditions.reduce(0) { sum, rendition in
            sum + rendition.fallback.bytes + rendition.sources.reduce(0) { $0 + $1.blob.bytes }
        }
        guard record.renditions.allSatisfy({ $0.sources.count <= modernFormats }), total >= 0, total <= blobLimit else {
            throw CacheFault(reason: "a record names more files or bytes than an image has; it was ignored")
        }
        if let placeholder = record.placeholder {
            let color = Array(placeholder.color.utf8)
            let isColor = color.count == 7 && color[0] == 0x23 && color.dropFirst().allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
            let isHash = placeholder.thumbhash.utf8.count <= 64 && placeholder.thumbhash.utf8.allSatisfy {
                ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2F
            }
            guard isColor, isHash else { throw CacheFault(reason: "a record's placeholder is not a colour and a ThumbHash; it was ignored") }
        }
        if let focus = record.focus, focus.count != 2 || !focus.allSatisfy({ $0 >= 0 && $0 <= 1 }) {
            throw CacheFault(reason: "a record's focus is not two numbers from 0 to 1; it was ignored")
        }
        guard record.warnings.count <= 16, record.warnings.allSatisfy({ $0.utf8.count <= 1000 && !$0.unicodeScalars.contains { $0.properties.generalCategory == .control } }) else {
            throw CacheFault(reason: "a record's warnings are not plain text; it was ignored")
        }
    }

    /// The file of `blob`, its size and hash checked.
    private func blob(_ blob: CacheRecord.Blob) throws(CacheFault) -> [UInt8] {
        guard CacheKey.isHash(blob.sha256.utf8) else { throw CacheFault(reason: "a record names a file by something that is not a SHA-256") }
        guard blob.bytes >= 0, blob.bytes <= Self.blobLimit else {
            throw CacheFault(reason: "a record names a file of \(blob.bytes) bytes, which thumbgen does not take")
        }
        guard let bytes = try store.get("cas/" + blob.sha256, limit: blob.bytes) else {
            throw CacheFault(reason: "a file the record names is missing (cas/\(blob.sha256))")
        }
        guard bytes.count == blob.bytes, FileHash.sha256(bytes) == blob.sha256 else {
            throw CacheFault(reason: "a file's bytes do not match their hash (cas/\(blob.sha256)); it was not used")
        }
        return bytes
    }

    /// Puts the files an image made locally and then its record, unless read-only.
    func store(_ made: MadeImage, recipe: Recipe, planned: PlannedImage) {
        guard !readOnly, !isDead else { return }
        let byPath = Dictionary(made.files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        var renditions: [CacheRecord.Rendition] = []
        var blobs: [(String, [UInt8])] = []
        func blob(_ bytes: [UInt8]) -> CacheRecord.Blob {
            let hash = FileHash.sha256(bytes)
            blobs.append((hash, bytes))
            return CacheRecord.Blob(sha256: hash, bytes: bytes.count)
        }
        for rendition in planned.plan.renditions {
            guard let fallback = byPath[rendition.file], let record = made.records[rendition.file] else { return }
            var sources: [CacheRecord.Source] = []
            // In the index's order, which follows output.formats.
            for source in record.sources ?? [] {
                guard let format = Formats.outputs.first(where: { $0.role == .modern && $0.mediaType == source.type }),
                      let bytes = byPath[RenditionNaming.modernPath(beside: rendition.file, format: format)] else { return }
                sources.append(CacheRecord.Source(format: format.name, blob: blob(bytes)))
            }
            renditions.append(CacheRecord.Rendition(width: record.width, height: record.height, fallback: blob(fallback), sources: sources))
        }
        let record = CacheRecord(recipe: recipe.text, renditions: renditions, placeholder: made.placeholder, warnings: made.warnings,
                                 focus: made.focus.map { [$0.x, $0.y] })
        do throws(CacheFault) {
            var sent = 0
            // One photo's files are often another recipe's too (the same bytes): each goes once.
            for (hash, bytes) in blobs where try !store.contains("cas/" + hash) {
                try store.put("cas/" + hash, bytes)
                sent += bytes.count
            }
            let encoded = record.encoded(key: key)
            try store.put(Self.recordKey(recipe), encoded)
            counters.withLock {
                $0.uploaded += 1
                $0.bytesUp += sent + encoded.count
            }
        } catch {
            fault(error)
        }
    }

    private func fault(_ error: CacheFault) {
        faultsSeen.add(1, ordering: .relaxed)
        counters.withLock {
            $0.errors += 1
            if $0.firstFault == nil { $0.firstFault = error.reason }
        }
    }
}

/// What the cache did in one build (`--json`'s `cache`).
public struct CacheCounts: Equatable, Sendable {
    public var hits = 0
    public var misses = 0
    public var uploaded = 0
    public var bytesDown = 0
    public var bytesUp = 0
    public var errors = 0
    /// What went wrong first, for the one warning a build gives.
    public var firstFault: String?
}
