import FoundationEssentials
import Glibc

/// Why a file could not be written: plain words, with "the disk is full" when it is.
public struct WriteError: Error, Equatable, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String
    /// True for ENOSPC and EDQUOT.
    public var diskFull: Bool
    /// False for what stops every image (a full disk or quota, a read-only file system): the
    /// build then stops with exit 3. Anything else in the way of one file (a name too long, a
    /// folder without permission) makes that image show its original, and the build goes on.
    public var concernsThisFile: Bool

    public var description: String { "\(path): \(reason)" }

    /// A failure that concerns this file only, in the caller's words.
    init(path: String, reason: String) {
        self.path = path
        self.reason = reason
        diskFull = false
        concernsThisFile = true
    }

    init(path: String, errno code: Int32, doing what: String) {
        self.path = path
        diskFull = code == ENOSPC || code == EDQUOT
        concernsThisFile = !(diskFull || code == EROFS)
        reason = diskFull ? "the disk is full (\(what)); free some space and run the build again"
            : code == EROFS ? "the file system is read-only (\(what)); make it writable and run the build again"
            : code == ENAMETOOLONG ? "the rendition's name is longer than the file system allows; shorten the original's name"
            : "cannot \(what): \(String(cString: strerror(code)))"
    }
}

/// Writes a file so that it appears whole or not at all: a temporary file in the same folder
/// (hidden, named `.thumbgen-…`), then a rename over the final name.
public enum AtomicFile {
    /// Temporary files start with this; globs never match them and a later run removes strays.
    public static let temporaryPrefix = ".thumbgen-"

    public static func write(_ bytes: [UInt8], to path: String, temporaryName: String? = nil, sync: Bool = false) throws(WriteError) {
        let folder = path.parentPath
        let descriptor: Int32
        let temporary: String
        if let temporaryName {
            temporary = (folder.isEmpty ? "" : folder + "/") + temporaryName
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        } else {
            // Short, so that any name the file system takes leaves room for it.
            var template = Array("\(folder.isEmpty ? "." : folder)/\(temporaryPrefix)XXXXXX".utf8CString)
            descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            temporary = String(cString: template)
        }
        guard descriptor >= 0 else { throw WriteError(path: path, errno: errno, doing: "create a file in \(folder)") }
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
