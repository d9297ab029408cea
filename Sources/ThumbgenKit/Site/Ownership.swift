/// Which files under root a build may replace or delete: those the previous index of this
/// manifest lists, those journals of unfinished builds list, and those this build created. Never
/// a file another manifest's index lists.
final class Ownership: @unchecked Sendable {
    private let lock = Condition()
    private let owned: Set<String>
    private let protected: Set<String>
    private var created: Set<String> = []

    /// `owned` and `protected` are root-relative paths.
    init(owned: Set<String>, protected: Set<String>) {
        self.owned = owned
        // A file both this manifest's and another's index list stays protected: the other still
        // shows it, whoever listed it first.
        self.protected = protected
    }

    /// True when the build may replace or delete the file at `path`.
    func owns(_ path: String) -> Bool {
        lock.withLock { !protected.contains(path) && (owned.contains(path) || created.contains(path)) }
    }

    /// True when another manifest's index lists `path`.
    func isProtected(_ path: String) -> Bool {
        protected.contains(path)
    }

    /// The build made (or adopted) the file at `path`.
    func claim(_ path: String) {
        lock.withLock { _ = created.insert(path) }
    }

    /// Files the build may delete when no index lists them any more.
    var prunable: Set<String> {
        lock.withLock { owned.union(created).subtracting(protected) }
    }
}
