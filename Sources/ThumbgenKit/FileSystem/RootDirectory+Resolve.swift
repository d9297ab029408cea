import CSystem
import Glibc

/// Opening a folder below root without following any link: the heart of the layer. Every
/// other operation is one `*at` call with a plain name in the folder opened here, so a link
/// swapped in anywhere on the way makes the operation fail instead of going elsewhere.
extension RootDirectory {
    /// A descriptor that names a folder (O_PATH: usable by every `*at` call, needs no read
    /// permission) and follows no link.
    static let folderFlags = Int32(tg_o_path) | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC

    /// Opens the folder made of `path`'s first `depth` components (all of them by default),
    /// creating missing ones when `create` is true. Errors name the component in the way.
    func openFolder(_ path: RelativePath, depth: Int? = nil, create: Bool = false,
                    for operation: WriteError.Operation) throws(WriteError) -> Descriptor {
        let depth = depth ?? path.components.count
        if depth == 0 { return try duplicateRoot(path, operation) }
        if usesOpenat2 {
            // One call for the whole way; the kernel refuses any link and any way out of root.
            let descriptor = tg_openat2(self.descriptor, path.prefix(depth), UInt64(Self.folderFlags), 0,
                                        UInt64(TG_RESOLVE_BENEATH | TG_RESOLVE_NO_SYMLINKS))
            openat2Calls.add(1, ordering: .relaxed)
            if descriptor >= 0 { return Descriptor(descriptor) }
            // A failure (or a missing folder to create) is left to the walk, which names the
            // component in the way, so both ways give the same errors, word for word.
        }
        return try walk(path, depth: depth, create: create, for: operation)
    }

    /// The folder one component at a time, each opened with O_NOFOLLOW in the one before.
    func walk(_ path: RelativePath, depth: Int, create: Bool,
              for operation: WriteError.Operation) throws(WriteError) -> Descriptor {
        var folder = try duplicateRoot(path, operation)
        for index in 0..<depth {
            let name = path.components[index]
            var next = retryingInterrupts { openat(folder.raw, name, Self.folderFlags) }
            if next < 0, errno == ENOENT, create {
                // EEXIST: another process made it first, which is as good.
                if mkdirat(folder.raw, name, 0o755) != 0, errno != EEXIST {
                    throw failure(path, depth: index + 1, errno: errno, operation)
                }
                next = retryingInterrupts { openat(folder.raw, name, Self.folderFlags) }
            }
            guard next >= 0 else { throw failure(path, depth: index + 1, errno: errno, operation, in: folder.raw) }
            folder = Descriptor(next)
        }
        return folder
    }

    /// Why the component at `depth` could not be opened or made as a folder: what stands there
    /// decides (a link, a file, a FIFO), else the error number. Without permission, the folder
    /// above it is at fault (opening and creating need its permission): that one is named.
    private func failure(_ path: RelativePath, depth: Int, errno code: Int32, _ operation: WriteError.Operation,
                         in parent: Int32? = nil) -> WriteError {
        var cause = WriteError.Cause(errno: code)
        if let parent, code == ENOTDIR || code == ELOOP, let info = statusAt(parent, path.components[depth - 1]) {
            cause = info.st_mode & S_IFMT == S_IFLNK ? .linkOnTheWay : .notAFolderOnTheWay(SpecialFile(mode: info.st_mode))
        }
        return WriteError(root: self.path, relative: path.text, cause: cause,
                          obstacle: path.prefix(cause == .noPermission ? depth - 1 : depth), operation: operation, code: code)
    }

    private func duplicateRoot(_ path: RelativePath, _ operation: WriteError.Operation) throws(WriteError) -> Descriptor {
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { throw WriteError(root: self.path, relative: path.text, errno: errno, operation: operation) }
        return Descriptor(copy)
    }

    /// `relative` checked: `.notBelowRoot` for a path that is not plainly below root.
    func checked(_ relative: String, allowRoot: Bool = false,
                 for operation: WriteError.Operation) throws(WriteError) -> RelativePath {
        guard let path = RelativePath(relative, allowRoot: allowRoot) else {
            throw WriteError(root: self.path, relative: relative, cause: .notBelowRoot, obstacle: relative, operation: operation)
        }
        return path
    }

    /// The folder that holds `path`'s last component.
    func openParent(_ path: RelativePath, create: Bool = false,
                    for operation: WriteError.Operation) throws(WriteError) -> Descriptor {
        try openFolder(path, depth: path.components.count - 1, create: create, for: operation)
    }

    /// The same, or nil when a folder on the way is missing (so the entry is too).
    func openExistingParent(_ path: RelativePath, for operation: WriteError.Operation) throws(WriteError) -> Descriptor? {
        do throws(WriteError) {
            return try openParent(path, for: operation)
        } catch where error.cause == .missing {
            return nil
        }
    }

    /// An error about `path`'s own entry (or `entry` beside it, such as its temporary) from an
    /// error number. Without permission, the folder that holds it is at fault: that is the one
    /// to name.
    func entryFailure(_ path: RelativePath, errno code: Int32, _ operation: WriteError.Operation,
                      entry: RelativePath? = nil) -> WriteError {
        let cause = WriteError.Cause(errno: code)
        let obstacle = cause == .noPermission ? path.prefix(path.components.count - 1) : (entry ?? path).text
        return WriteError(root: self.path, relative: path.text, cause: cause, obstacle: obstacle, operation: operation, code: code)
    }

    /// An error about `path`'s own entry that thumbgen decided on (a link, a folder, a FIFO).
    func entryFailure(_ path: RelativePath, _ cause: WriteError.Cause, _ operation: WriteError.Operation) -> WriteError {
        WriteError(root: self.path, relative: path.text, cause: cause, obstacle: path.text, operation: operation)
    }
}
