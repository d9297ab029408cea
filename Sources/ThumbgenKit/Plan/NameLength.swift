import Glibc

/// Whether a rendition's name fits the file system: decided before decoding, so that a build and
/// `check` agree that an image whose rendition names are too long shows its original.
enum NameLength {
    /// The longest file name most file systems take (ext4, XFS, tmpfs, APFS), in bytes.
    static let defaultMaximum = 255

    /// True when the last part of `relative` is no longer than the folder under `root` takes.
    static func fits(_ relative: String, root: String) -> Bool {
        let name = relative.lastPathPart
        guard name.utf8.count > 128 else { return true }
        let folder = relative.parentPath
        let limit = pathconf(folder.isEmpty ? root : root + "/" + folder, Int32(_PC_NAME_MAX))
        // A temporary file's name is short, so only the final name counts.
        return name.utf8.count <= (limit > 0 ? limit : defaultMaximum)
    }
}
