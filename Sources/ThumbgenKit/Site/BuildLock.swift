import FoundationEssentials
import Glibc

/// Keeps builds from interleaving: a build holds the root folder itself locked exclusively
/// (`flock` on its descriptor), so every manifest over one root waits for the others, and
/// deleting `.thumbgen/` mid-build cannot turn the lock off. Shards of one build hold root shared
/// (so they run side by side) plus their own shard lock exclusively.
public final class BuildLock {
    private var descriptors: [Int32] = []

    /// Takes the lock, waiting for another build to finish. `onWait` runs once if it must wait.
    public init(root: String, state: StateFolder, shard: Shard?, onWait: () -> Void) throws(WriteError) {
        let folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw WriteError(path: root, errno: errno, doing: "open the root folder") }
        descriptors.append(folder)
        try take(folder, path: root, exclusive: shard == nil, onWait: onWait)
        if shard != nil {
            let descriptor = try state.open(state.shardLock, flags: O_RDWR | O_CREAT)
            descriptors.append(descriptor)
            try take(descriptor, path: state.path + "/" + state.shardLock, exclusive: true, onWait: onWait)
        }
    }

    deinit {
        for descriptor in descriptors {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }

    private func take(_ descriptor: Int32, path: String, exclusive: Bool, onWait: () -> Void) throws(WriteError) {
        let mode = exclusive ? LOCK_EX : LOCK_SH
        if flock(descriptor, mode | LOCK_NB) == 0 { return }
        onWait()
        while flock(descriptor, mode) != 0 {
            guard errno == EINTR else { throw WriteError(path: path, errno: errno, doing: "lock") }
        }
    }
}
