import FoundationEssentials
import Glibc
import ThumbgenKit

/// Build progress on standard error: on a terminal one live line (bar, images done of total, rate,
/// time left) redrawn in place; elsewhere (CI logs) a plain line every few seconds or every 10%.
final class ProgressReporter: @unchecked Sendable {
    /// Seconds between plain lines at the most.
    static let interval = 5.0
    /// A build this quick prints no plain progress at all.
    static let quiet = 2.0

    private let console: Console
    private let clock: @Sendable () -> Double
    private let lock = Condition()
    private var started: Double
    private var lastLine: Double
    private var lastDecile = 0
    private var drewLive = false

    /// `clock` gives seconds; tests pass their own.
    init(console: Console, clock: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }) {
        self.console = console
        self.clock = clock
        started = clock()
        lastLine = started
    }

    /// Counts the rate and the time left from now (a build that waited for the lock starts here).
    func restart() {
        lock.withLock {
            started = clock()
            lastLine = started
        }
    }

    func update(done: Int, total: Int) {
        lock.withLock { draw(done: done, total: total) }
    }

    private func draw(done: Int, total: Int) {
        let now = clock()
        let elapsed = now - started
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let remaining = rate > 0 ? Double(total - done) / rate : 0
        if console.isTerminal {
            console.redraw(Self.liveLine(done: done, total: total, rate: rate, remaining: remaining, width: Self.terminalWidth()))
            drewLive = true
            return
        }
        let decile = total > 0 ? done * 10 / total : 10
        guard done < total, elapsed >= Self.quiet, decile > lastDecile || now - lastLine >= Self.interval else { return }
        lastDecile = decile
        lastLine = now
        console.err(Self.plainLine(done: done, total: total, rate: rate, remaining: remaining) + "\n")
    }

    /// Clears the live line before the summary is printed.
    func finish() {
        lock.withLock {
            if drewLive { console.clearLine() }
        }
    }

    /// `thumbgen: 40/400 images (10%), 12.3 images/s, about 29 s left`
    static func plainLine(done: Int, total: Int, rate: Double, remaining: Double) -> String {
        let percent = total > 0 ? done * 100 / total : 100
        return "thumbgen: \(done)/\(total) images (\(percent)%), \(fixed(rate, 1)) images/s, about \(duration(remaining)) left"
    }

    /// `[########------------]  40/400  12.3 img/s  ETA 0:29`, fitted to the terminal's width.
    static func liveLine(done: Int, total: Int, rate: Double, remaining: Double, width: Int) -> String {
        let tail = " \(done)/\(total)  \(fixed(rate, 1)) img/s  ETA \(clock(remaining))"
        let barWidth = max(10, min(40, width - tail.count - 3))
        let filled = total > 0 ? barWidth * done / total : barWidth
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]" + tail
    }

    static func duration(_ seconds: Double) -> String {
        seconds < 90 ? "\(Int(seconds.rounded())) s" : "\(Int((seconds / 60).rounded())) min"
    }

    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        return "\(total / 60):\(twoDigits(total % 60))"
    }

    static func terminalWidth() -> Int {
        var size = winsize()
        return ioctl(2, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
    }
}
