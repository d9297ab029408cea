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

enum ProfileReport {
    /// The table printed after the summary: every stage, its seconds and share of the stages' total.
    static func text(_ profile: BuildProfile) -> String {
        let total = profile.stages.total
        var text = "thumbgen: CPU seconds by stage (thread CPU time, summed over the workers):\n"
        for stage in Stage.allCases {
            let seconds = profile.stages[stage]
            let share = total > 0 ? fixed(100 * seconds / total, 1) + "%" : "–"
            text += "  " + stage.name.padding(12) + fixed(seconds, 3).leftPadded(9) + share.leftPadded(8) + "\n"
        }
        text += "  " + "stages".padding(12) + fixed(total, 3).leftPadded(9) + "\n"
        text += "  " + "process".padding(12) + fixed(profile.processSeconds, 3).leftPadded(9) + "  (user + system, whole run)\n"
        return text
    }

    /// `"profile"` in `--json`: seconds by stage (keys `read_hash`, `encode_jpeg`, …), their total and the process's.
    static func json(_ profile: BuildProfile) -> [String: Double] {
        var object: [String: Double] = [:]
        for stage in Stage.allCases { object[key(stage)] = rounded(profile.stages[stage]) }
        object["stages"] = rounded(profile.stages.total)
        object["process"] = rounded(profile.processSeconds)
        return object
    }

    static func key(_ stage: Stage) -> String {
        String(stage.name.map { $0 == " " || $0 == "+" ? "_" : $0 })
    }

    private static func rounded(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }
}

private extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
