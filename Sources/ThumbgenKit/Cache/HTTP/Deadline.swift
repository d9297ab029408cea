import Glibc

/// A moment on the monotonic clock by which a request must be done; every wait of a request is
/// bounded by what is left of it.
struct Deadline {
    private let end: Double

    init(seconds: Double) { end = Self.now() + seconds }

    /// The earlier of the two.
    func capped(seconds: Double) -> Deadline { Deadline(end: min(end, Self.now() + seconds)) }

    private init(end: Double) { self.end = end }

    /// Milliseconds left for poll(2); a fault once none are.
    func milliseconds(_ waitingFor: String) throws(CacheFault) -> Int32 {
        let left = end - Self.now()
        guard left > 0 else { throw CacheFault(reason: "no answer in time (\(waitingFor))") }
        return Int32(min(left * 1000, Double(Int32.max)).rounded(.up))
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
