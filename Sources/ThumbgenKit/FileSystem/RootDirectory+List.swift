import Glibc

/// The names in one folder below root.
public struct Listing: Sendable, Equatable {
    /// Every name that is valid UTF-8, hidden ones included, sorted by their UTF-8 bytes.
    public var names: [String]
    /// Names that are not valid UTF-8, shown with the bad bytes escaped (`caf\xE9.jpg`). They
    /// are not usable as paths (the escaped text names another file, or none): a caller reports
    /// them ("not UTF-8; rename it") instead of leaving them out silently.
    public var undecodable: [String]
}

extension RootDirectory {
    /// The names in the folder at `folder` ("" for root), no link followed on the way or at the
    /// end. `.missing` when it does not exist.
    public func list(_ folder: String) throws(WriteError) -> Listing {
        let path = try checked(folder, allowRoot: true, for: .list)
        let location = try openFolder(path, for: .list)
        // The O_PATH descriptor cannot be read; reopening "." in it follows nothing.
        let raw = retryingInterrupts { openat(location.raw, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard raw >= 0, let stream = fdopendir(raw) else {
            let code = errno
            if raw >= 0 { close(raw) }
            throw WriteError(root: self.path, relative: folder, cause: WriteError.Cause(errno: code), obstacle: folder,
                             operation: .list, code: code)
        }
        defer { closedir(stream) }
        var listing = Listing(names: [], undecodable: [])
        errno = 0
        while let item = readdir(stream) {
            let bytes = FolderEntry.nameBytes(item)
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            if let name = String(validating: bytes, as: UTF8.self) {
                listing.names.append(name)
            } else {
                listing.undecodable.append(NameText.displayed(bytes: bytes))
            }
        }
        if errno != 0 {
            throw WriteError(root: self.path, relative: folder, cause: WriteError.Cause(errno: errno), obstacle: folder,
                             operation: .list, code: errno)
        }
        listing.names.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        listing.undecodable.sort()
        return listing
    }
}
