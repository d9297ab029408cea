/// What a build under the root's lock tells whoever runs it (the command line draws progress and
/// says why it waits; a test may count).
package protocol BuildObserver: Sendable {
    /// Another build over `root` holds the lock; this one waits for it. Called at most once per lock.
    func waitingForLock(root: String)
    /// The lock is held and the build begins.
    func began()
    /// One more image is done (called from worker threads, one call at a time).
    func progressed(_ progress: BuildProgress)
    /// The build has ended, done or stopped.
    func ended()
}

/// Why a build under the lock did not finish: the lock could not be taken (nothing ran), or the
/// build stopped (what is on disk is consistent, and the next build finishes the job).
package enum LockedBuildFailure: Error, CustomStringConvertible {
    case lock(WriteError)
    case build(BuildFailure)

    package var description: String {
        switch self {
        case .lock(let error): error.description
        case .build(let failure): failure.description
        }
    }
}

/// Lock, then build: the one way `build` and `watch` run a build, so that no build over a root
/// interleaves with another (`BuildLock`), and `clean` and `merge` take the same lock.
extension Generator {
    /// Takes the lock of the manifest's root (and of this build's shard), waiting for another
    /// build to finish; the lock lasts as long as the value returned.
    package func lock(onWait: () -> Void) throws(WriteError) -> BuildLock {
        try BuildLock(root: manifest.root.path, state: state, shard: options.shard, onWait: onWait)
    }

    /// Builds under the lock, telling `observer` as it goes.
    package func buildLocked(observer: some BuildObserver) throws(LockedBuildFailure) -> BuildSummary {
        let lock: BuildLock
        do {
            lock = try self.lock { observer.waitingForLock(root: manifest.root.path) }
        } catch {
            throw .lock(error)
        }
        return try withExtendedLifetime(lock) { () throws(LockedBuildFailure) -> BuildSummary in
            observer.began()
            defer { observer.ended() }
            do throws(BuildFailure) {
                return try build { observer.progressed($0) }
            } catch {
                throw .build(error)
            }
        }
    }
}
