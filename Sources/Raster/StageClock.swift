import Glibc

/// What a build's CPU time is spent on (`thumbgen build --profile`), by the name its profile
/// table shows. The stages of the pipeline are here; each output format's encoder is a stage
/// of its own, declared with the format (ImageCodecs' `Formats.profileStages` lists them all in
/// the profile's order).
public struct Stage: Hashable, Sendable {
    /// The stage's name in the profile's table (`encode jpeg`); its `--json` key is made from it.
    public let name: String

    public init(_ name: String) { self.name = name }

    public static let readHash = Stage("read+hash")
    public static let probe = Stage("probe")
    public static let decode = Stage("decode")
    public static let colour = Stage("colour")
    public static let resample = Stage("resample")
    public static let orient = Stage("orient")
    public static let placeholder = Stage("placeholder")
    public static let write = Stage("write")
    public static let other = Stage("other")

    /// The profile's rows before the encoders' and after them.
    public static let beforeEncoding = [readHash, probe, decode, colour, resample, orient]
    public static let afterEncoding = [placeholder, write, other]
}

/// CPU seconds by stage.
public struct StageTimes: Sendable, Equatable {
    /// Only the stages time was charged to.
    public var seconds: [Stage: Double] = [:]

    public init() {}

    public subscript(stage: Stage) -> Double {
        get { seconds[stage] ?? 0 }
        set { seconds[stage] = newValue }
    }

    public var total: Double { seconds.values.reduce(0, +) }

    public static func += (lhs: inout StageTimes, rhs: StageTimes) {
        lhs.seconds.merge(rhs.seconds, uniquingKeysWith: +)
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
