import Glibc

/// CPU time of the calling thread: what a refusal costs, unaffected by the tests that run beside
/// it (the process's CPU time counts theirs too).
public enum ThreadCPU {
    /// Seconds of CPU the calling thread has used so far.
    public static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The CPU seconds `body` takes on this thread (whether it returns or throws).
    public static func seconds(_ body: () throws -> Void) -> Double {
        let start = now
        try? body()
        return now - start
    }
}
