import Glibc
import Raster

/// `build --profile`: where a build's CPU time went, from its own timers.
public struct BuildProfile: Sendable, Equatable {
    /// Thread CPU seconds by stage, summed over every image job on every worker.
    public var stages = StageTimes()
    /// The process's user and system CPU seconds at the end of the build: the stages plus what
    /// ran outside the image jobs (manifest, index, pruning, thread start-up).
    public var processSeconds = 0.0

    public init(stages: StageTimes, processSeconds: Double) {
        self.stages = stages
        self.processSeconds = processSeconds
    }

    init(outcomes: [ImageOutcome]) {
        for outcome in outcomes { if let times = outcome.profile { stages += times } }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        processSeconds = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) * 1e-6
    }
}
