import Glibc

/// What happened to a name in a watched folder.
package struct FolderEvent: Equatable, Sendable {
    /// The watched folder, absolute.
    package var folder: String
    /// The entry's name in it ("" for an event about the folder itself).
    package var name: String
    package var mask: UInt32

    package var isFolder: Bool { mask & UInt32(IN_ISDIR) != 0 }
    /// The kernel dropped events: anything may have changed.
    package var isOverflow: Bool { mask & UInt32(IN_Q_OVERFLOW) != 0 }
}

/// Linux inotify over folders, not files: editors save by writing a temporary file and renaming
/// it over the original, which replaces the file a watch on it would follow. A folder's watch
/// sees that rename as the name moved in (IN_MOVED_TO), and a plain write as IN_CLOSE_WRITE.
package final class FolderEvents {
    /// What each folder is watched for: files written, moved in or out, deleted; folders created
    /// (IN_CREATE, for folders only: a file's content counts when it is closed or moved in); the
    /// folder itself going away.
    static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE
                             | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    package let descriptor: Int32
    /// Watch descriptor → folder, and back.
    private var folders: [Int32: String] = [:]
    private var watches: [String: Int32] = [:]

    /// Nil, with errno set, when the system has no inotify left for this user.
    package init?() {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    package var watchedFolders: Set<String> { Set(watches.keys) }

    /// Watches exactly `wanted`: adds the new folders, drops the others. Returns the errno of
    /// the first folder that could not be watched (ENOSPC: the user's limit of watches).
    @discardableResult
    package func watch(_ wanted: Set<String>) -> (folder: String, errno: Int32)? {
        for (folder, watch) in watches where !wanted.contains(folder) {
            inotify_rm_watch(descriptor, watch)
            watches[folder] = nil
            folders[watch] = nil
        }
        var failure: (String, Int32)?
        for folder in wanted.sorted() where watches[folder] == nil {
            let watch = inotify_add_watch(descriptor, folder, Self.mask)
            guard watch >= 0 else {
                if failure == nil { failure = (folder, errno) }
                continue
            }
            watches[folder] = watch
            folders[watch] = folder
        }
        return failure
    }

    /// Every event waiting, without blocking.
    package func drain() -> [FolderEvent] {
        var events: [FolderEvent] = []
        // Room for many events with names up to NAME_MAX: one read returns whole events only.
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return events }
            var offset = 0
            while offset + 16 <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                     raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                if mask & UInt32(IN_IGNORED) != 0, let folder = folders[watch] {
                    // The folder is gone (or its watch was dropped): forget it.
                    folders[watch] = nil
                    watches[folder] = nil
                } else if let folder = folders[watch] {
                    events.append(FolderEvent(folder: folder, name: name, mask: mask))
                } else if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    events.append(FolderEvent(folder: "", name: "", mask: mask))
                }
                offset += 16 + length
            }
        }
    }
}
