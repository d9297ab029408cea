import Foundation

/// A site folder served on 127.0.0.1 by Tests/BrowserHarness/site_server.py, which records the
/// size of every response body, and the harness page that measures what the site's page shows.
public final class SiteServer {
    public let port: Int
    private let process: Process
    private let input = Pipe()
    private let log: URL

    static let harnessFolder: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { url.deleteLastPathComponent() }  // Tests/TestSupport/file → Tests
        return url.appendingPathComponent("BrowserHarness")
    }()

    /// Starts serving `root`, with `harness` (a file of Tests/BrowserHarness) as
    /// /__thumbgen__/harness.html; stop() ends the server.
    public init(root: URL, harness: String = "harness.html") throws {
        log = FileManager.default.temporaryDirectory.appendingPathComponent("thumbgen-served-\(UUID().uuidString).log")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.harnessFolder.appendingPathComponent("site_server.py").path, root.path,
                             Self.harnessFolder.appendingPathComponent(harness).path, log.path]
        let out = Pipe()
        process.standardInput = input
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line is the port; reading byte by byte keeps the pipe open for nothing else.
        var line = Data()
        while let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data([0x0A]) { line += byte }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            try? input.fileHandleForWriting.close()
            throw NSError(domain: "site_server.py did not start (is python3 installed?)", code: 1)
        }
        self.port = port
    }

    /// Closes the server's standard input, which ends it (a test runner may block SIGTERM for
    /// the processes it starts).
    public func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: log)
    }

    /// The URL of the harness opening `page` in a frame of `width`×`height` CSS pixels, with
    /// scripts on or off.
    public func harness(page: String = "/index.html", width: Int, height: Int, javaScript: Bool) -> URL {
        URL(string: "http://127.0.0.1:\(port)/__thumbgen__/harness.html?js=\(javaScript ? 1 : 0)&w=\(width)&h=\(height)&page=\(page)")!
    }

    /// The responses so far, `(path, bytes)`, and how many of them came before the harness marked
    /// the log (what the page loaded before it was scrolled).
    public func responses() -> (all: [(path: String, bytes: Int)], beforeMark: Int) {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        var all: [(String, Int)] = []
        var beforeMark: Int?
        for line in text.split(separator: "\n") {
            if line == "mark" { beforeMark = beforeMark ?? all.count; continue }
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let bytes = Int(parts[0]) else { continue }
            all.append((String(parts[1]).removingPercentEncoding ?? String(parts[1]), bytes))
        }
        return (all, beforeMark ?? all.count)
    }
}
