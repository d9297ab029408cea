import FoundationEssentials
import Glibc

/// What a build is about to create under root, written down before it creates it: its token
/// (which names its temporary files) and every rendition path it may write. A build killed
/// midway, or stopped by a full disk, thus leaves nothing the next build does not know of: that
/// build owns and prunes the renditions, and removes the temporary files. A finished build
/// removes its journal.
final class BuildJournal: @unchecked Sendable {
    /// What journals of earlier builds that did not finish list.
    struct Leftovers: Equatable {
        var tokens: Set<String> = []
        var files: Set<String> = []
    }

    /// The journal's name in the state folder.
    let name: String
    private let state: StateFolder
    /// Names this build's temporary files (`TemporaryNames`).
    let token: String
    private let lock = Condition()
    private var descriptor: Int32 = -1
    private var recorded: Set<String> = []
    private var nextTemporary = 0

    /// Starts the journal `name` in the state folder with a fresh token. A link, a folder or a
    /// FIFO at its name is an error: the journal is never written through one, and a build
    /// without its journal could leave files no later build knows of.
    init(name: String, state: StateFolder) throws(WriteError) {
        self.name = name
        self.state = state
        token = TemporaryNames.newToken()
        descriptor = try state.open(name, flags: O_WRONLY | O_APPEND | O_CREAT)
        lock.withLock { write(JournalLine.token(token)) }
    }

    deinit { if descriptor >= 0 { Glibc.close(descriptor) } }

    /// Reads the journals `names` in the state folder; a missing or damaged line is skipped, and
    /// so is a journal that is a link or larger than any build writes.
    static func leftovers(_ names: [String], state: StateFolder) -> Leftovers {
        var leftovers = Leftovers()
        for name in names {
            guard let data = state.read(name, limit: IndexStore.sizeLimit) else { continue }
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                if let token = JournalLine.token(in: line) {
                    leftovers.tokens.insert(token)
                } else if let file = JournalLine.path(in: line, "F") {
                    leftovers.files.insert(file)
                }
            }
        }
        return leftovers
    }

    /// Writes `files` (root-relative) down, before any of them is created.
    func record(_ files: [String]) {
        lock.withLock {
            var lines = ""
            for file in files where recorded.insert(file).inserted { lines += JournalLine.path("F", file) }
            if !lines.isEmpty { write(lines) }
        }
    }

    /// The next temporary file name of this build.
    func temporaryName() -> String {
        lock.withLock {
            nextTemporary += 1
            return TemporaryNames.name(token: token, number: nextTemporary)
        }
    }

    /// The build finished: nothing it made is unknown to its index any more.
    func remove() {
        lock.withLock {
            if descriptor >= 0 { Glibc.close(descriptor) }
            descriptor = -1
            state.remove(name)
        }
    }

    /// Appends. A journal that cannot be written (the state folder deleted meanwhile) costs only
    /// what it protects: leftovers stay.
    private func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            _ = Glibc.write(descriptor, bytes.baseAddress, bytes.count)
        }
    }
}
