import Glibc

extension RootDirectory {
    /// How `placeFile` put a file in place.
    public enum Placement: Sendable, Equatable {
        /// A hard link: the same file under a second name, no bytes copied.
        case linked
        /// The file system refused a link (another file system, or no hard links): a copy.
        case copied
    }

    /// Puts at `relative` the file at `source` below `sourceRoot`, atomically: a hard link
    /// (linkat between the two opened folders) when the file system allows one, else a copy.
    /// Either is made at `temporaryName` (a bare name, created new, in the target's folder) and
    /// renamed over the final name, as `writeAtomically` does. No link is followed in either
    /// folder; the source must be a regular file, and a link, folder or FIFO at the final name is
    /// never replaced.
    @discardableResult
    public func placeFile(_ source: String, from sourceRoot: RootDirectory, at relative: String, temporaryName: String,
                          ifExists existing: ExistingFile = .replace) throws(WriteError) -> Placement {
        let sourcePath = try sourceRoot.checked(source, for: .read)
        let sourceFolder = try sourceRoot.openParent(sourcePath, for: .read)
        // O_NONBLOCK: a FIFO swapped in must not make the open wait; fstat below refuses it.
        let raw = retryingInterrupts { openat(sourceFolder.raw, sourcePath.name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        guard raw >= 0 else {
            let code = errno
            throw code == ELOOP ? sourceRoot.entryFailure(sourcePath, .linkInTheWay, .read) : sourceRoot.entryFailure(sourcePath, errno: code, .read)
        }
        let file = Descriptor(raw)
        var info = stat()
        guard fstat(file.raw, &info) == 0 else { throw sourceRoot.entryFailure(sourcePath, errno: errno, .read) }
        switch Entry(info) {
        case .file: break
        case .folder: throw sourceRoot.entryFailure(sourcePath, .folderInTheWay, .read)
        case .special(let kind): throw sourceRoot.entryFailure(sourcePath, .specialFileInTheWay(kind), .read)
        default: throw sourceRoot.entryFailure(sourcePath, .other, .read)
        }

        let path = try checked(relative, for: .write)
        guard RelativePath.isPlainName(temporaryName), temporaryName != path.name else {
            throw WriteError(root: self.path, relative: relative, cause: .notBelowRoot, obstacle: temporaryName, operation: .write)
        }
        let folder = try openParent(path, for: .write)
        try checkReplaceable(path, in: folder.raw, existing)

        var placement = Placement.linked
        // Flags 0: a link swapped in at the source's name would itself be linked, never what it
        // points to; the check after the call catches that and any other swap.
        if linkat(sourceFolder.raw, sourcePath.name, folder.raw, temporaryName, 0) == 0 {
            guard let made = statusAt(folder.raw, temporaryName), made.st_mode & S_IFMT == S_IFREG,
                  made.st_dev == info.st_dev, made.st_ino == info.st_ino else {
                unlinkat(folder.raw, temporaryName, 0)
                throw WriteError(path: sourceRoot.path + "/" + source, cause: .other, code: 0,
                                 reason: "\(NameText.displayed(source)) changed while it was being linked; run the command again")
            }
        } else {
            let code = errno
            // EXDEV: another file system; EPERM: one without hard links (FAT, some FUSE), or
            // protected_hardlinks refusing a file of another user; EMLINK: too many links.
            guard [EXDEV, EPERM, EMLINK, EOPNOTSUPP, ENOSYS].contains(code) else {
                throw entryFailure(path, errno: code, .write)
            }
            try copy(from: file.raw, sourcePath: sourcePath, sourceRoot: sourceRoot, to: temporaryName, in: folder.raw, path)
            placement = .copied
        }
        let renamed = existing == .replace ? (renameat(folder.raw, temporaryName, folder.raw, path.name) == 0 ? 0 : errno)
            : renameRefusingExisting(temporaryName, to: path.name, in: folder.raw)
        if renamed != 0 {
            unlinkat(folder.raw, temporaryName, 0)
            throw renamed == EEXIST ? entryFailure(path, .exists, .write) : entryFailure(path, errno: renamed, .write)
        }
        return placement
    }

    /// Copies the open file `source` to a new file `temporaryName` in `folder` (mode 0644), in
    /// chunks; the temporary is removed on any failure.
    private func copy(from source: Int32, sourcePath: RelativePath, sourceRoot: RootDirectory, to temporaryName: String,
                      in folder: Int32, _ path: RelativePath) throws(WriteError) {
        let raw = retryingInterrupts { openat(folder, temporaryName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        guard raw >= 0 else { throw entryFailure(path, errno: errno, .write) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var readFailure: Int32 = 0, writeFailure: Int32 = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(source, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { readFailure = errno; break }
            if count == 0 { break }
            writeFailure = Self.writeAll(Array(buffer.prefix(count)), to: raw)
            if writeFailure != 0 { break }
        }
        if writeFailure == 0, readFailure == 0, fchmod(raw, 0o644) != 0 { writeFailure = errno }
        let closed = Descriptor(raw).closeReportingError()
        if writeFailure == 0, readFailure == 0 { writeFailure = closed }
        guard readFailure == 0, writeFailure == 0 else {
            unlinkat(folder, temporaryName, 0)
            throw readFailure != 0 ? sourceRoot.entryFailure(sourcePath, errno: readFailure, .read) : entryFailure(path, errno: writeFailure, .write)
        }
    }
}
