import Foundation
import ImageCodecs
import Raster
import Testing
import TestSupport

@testable import ThumbgenKit

/// `build --profile`: the build's own timers charge each image's CPU time to the stage that
/// spent it, and the table and `--json` show them.
@Suite struct ProfileReportTests {
    static func site(formats: String) -> Site {
        let site = Site(manifest: """
            version: 1
            root: site
            slots:
              card: { size: 320x180, scales: [1, 2] }
            output: { formats: [\(formats)] }
            images:
              - path: "*"
                slots: [card]
            """)
        site.original("site/photo.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 1600, height: 1000)))
        site.original("site/badge.png", try! PNGEncoder.encode(Pictures.photo(width: 900, height: 700), options: .init(compression: 1)))
        return site
    }

    @Test func everyStageThatRanIsCharged() throws {
        let site = Self.site(formats: "webp, avif")
        let manifest = try site.loadManifest()
        let summary = try Generator(manifest: manifest, options: BuildOptions(jobs: 2, profile: true)).build()
        let profile = try #require(summary.profile)
        for stage: Stage in [.readHash, .probe, .decode, .resample, OutputFormat.jpeg.stage, OutputFormat.png.stage, OutputFormat.webp.stage, OutputFormat.avif.stage, .placeholder, .write] {
            #expect(profile.stages[stage] > 0, "\(stage.name)")
        }
        #expect(profile.stages.seconds.values.allSatisfy { $0 >= 0 })
        // The stages are the workers' threads; the process adds the main thread (manifest, index).
        #expect(profile.stages.total <= profile.processSeconds + 0.05)
    }

    @Test func noProfileUnlessAsked() throws {
        #expect(try Self.site(formats: "").build().profile == nil)
    }

    @Test func printedAfterTheSummaryAndInJSON() throws {
        let site = Self.site(formats: "")
        let text = site.run(["build", site.manifestPath, "--profile"])
        #expect(text.code == .success)
        #expect(text.err.contains("thumbgen: CPU seconds by stage (thread CPU time, summed over the workers):\n  read+hash "))
        #expect(text.err.range(of: "written")!.lowerBound < text.err.range(of: "CPU seconds by stage")!.lowerBound)

        let json = site.run(["build", site.manifestPath, "--force", "--profile", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let profile = try #require(object["profile"] as? [String: Double])
        #expect(Set(profile.keys) == Set(Formats.profileStages.map(ProfileReport.key) + ["stages", "process"]))
        #expect(profile["decode"]! > 0 && profile["encode_jpeg"]! > 0)
    }

    /// Nested stages are exclusive: the outer one is charged only what its body spent outside them.
    @Test func nestedStagesAreExclusive() {
        func spin(_ seconds: Double) {
            let end = StageClockProbe.now() + seconds
            while StageClockProbe.now() < end {}
        }
        let (_, times) = StageClock.record {
            StageClock.measure(.decode) {
                spin(0.02)
                StageClock.measure(.resample) { spin(0.03) }
            }
        }
        #expect(abs(times[.decode] - 0.02) < 0.01, "\(times[.decode])")
        #expect(abs(times[.resample] - 0.03) < 0.01, "\(times[.resample])")
        // Outside `record` nothing is charged, and the body still runs.
        #expect(StageClock.measure(.write) { 7 } == 7)
    }
}

/// The thread's CPU clock, as the stage clock reads it.
enum StageClockProbe {
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }
}
