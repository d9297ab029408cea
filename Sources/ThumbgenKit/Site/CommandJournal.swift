import FoundationEssentials
import Glibc

/// The temporary files of a command that writes outside a build (`html`, `report`, `export`,
/// `clean`): each is written down, with its folder, in `.thumbgen/temporaries.<command>` before
/// it is created, so that the command's next run removes whatever a killed run left behind
/// (nothing half-written is ever deployed). The file is locked while the command runs, so two
/// runs of one command never remove each other's temporaries. A run that writes nothing
/// creates nothing (not even `.thumbgen/`).
/// Not named `journal.…`: builds own the files their journals list, and these list none.
package final class CommandJournal {
    private let state: StateFolder
    private let name: String
    /// Names this run's temporaries (`TemporaryNames`).
    let token: String
    /// -1 when the state folder cannot hold the journal: the command still runs, its
    /// temporaries unrecorded (as they were before journals existed).
    private var descriptor: Int32 = -1
    private var next = 0

    /// When an earlier run left a journal, takes it (waiting for another run of the command),
    /// removes the temporaries it recorded and left, and starts afresh.
    init(command: String, state: StateFolder) {
        self.state = state
        name = "temporaries.\(command)"
        token = TemporaryNames.newToken()
        if let raw = try? state.open(name, flags: O_RDWR) { take(raw) }
    }

    /// Locks the journal, removes what it lists, and starts this run's record in it.
    private func take(_ raw: Int32) {
        descriptor = raw
        while flock(raw, LOCK_EX) != 0, errno == EINTR {}
        Self.removeLeftovers(Self.readAll(raw))
        _ = ftruncate(raw, 0)
        write(JournalLine.token(token))
    }

    /// The journal of `command` in the state folder beside `manifest`.
    package convenience init(command: String, manifest: Manifest) {
        self.init(command: command, state: StateFolder(manifestDirectory: manifest.directory.path, shard: nil))
    }

    deinit { finish() }

    /// The next temporary's name in `folder` (a path as the command opens it), recorded first.
    package func temporaryName(in folder: String) -> String {
        if descriptor < 0, let raw = try? state.open(name, flags: O_RDWR | O_CREAT) { take(raw) }
        next += 1
        let temporary = TemporaryNames.name(token: token, number: next)
        // Absolute: the next run may start from another working folder.
        let base = folder.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + (folder.isEmpty ? "." : folder)
        write(JournalLine.path("P", base + "/" + temporary))
        return temporary
    }

    /// The command is done: every temporary it made is renamed or removed. The journal stays,
    /// empty (removing it would let a run waiting on its lock write into a file no longer there).
    func finish() {
        guard descriptor >= 0 else { return }
        _ = ftruncate(descriptor, 0)
        close(descriptor)
        descriptor = -1
    }

    private func write(_ text: String) {
        guard descriptor >= 0 else { return }
        _ = RootDirectory.writeAll(Array(text.utf8), to: descriptor)
    }

    /// Removes each recorded temporary that is still there: only names of the form a temporary
    /// has and the token its journal gave, only plain files, never through a link at the name.
    private static func removeLeftovers(_ text: String) {
        var tokens: [String] = []
        for line in text.split(separator: "\n") {
            if let token = JournalLine.token(in: line) {
                tokens.append(token)
            } else if let path = JournalLine.path(in: line, "P") {
                let name = path.lastPathPart
                guard tokens.contains(where: { TemporaryNames.belongs(name, to: $0) }) else { continue }
                _ = try? RootDirectory(path: path.parentPath.isEmpty ? "/" : path.parentPath).remove(name)
            }
        }
    }

    private static func readAll(_ descriptor: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        _ = lseek(descriptor, 0, SEEK_SET)
        // A journal longer than any run writes is damaged: what it lists is left alone.
        while bytes.count < 64 << 20 {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
