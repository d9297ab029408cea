import Foundation
import TestSupport

/// `thumbgen watch` running as a separate process, its standard error read as it comes.
final class WatchProcess: @unchecked Sendable {
    let process: Process
    private let lock = NSLock()
    private var text = ""
    private var ended = false

    init(_ arguments: [String], in folder: String) throws {
        let (process, _, err) = try Executable.start(["watch"] + arguments, in: folder)
        self.process = process
        let handle = err.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let data = handle.availableData
                lock.withLock {
                    if data.isEmpty { ended = true } else { text += String(decoding: data, as: UTF8.self) }
                }
                if data.isEmpty { return }
            }
        }
    }

    /// Everything printed on standard error so far.
    var err: String { lock.withLock { text } }

    /// Lines of standard error that start with `prefix`.
    func lines(startingWith prefix: String) -> [String] {
        err.split(separator: "\n").filter { $0.hasPrefix(prefix) }.map(String.init)
    }

    /// Waits until `condition` holds on standard error (true), or `timeout` seconds pass or the
    /// process ends (false).
    @discardableResult
    func wait(timeout: Double, until condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let (now, done) = lock.withLock { (text, ended) }
            if condition(now) { return true }
            if done { return false }
            usleep(2_000)
        }
        return false
    }

    /// Sends `signal` and waits for the process to end: its exit status (128 + the signal when
    /// a signal ended it).
    func stop(_ signal: Int32 = SIGINT, timeout: Double = 60) -> Int32 {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return -1
        }
        wait(timeout: 5) { _ in false }  // let the reader take the last lines
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

/// Saves `bytes` at `path` the way editors do: a temporary file beside it, then a rename over it.
func saveAtomically(_ bytes: [UInt8], to path: String) throws {
    let temporary = (path as NSString).deletingLastPathComponent + "/.\((path as NSString).lastPathComponent).swp"
    try Data(bytes).write(to: URL(fileURLWithPath: temporary))
    guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
}
