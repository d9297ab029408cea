import Glibc

/// What a build's CPU time is spent on (`thumbgen build --profile`).
public enum Stage: Int, CaseIterable, Sendable {
    case readHash, probe, decode, colour, resample, orient, encodeJPEG, encodePNG, encodeWebP, encodeAVIF, placeholder, write, other

    /// The stage's name in the profile's table and its `--json` key.
    public var name: String {
        switch self {
        case .readHash: "read+hash"
        case .probe: "probe"
        case .decode: "decode"
        case .colour: "colour"
        case .resample: "resample"
        case .orient: "orient"
        case .encodeJPEG: "encode jpeg"
        case .encodePNG: "encode png"
        case .encodeWebP: "encode webp"
        case .encodeAVIF: "encode avif"
        case .placeholder: "placeholder"
        case .write: "write"
        case .other: "other"
        }
    }
}

/// CPU seconds by stage.
public struct StageTimes: Sendable, Equatable {
    public var seconds = [Double](repeating: 0, count: Stage.allCases.count)

    public init() {}

    public subscript(stage: Stage) -> Double {
        get { seconds[stage.rawValue] }
        set { seconds[stage.rawValue] = newValue }
    }

    public var total: Double { seconds.reduce(0, +) }

    public static func += (lhs: inout StageTimes, rhs: StageTimes) {
        for index in lhs.seconds.indices { lhs.seconds[index] += rhs.seconds[index] }
    }
}

/// Charges the calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`) to stages. Time is
/// exclusive: what a nested stage spends is its own, not its caller's. A clock is installed on
/// a thread for the length of one job (`record`); where none is installed, `measure` only runs
/// its body, so code that is not being profiled pays one thread-local read.
public final class StageClock {
    private var times = StageTimes()
    private var current = Stage.other
    private var mark: Double

    private init() { mark = Self.threadSeconds() }

    /// Runs `body` with a clock on this thread and returns what it spent, by stage. Time not
    /// inside any `measure` is `other`.
    public static func record<T>(_ body: () throws -> T) rethrows -> (T, StageTimes) {
        let clock = StageClock()
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(clock).toOpaque())
        defer { pthread_setspecific(key, previous) }
        let result = try withExtendedLifetime(clock) { try body() }
        clock.charge()
        return (result, clock.times)
    }

    /// Runs `body`, charging its time to `stage` (less what stages nested in it take).
    @inline(__always)
    public static func measure<T, E: Error>(_ stage: Stage, _ body: () throws(E) -> T) throws(E) -> T {
        guard let raw = pthread_getspecific(key) else { return try body() }
        let clock = Unmanaged<StageClock>.fromOpaque(raw).takeUnretainedValue()
        let outer = clock.current
        clock.charge()
        clock.current = stage
        defer {
            clock.charge()
            clock.current = outer
        }
        return try body()
    }

    private func charge() {
        let now = Self.threadSeconds()
        times[current] += now - mark
        mark = now
    }

    static func threadSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }

    /// The thread-local slot holding the current thread's clock (unretained: `record` keeps it alive).
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}
