import Raster

/// Runs image jobs on a fixed number of threads. After a failed write no new job starts: the disk
/// is likely full, and the images not run keep what the previous build left.
enum WorkerPool {
    /// `profile`: each job's CPU time is charged to stages (`ImageOutcome.profile`).
    static func run(_ jobs: [ImageJob], workers: Int, profile: Bool = false,
                    onDone: @escaping @Sendable (ImageOutcome, Int) -> Void) -> [ImageOutcome] {
        let state = PoolState(jobs.count)
        Threads.run(max(1, min(workers, jobs.count))) {
            while let index = state.next() {
                var outcome: ImageOutcome
                if profile {
                    let (made, times) = StageClock.record { jobs[index].run() }
                    outcome = made
                    outcome.profile = times
                } else {
                    outcome = jobs[index].run()
                }
                state.finish(index, outcome, onDone)
            }
        }
        return jobs.indices.map { state.results[$0] ?? ImageOutcome(path: jobs[$0].entry.path) }
    }
}

/// The pool's shared state, behind one lock.
private final class PoolState: @unchecked Sendable {
    private let lock = Condition()
    private var nextIndex = 0
    private var done = 0
    private var stopped = false
    private(set) var results: [ImageOutcome?]

    init(_ count: Int) { results = Array(repeating: nil, count: count) }

    func next() -> Int? {
        lock.withLock {
            guard !stopped, nextIndex < results.count else { return nil }
            defer { nextIndex += 1 }
            return nextIndex
        }
    }

    func finish(_ index: Int, _ outcome: ImageOutcome, _ onDone: (ImageOutcome, Int) -> Void) {
        lock.withLock {
            results[index] = outcome
            done += 1
            if outcome.stop != nil { stopped = true }
            onDone(outcome, done)
        }
    }
}
