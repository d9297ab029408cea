import Foundation
import Testing
import TestSupport

@testable import ThumbgenCLI
@testable import ThumbgenKit

@Suite struct ProgressReporterTests {
    final class FakeClock: @unchecked Sendable {
        var now = 100.0
    }

    /// Off a terminal: nothing in the first two seconds, then a line at each new 10% or every
    /// five seconds, whichever comes first.
    @Test func plainLinesAtTenPercentsOrEveryFewSeconds() {
        let err = Captured()
        let clock = FakeClock()
        let reporter = ProgressReporter(console: Console(out: { _ in }, err: { err.append($0) }, isTerminal: false),
                                        clock: { clock.now })
        clock.now = 101; reporter.update(done: 15, total: 100)   // 1 s: too early
        clock.now = 102; reporter.update(done: 20, total: 100)   // 20%
        clock.now = 103; reporter.update(done: 21, total: 100)   // same decile, 1 s later: nothing
        clock.now = 108; reporter.update(done: 22, total: 100)   // 6 s later: a line
        clock.now = 109; reporter.update(done: 35, total: 100)   // 30%
        clock.now = 120; reporter.update(done: 100, total: 100)  // done: the summary says it
        #expect(err.text == """
            thumbgen: 20/100 images (20%), 10.0 images/s, about 8 s left
            thumbgen: 22/100 images (22%), 2.8 images/s, about 28 s left
            thumbgen: 35/100 images (35%), 3.9 images/s, about 17 s left

            """)
    }

    @Test func liveLineFitsTheTerminal() {
        let line = ProgressReporter.liveLine(done: 40, total: 400, rate: 12.34, remaining: 29.2, width: 60)
        #expect(line == "[##--------------------------] 40/400  12.3 img/s  ETA 0:29")
        #expect(line.count < 60)
        #expect(ProgressReporter.clock(3725) == "62:05")
        #expect(ProgressReporter.duration(30) == "30 s" && ProgressReporter.duration(600) == "10 min")
    }

    @Test func aTerminalGetsOneLineRedrawnInPlace() {
        let err = Captured()
        let reporter = ProgressReporter(console: Console(out: { _ in }, err: { err.append($0) }, isTerminal: true), clock: { 5 })
        reporter.update(done: 1, total: 2)
        reporter.update(done: 2, total: 2)
        reporter.finish()
        #expect(err.text.hasPrefix("\r["))
        #expect(!err.text.contains("\n"))
        #expect(err.text.hasSuffix("\r\u{1B}[K"))
    }
}
