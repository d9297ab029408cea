import Glibc
import ImageCodecs
import Raster

package enum ProfileReport {
    /// The table printed after the summary: every stage, its seconds and share of the stages' total.
    package static func text(_ profile: BuildProfile) -> String {
        let total = profile.stages.total
        var text = "thumbgen: CPU seconds by stage (thread CPU time, summed over the workers):\n"
        for stage in Formats.profileStages {
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
        for stage in Formats.profileStages { object[key(stage)] = rounded(profile.stages[stage]) }
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
