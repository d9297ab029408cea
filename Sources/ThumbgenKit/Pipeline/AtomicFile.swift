import FoundationEssentials
import Glibc

/// The words and the decision `AtomicFile`, `BuildLock` and `Pruner` used before the
/// file-system layer (FileSystem/): kept, unchanged, until they go through `RootDirectory`.
extension WriteError {
    /// True for ENOSPC and EDQUOT.
    public var diskFull: Bool { cause == .diskFull || cause == .quotaExceeded }
    /// True when only this file is affected (a name too long for the file system): the image
    /// falls back to its original and the build goes on. Anything else (a full disk, a folder
    /// that cannot be written) stops the build with exit 3. (`stopsBuild` is the new rule.)
    public var concernsThisFile: Bool { code == ENAMETOOLONG }

    init(path: String, errno code: Int32, doing what: String) {
        let cause = Cause(errno: code)
        let diskFull = cause == .diskFull || cause == .quotaExceeded
        self.init(path: path, cause: cause, code: code,
                  reason: diskFull ? "the disk is full (\(what)); free some space and run the build again"
                      : code == ENAMETOOLONG ? "the rendition's name is longer than the file system allows; shorten the original's name"
                      : "cannot \(what): \(String(cString: strerror(code)))")
    }
}

/// Writes a file so that it appears whole or not at all: a temporary file in the same folder
/// (hidden, named `.thumbgen-…`), then a rename over the final name.
public enum AtomicFile {
    /// Temporary files start with this; globs never match them and a later run removes strays.
    public static let temporaryPrefix = ".thumbgen-"

    public static func write(_ bytes: [UInt8], to path: String, sync: Bool = false) throws(WriteError) {
        let folder = path.parentPath
        // Short, so that any name the file system takes leaves room for it.
        var template = Array("\(folder.isEmpty ? "." : folder)/\(temporaryPrefix)XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw WriteError(path: path, errno: errno, doing: "create a file in \(folder)") }
        let temporary = String(cString: template)
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + done, raw.count - done)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                done += written
            }
        }
        if failure == 0, fchmod(descriptor, 0o644) != 0 { failure = errno }
        if failure == 0, sync, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw WriteError(path: path, errno: failure, doing: "write the file")
        }
    }
}
