import CSystem
import FoundationEssentials
import Glibc
import ImageCodecs
import Renditions

/// What the last build that changed nothing saw, kept in `.thumbgen/seal`: the manifest it ran
/// (its bytes, limits and resolved images, with the codec libraries, the user and the thumbgen
/// binary), a stamp of every file its answer rests on (each original as it was read, each
/// rendition, the index and its slices, the registry and the other indexes it lists, the folders
/// where shard indexes go, every folder on the way to any of them), and the summary it printed.
///
/// While every stamp still holds, a build would read the same originals, keep the same files and
/// write the same index again, so `build` and `check` answer from the seal without reading an
/// image or the index. Any writing build deletes the seal before it begins, so a killed or failed
/// build leaves none; only a whole build that wrote and deleted nothing, where every image's
/// answer is final (no failure of the moment to try again, no file in the way), writes one. An
/// original or listed file changed so shortly before the build that a later change could leave
/// its times as they were (`FileStamp.isRecent`) is no ground for a seal either, nor is a network
/// file system.
///
/// The seal is state, not site: it is untrusted like every state file (a damaged one is no seal,
/// and a seal only ever stands in for a build that would change nothing), and deleting it costs
/// one build's time.
struct BuildSeal: Sendable {
    enum Kind: UInt8, Sendable {
        /// An original: stamped from the descriptor the build read it through.
        case original = 1
        /// A file the build listed or read: a rendition, the index, a slice, the registry.
        case file = 2
        /// A folder whose listing the build read (where shard indexes would be).
        case folder = 3
        /// A file the build looked for and did not find.
        case absent = 4
        /// A folder on the way from root to an entry, as itself (a link is a link): only its
        /// device, inode and type are compared, so a folder swapped for a link, even to the
        /// same folder, breaks the seal while a file added beside the entries does not.
        case way = 5
    }

    struct Entry: Sendable, Equatable {
        var kind: Kind
        /// Root-relative ("" for root itself).
        var path: String
        var stamp: FileStamp
    }

    /// What the build's answer rests on besides the files (`key(for:)`).
    var key: String
    var summary: Summary
    var entries: [Entry]

    /// The file's name in the state folder.
    static let name = "seal"
    static let magic = Array("thumbgen seal 1\n".utf8)

    /// What a build answered from the seal prints: the sealed build's summary.
    struct Summary: Codable, Equatable, Sendable {
        struct Problem: Codable, Equatable, Sendable {
            var kind: String
            var file: String
            var message: String
        }

        var images: Int
        var reused: Int
        var problems: [Problem]
        var statuses: [String: Int]
        var animated: [String]
        /// Slot name → [originals, renditions].
        var memory: [String: [Int]]
        var memoryTotal: [Int]
        var download: [Int]
    }

    /// A digest of the manifest's bytes, root, index path and limits (after command-line
    /// overrides), its resolved images, the codec libraries' versions, the running binary's
    /// stamp and the user; nil for a manifest made in code.
    static func key(for manifest: Manifest, libraries: CodecLibraries = .current) -> String? {
        guard !manifest.digest.isEmpty, let binary = FileStamp(path: "/proc/self/exe") else { return nil }
        // The user too: another may not be allowed to read what this one read.
        var text = Array("\(GeneratorVersion.name)\n\(binary.device) \(binary.inode) \(binary.size) \(binary.modified) \(binary.changed)\nuser \(geteuid())\n".utf8)
        // The codec libraries' versions are part of every recipe: an upgraded libheif redoes
        // what it decodes, so it breaks the seal too.
        let libraries = libraries.versions.map { "\($0.key) \($0.value)" }.sorted().joined(separator: ",")
        for part in [manifest.root.path, manifest.indexPath, manifest.digest, String(describing: manifest.limits), libraries] {
            text += part.utf8
            text.append(0)
        }
        for image in manifest.images {
            text += image.path.utf8
            text.append(0)
            text += image.slots.joined(separator: "\u{1}").utf8
            text.append(0)
            text += (image.focus?.text ?? "").utf8
            text.append(10)
        }
        return FileHash.sha256(text)
    }

    // MARK: Holding

    /// The seal in `state`, when there is one, it is whole, and it was made for `manifest` as it
    /// is now, every stamp still holds and no build left its journal behind.
    static func holding(for manifest: Manifest, state: StateFolder) -> BuildSeal? {
        guard let key = key(for: manifest), state.allJournals.isEmpty,
              let bytes = state.read(name, limit: IndexStore.sizeLimit), let seal = BuildSeal(bytes: bytes),
              seal.key == key, seal.covers(manifest), seal.holds(root: manifest.root.path)
        else { return nil }
        return seal
    }

    /// True when the seal stamps each of the manifest's images, in the manifest's order, and the
    /// index: a seal with fewer entries than its build had is no seal.
    func covers(_ manifest: Manifest) -> Bool {
        let originals = entries.lazy.filter { $0.kind == .original }
        return originals.count == manifest.images.count
            && zip(originals, manifest.images).allSatisfy { $0.path.utf8.elementsEqual($1.path.utf8) }
            && entries.contains { $0.kind == .file && $0.path == manifest.indexPath }
    }

    /// Every entry's stamp is what is on disk now: stat(2) on two threads, each taking half of
    /// the entries, through the folder each run of entries is in (opened once, as stat(2) would
    /// walk to it), the first difference ending both.
    func holds(root: String) -> Bool {
        final class Verdict: @unchecked Sendable {
            let lock = Condition()
            var broken = false
            var started = 0
        }
        let verdict = Verdict(), entries = entries, workers = 2
        Threads.run(workers) {
            let part = verdict.lock.withLock { () -> Int in
                defer { verdict.started += 1 }
                return verdict.started
            }
            let size = (entries.count + workers - 1) / workers
            let range = min(entries.count, part * size)..<min(entries.count, (part + 1) * size)
            var folder = Folder(root: root)
            defer { folder.close() }
            for position in range {
                if position % 4096 == 0, verdict.lock.withLock({ verdict.broken }) { return }
                if !folder.holds(entries[position]) {
                    verdict.lock.withLock { verdict.broken = true }
                    return
                }
            }
        }
        return !verdict.broken
    }

    /// The folder the last entry checked was in, kept open for the next.
    private struct Folder {
        let root: String
        var path: Substring?
        var descriptor: Int32 = -1
        var openError: Int32 = 0

        init(root: String) { self.root = root }

        mutating func close() {
            if descriptor >= 0 { Glibc.close(descriptor) }
            descriptor = -1
        }

        /// The entry's stamp is what stat(2) (lstat(2) for a listed file and a folder on the way)
        /// says of it now; an absent entry is still absent.
        mutating func holds(_ entry: Entry) -> Bool {
            guard !entry.path.isEmpty else { return FileStamp(path: root) == entry.stamp && entry.kind == .folder }
            let slash = entry.path.utf8.lastIndex(of: UInt8(ascii: "/"))
            let parent = slash.map { entry.path[..<$0] } ?? ""
            let name = slash.map { String(entry.path[entry.path.utf8.index(after: $0)...]) } ?? entry.path
            if path.map({ !$0.utf8.elementsEqual(parent.utf8) }) ?? true {
                close()
                path = parent
                let full = parent.isEmpty ? root : root + "/" + parent
                descriptor = open(full, Int32(tg_o_path) | O_DIRECTORY | O_CLOEXEC)
                openError = descriptor < 0 ? errno : 0
            }
            guard descriptor >= 0 else { return entry.kind == .absent && openError == ENOENT }
            var info = stat()
            let follows = entry.kind == .original || entry.kind == .folder
            guard fstatat(descriptor, name, &info, follows ? 0 : AT_SYMLINK_NOFOLLOW) == 0 else {
                return entry.kind == .absent && errno == ENOENT
            }
            let now = FileStamp(info)
            switch entry.kind {
            case .absent: return false
            case .original, .folder, .file: return now == entry.stamp
            case .way: return now.device == entry.stamp.device && now.inode == entry.stamp.inode && now.type == entry.stamp.type
            }
        }
    }

    // MARK: The file

    /// The seal's bytes (`Writer`).
    var bytes: [UInt8] {
        var writer = Writer(capacity: entries.count)
        for entry in entries { writer.add(entry.kind, entry.path, entry.stamp) }
        return writer.bytes(key: key, summary: summary)
    }

    /// A seal's entries written into its bytes as they are stamped, so that a build of 100,000
    /// originals, some 400,000 entries, never holds them twice. The file: the magic line, the key,
    /// the summary (JSON), the count and the entries, then the SHA-256 of everything before it.
    struct Writer {
        private var body: [UInt8] = []
        private(set) var count = 0

        /// Room for `capacity` entries of ordinary paths; pages reserved and never written cost
        /// no memory, and growing would copy them all.
        init(capacity: Int) {
            body.reserveCapacity(capacity * 160)
        }

        mutating func add(_ kind: Kind, _ path: String, _ stamp: FileStamp) {
            body.append(kind.rawValue)
            for value in [stamp.device, stamp.inode, UInt64(bitPattern: stamp.size), UInt64(bitPattern: stamp.modified),
                          UInt64(bitPattern: stamp.changed), UInt64(stamp.type)] { Self.add(value, to: &body) }
            Self.add(UInt64(path.utf8.count), to: &body)
            body += path.utf8
            count += 1
        }

        func bytes(key: String, summary: Summary) -> [UInt8] {
            var out = BuildSeal.magic
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let summaryBytes = (try? encoder.encode(summary)).map { [UInt8]($0) } ?? []
            out.reserveCapacity(body.count + summaryBytes.count + key.utf8.count + 256)
            Self.add(UInt64(key.utf8.count), to: &out)
            out += key.utf8
            Self.add(UInt64(summaryBytes.count), to: &out)
            out += summaryBytes
            Self.add(UInt64(count), to: &out)
            out += body
            out += FileHash.sha256(out).utf8
            return out
        }

        private static func add(_ value: UInt64, to bytes: inout [UInt8]) {
            withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
        }
    }

    /// Reads a seal; nil when the bytes are not a whole seal of this version.
    init?(bytes: [UInt8]) {
        guard bytes.count > Self.magic.count + 64, bytes.starts(with: Self.magic) else { return nil }
        let body = bytes.count - 64
        guard FileHash.sha256(Array(bytes[..<body])).utf8.elementsEqual(bytes[body...]) else { return nil }
        var reader = SealReader(bytes: bytes, position: Self.magic.count, end: body)
        guard let key = reader.text(), let summaryBytes = reader.field(),
              let summary = try? JSONDecoder().decode(Summary.self, from: Data(summaryBytes)),
              let count = reader.number(), count <= UInt64(body / 57)
        else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let raw = reader.byte(), let kind = Kind(rawValue: raw),
                  let device = reader.number(), let inode = reader.number(), let size = reader.number(),
                  let modified = reader.number(), let changed = reader.number(), let type = reader.number(),
                  type <= UInt64(UInt32.max), let path = reader.text()
            else { return nil }
            entries.append(Entry(kind: kind, path: path, stamp: FileStamp(
                device: device, inode: inode, size: Int64(bitPattern: size), modified: Int64(bitPattern: modified),
                changed: Int64(bitPattern: changed), type: UInt32(type))))
        }
        guard reader.position == body else { return nil }
        self.key = key
        self.summary = summary
        self.entries = entries
    }

    init(key: String, summary: Summary, entries: [Entry]) {
        self.key = key
        self.summary = summary
        self.entries = entries
    }

    /// True when `root` is on a file system whose stat(2) may answer from a client's cache while
    /// another machine changes the file (NFS, SMB, FUSE): no seal is made there.
    static func isShared(_ root: String) -> Bool {
        // NFS, SMB, CIFS, SMB2, FUSE, 9P, AFS.
        let shared: Set<Int64> = [0x6969, 0x517B, 0xFF53_4D42, 0xFE53_4D42, 0x6573_5546, 0x0102_1997, 0x5346_414F]
        let type = tg_file_system_type(root)
        return type < 0 || shared.contains(Int64(type))
    }

    /// Writes a seal's bytes through a temporary the build's journal names.
    static func save(_ bytes: [UInt8], _ state: StateFolder, journal: BuildJournal) throws(WriteError) {
        try state.write(bytes, to: name, temporaryName: journal.temporaryName())
    }
}

/// Reads a seal's fields, every length checked against what is left.
private struct SealReader {
    let bytes: [UInt8]
    var position: Int
    let end: Int

    mutating func byte() -> UInt8? {
        guard position < end else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func number() -> UInt64? {
        guard end - position >= 8 else { return nil }
        var value: UInt64 = 0
        for offset in (0..<8).reversed() { value = value << 8 | UInt64(bytes[position + offset]) }
        position += 8
        return value
    }

    mutating func field() -> ArraySlice<UInt8>? {
        guard let count = number(), count <= UInt64(end - position) else { return nil }
        defer { position += Int(count) }
        return bytes[position..<position + Int(count)]
    }

    mutating func text() -> String? {
        guard let field = field() else { return nil }
        return String(validating: field, as: UTF8.self)
    }
}
