import FoundationEssentials
import Glibc

/// Keeps two builds of one manifest from interleaving: a build holds `.thumbgen/lock`
/// exclusively, and the second one waits for it. Shards of one build hold it shared (so they
/// run side by side) plus their own shard lock exclusively.
public final class BuildLock {
    private var descriptors: [Int32] = []

    /// Takes the lock, waiting for another build to finish. `onWait` runs once if it must wait.
    public init(stateFolder: String, shard: Shard?, onWait: () -> Void) throws(WriteError) {
        do {
            try FileManager.default.createDirectory(atPath: stateFolder, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: stateFolder, errno: errno == 0 ? EACCES : errno, doing: "create the state folder")
        }
        try take(stateFolder + "/lock", exclusive: shard == nil, onWait: onWait)
        if let shard {
            try take(stateFolder + "/lock.shard-\(shard.index)-of-\(shard.count)", exclusive: true, onWait: onWait)
        }
    }

    deinit {
        for descriptor in descriptors {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }

    private func take(_ path: String, exclusive: Bool, onWait: () -> Void) throws(WriteError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteError(path: path, errno: errno, doing: "create the lock file") }
        descriptors.append(descriptor)
        let mode = exclusive ? LOCK_EX : LOCK_SH
        if flock(descriptor, mode | LOCK_NB) == 0 { return }
        onWait()
        while flock(descriptor, mode) != 0 {
            guard errno == EINTR else { throw WriteError(path: path, errno: errno, doing: "lock") }
        }
    }
}
