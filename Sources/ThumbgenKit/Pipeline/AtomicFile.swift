import FoundationEssentials
import Glibc

/// Why a file could not be written: plain words, with "the disk is full" when it is.
public struct WriteError: Error, Equatable, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String
    /// True for ENOSPC and EDQUOT.
    public var diskFull: Bool
    /// True when only this file is affected (a name too long for the file system): the image
    /// falls back to its original and the build goes on. Anything else (a full disk, a folder
    /// that cannot be written) stops the build with exit 3.
    public var concernsThisFile: Bool

    public var description: String { "\(path): \(reason)" }

    init(path: String, errno code: Int32, doing what: String) {
        self.path = path
        concernsThisFile = code == ENAMETOOLONG
        diskFull = code == ENOSPC || code == EDQUOT
        reason = diskFull ? "the disk is full (\(what)); free some space and run the build again"
            : concernsThisFile ? "the rendition's name is longer than the file system allows; shorten the original's name"
            : "cannot \(what): \(String(cString: strerror(code)))"
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
