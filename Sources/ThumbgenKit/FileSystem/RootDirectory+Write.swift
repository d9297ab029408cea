import CSystem
import Glibc

extension RootDirectory {
    /// What a write does when a file already stands at its name.
    public enum ExistingFile: Sendable {
        /// Replaces it atomically (rename over it): for files thumbgen owns.
        case replace
        /// Fails with `.exists`, even when the file appears between a check and the rename
        /// (renameat2 RENAME_NOREPLACE, else link then unlink): for names thumbgen does not own.
        case refuse
    }

    /// Writes `bytes` at `relative` so that the file appears whole or not at all: the bytes go
    /// to `temporaryName` (a bare name, created new with O_EXCL in the target's folder, mode
    /// 0644), which is then renamed over the final name in the same folder descriptor. On any
    /// failure the temporary is removed. The caller chooses the temporary's name so that it can
    /// record it before it exists. A link, a folder or a FIFO at the final name is never
    /// replaced; `sync` makes the bytes and the rename durable before returning. With
    /// `keepingModeAndOwner`, the file replaced gives the new one its permission bits and owner
    /// (an author's page, not thumbgen's file); an owner that cannot be kept fails the write.
    public func writeAtomically(_ bytes: [UInt8], to relative: String, temporaryName: String,
                                ifExists existing: ExistingFile = .replace,
                                createFolders: Bool = false, sync: Bool = false,
                                keepingModeAndOwner: Bool = false) throws(WriteError) {
        let path = try checked(relative, for: .write)
        guard RelativePath.isPlainName(temporaryName), temporaryName != path.name else {
            throw WriteError(root: self.path, relative: relative, cause: .notBelowRoot,
                             obstacle: temporaryName, operation: .write)
        }
        let temporary = RelativePath(path.prefix(path.components.count - 1).isEmpty
            ? temporaryName : path.prefix(path.components.count - 1) + "/" + temporaryName)!
        let folder = try openParent(path, create: createFolders, for: .write)
        try checkReplaceable(path, in: folder.raw, existing)
        let kept = keepingModeAndOwner ? statusAt(folder.raw, path.name) : nil

        let raw = retryingInterrupts {
            openat(folder.raw, temporaryName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        }
        guard raw >= 0 else { throw entryFailure(path, errno: errno, .write, entry: temporary) }
        var code = Self.writeAll(bytes, to: raw)
        // The owner first: chown clears set-user-ID and set-group-ID bits, which the mode then restores.
        if code == 0, let kept, fchown(raw, kept.st_uid, kept.st_gid) != 0 { code = errno }
        if code == 0, fchmod(raw, kept.map { $0.st_mode & 0o7777 } ?? 0o644) != 0 { code = errno }
        if code == 0, sync, fsync(raw) != 0 { code = errno }
        let closed = Descriptor(raw).closeReportingError()
        if code == 0 { code = closed }
        if code == 0 {
            code = existing == .replace ? (renameat(folder.raw, temporaryName, folder.raw, path.name) == 0 ? 0 : errno)
                : renameRefusingExisting(temporaryName, to: path.name, in: folder.raw)
        }
        if code != 0 {
            unlinkat(folder.raw, temporaryName, 0)
            throw code == EEXIST ? entryFailure(path, .exists, .write) : entryFailure(path, errno: code, .write)
        }
        if sync { try syncFolder(folder.raw, path) }
    }

    /// Opens (creating it, mode 0644, when missing) the file at `relative` for reading and
    /// writing, as a lock file: no link followed on the way or at the end, and only a regular
    /// file accepted. The caller owns the descriptor and closes it.
    public func openLockFile(_ relative: String, createFolders: Bool = false) throws(WriteError) -> Int32 {
        try openFile(relative, flags: O_RDWR | O_CREAT, createFolders: createFolders)
    }

    /// Opens the file at `relative` with `flags` (`O_RDWR`, `O_WRONLY | O_APPEND`, with `O_CREAT`
    /// to create it, mode 0644, when missing): no link followed on the way or at the end, and only a
    /// regular file accepted, so a link planted at a state file's name never gets a byte. The
    /// caller owns the descriptor and closes it.
    public func openFile(_ relative: String, flags: Int32, createFolders: Bool = false) throws(WriteError) -> Int32 {
        let path = try checked(relative, for: .write)
        let folder = try openParent(path, create: createFolders, for: .write)
        // O_NONBLOCK: a FIFO at the name must not make the open wait; it is refused below.
        let raw = retryingInterrupts {
            openat(folder.raw, path.name, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        }
        guard raw >= 0 else {
            let code = errno
            throw code == ELOOP ? entryFailure(path, .linkInTheWay, .write) : entryFailure(path, errno: code, .write)
        }
        var info = stat()
        guard fstat(raw, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(raw)
            throw entryFailure(path, .specialFileInTheWay(SpecialFile(mode: info.st_mode) ?? .device), .write)
        }
        return raw
    }

    /// Refuses what must never be replaced at the final name: a link (never replaced or
    /// followed), a folder, a FIFO, and with `.refuse` any file. A swap after this check is
    /// harmless: rename replaces a link itself, fails on a folder, and RENAME_NOREPLACE fails on
    /// anything.
    func checkReplaceable(_ path: RelativePath, in folder: Int32, _ existing: ExistingFile) throws(WriteError) {
        guard let info = statusAt(folder, path.name) else {
            if errno == ENOENT { return }
            throw entryFailure(path, errno: errno, .write)
        }
        switch Entry(info) {
        case .file where existing == .replace: return
        case .file: throw entryFailure(path, .exists, .write)
        case .link: throw entryFailure(path, .linkInTheWay, .write)
        case .folder: throw entryFailure(path, .folderInTheWay, .write)
        case .special(let kind): throw entryFailure(path, .specialFileInTheWay(kind), .write)
        case .missing, .blocked: return
        }
    }

    /// Renames `from` to `to` in `folder` unless `to` exists: 0, or the error number (EEXIST).
    func renameRefusingExisting(_ from: String, to: String, in folder: Int32) -> Int32 {
        if triesRenameat2 {
            if tg_rename_noreplace(folder, from, folder, to) == 0 { return 0 }
            // ENOSYS: no renameat2; EINVAL: a file system without RENAME_NOREPLACE.
            guard errno == ENOSYS || errno == EINVAL else { return errno }
        }
        // link(2) never replaces; the temporary's name goes once the file has its own.
        guard linkat(folder, from, folder, to, 0) == 0 else { return errno }
        unlinkat(folder, from, 0)
        return 0
    }

    /// fsync of the folder, so that the rename survives a crash.
    private func syncFolder(_ folder: Int32, _ path: RelativePath) throws(WriteError) {
        let raw = retryingInterrupts { openat(folder, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard raw >= 0 else { throw entryFailure(path, errno: errno, .write) }
        let opened = Descriptor(raw)
        guard fsync(opened.raw) == 0 else { throw entryFailure(path, errno: errno, .write) }
    }

    /// Writes every byte, retrying short writes and EINTR: 0, or the error number.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let written = write(descriptor, raw.baseAddress! + done, raw.count - done)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                done += written
            }
            return 0
        }
    }
}
