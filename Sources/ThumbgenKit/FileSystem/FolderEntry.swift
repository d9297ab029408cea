import Glibc

/// What `readdir` returns, read in place.
enum FolderEntry {
    /// The name of `entry`, as its bytes. glibc packs a folder's entries by their own length
    /// (`d_reclen`), so the last one in its buffer can end a few bytes after its name: the name
    /// is read up to its NUL, never as the whole 256-byte `d_name` field (which `pointee.d_name`
    /// would copy, reading past the buffer).
    static func nameBytes(_ entry: UnsafePointer<dirent>) -> [UInt8] {
        let start = UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \.d_name)!
        return Array(UnsafeRawBufferPointer(start: start, count: strlen(start.assumingMemoryBound(to: CChar.self))))
    }
}
