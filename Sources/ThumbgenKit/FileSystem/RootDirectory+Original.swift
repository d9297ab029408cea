import CSystem
import Glibc

/// Why an original could not be opened: the system's error number (0 when what is there is not a
/// regular file; EXDEV when its way leads out of root).
public struct OpenFailure: Error, Equatable {
    public var code: Int32
}

/// Reading an original: the one open of a build, whose descriptor every stage then reads.
extension RootDirectory {
    /// Opens the original at `relative` for reading. Unlike a write, a read follows links, but
    /// only to files under root: a manifest may name a link to another original (its loader
    /// refuses one that leads out), and the kernel holds the open beneath root
    /// (openat2's RESOLVE_BENEATH), so a link swapped in after the manifest was read cannot make
    /// a build read a file outside it. Only a regular file is accepted. The caller owns the
    /// descriptor.
    public func openOriginal(_ relative: String) throws(OpenFailure) -> Int32 {
        guard RelativePath(relative) != nil else { throw OpenFailure(code: EXDEV) }
        // O_NONBLOCK: a FIFO at the name must not make the open wait; it is refused below.
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC
        var raw: Int32 = -1
        if usesOpenat2 {
            raw = retryingInterrupts { tg_openat2(descriptor, relative, UInt64(flags), 0, UInt64(TG_RESOLVE_BENEATH)) }
            // EXDEV is also an absolute link that stays inside root, which RESOLVE_BENEATH refuses
            // on principle: the resolved path decides below.
            if raw < 0, errno != EXDEV { throw OpenFailure(code: errno) }
        }
        if raw < 0 { raw = try openResolved(relative, flags: flags) }
        var info = stat()
        guard fstat(raw, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(raw)
            throw OpenFailure(code: 0)
        }
        return raw
    }

    /// Without openat2 (or for an absolute link): every link resolved by realpath(3), the result
    /// held to root's own resolved path, then opened with no further link followed.
    private func openResolved(_ relative: String, flags: Int32) throws(OpenFailure) -> Int32 {
        guard let rootReal = Self.realPath(path) else { throw OpenFailure(code: errno) }
        guard let real = Self.realPath(path + "/" + relative) else { throw OpenFailure(code: errno) }
        let prefix = rootReal.hasSuffix("/") ? rootReal : rootReal + "/"
        guard real.hasPrefix(prefix) else { throw OpenFailure(code: EXDEV) }
        let raw = retryingInterrupts { open(real, flags | O_NOFOLLOW) }
        guard raw >= 0 else { throw OpenFailure(code: errno) }
        return raw
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
