import Raster

/// Runs image jobs on a fixed number of threads. After a failed write no new job starts: the disk
/// is likely full, and the images not run keep what the previous build left.
enum WorkerPool {
    /// `profile`: each job's CPU time is charged to stages (`ImageOutcome.profile`).
    /// `jobs` come largest first (see `JobOrder`).
    static func run(_ jobs: [ImageJob], workers: Int, profile: Bool = false,
                    onDone: @escaping @Sendable (ImageOutcome, Int) -> Void) -> [ImageOutcome] {
        let threads = max(1, min(workers, jobs.count))
        let state = PoolState(jobs.count, workers: threads)
        Threads.run(threads) {
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

/// Which job a worker takes next, from a list sorted largest first. Half the workers (rounded up)
/// take the largest left, the others the smallest: a large original costs memory by its pixels
/// (a progressive JPEG's coefficients are held whole, 3 to 6 bytes a pixel at any decode scale),
/// and workers that all start on the largest add their peaks, where a large job beside a small one
/// costs little more than the large one alone. The two ends meet at mid-sized jobs, so the last
/// to finish is a mid-sized one, not the largest. Not thread-safe: `PoolState` holds it behind its
/// lock.
struct JobOrder {
    /// Jobs below `front` were handed out from the large end, those from `back` on from the
    /// small end: `front` only grows and `back` only shrinks, so an index says its end.
    private(set) var front = 0
    private(set) var back: Int
    private var frontRunning = 0
    private let frontWorkers: Int

    init(count: Int, workers: Int) {
        back = count
        frontWorkers = (max(1, workers) + 1) / 2
    }

    var isEmpty: Bool { front >= back }

    /// The next job's index, or nil when every job has been handed out.
    mutating func next() -> Int? {
        guard !isEmpty else { return nil }
        if frontRunning < frontWorkers {
            frontRunning += 1
            front += 1
            return front - 1
        }
        back -= 1
        return back
    }

    /// Job `index` (handed out by `next`) is done.
    mutating func finished(_ index: Int) {
        if index < front { frontRunning -= 1 }
    }
}

/// The pool's shared state, behind one lock.
private final class PoolState: @unchecked Sendable {
    private let lock = Condition()
    private var order: JobOrder
    private var done = 0
    private var stopped = false
    private(set) var results: [ImageOutcome?]

    init(_ count: Int, workers: Int) {
        results = Array(repeating: nil, count: count)
        order = JobOrder(count: count, workers: workers)
    }

    func next() -> Int? {
        lock.withLock {
            guard !stopped else { return nil }
            return order.next()
        }
    }

    func finish(_ index: Int, _ outcome: ImageOutcome, _ onDone: (ImageOutcome, Int) -> Void) {
        lock.withLock {
            results[index] = outcome
            order.finished(index)
            done += 1
            if outcome.stop != nil { stopped = true }
            onDone(outcome, done)
        }
    }
}
