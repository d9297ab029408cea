import Foundation

/// Headless Chromium, for tests that open a page and read what its script wrote into the DOM.
public enum Browser {
    public static let executable: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    public static var isAvailable: Bool { executable != nil }

    /// Headless, local files may fetch each other, scripts and loads run to the end.
    static func arguments(deviceScale: Double, width: Int, height: Int, virtualTime: Int = 10000) -> [String] {
        ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
         "--allow-file-access-from-files", "--virtual-time-budget=\(virtualTime)",
         "--force-device-scale-factor=\(deviceScale)", "--window-size=\(width),\(height)",
         "--user-data-dir=\(FileManager.default.temporaryDirectory.path)/thumbgen-chromium-\(UUID().uuidString)"]
    }

    /// The DOM of `url` once its scripts have run, at a device scale factor. Headless Chromium
    /// keeps its window at least 500 pixels wide: open a narrower page in a frame. `hosts` are
    /// names the page's links use (a site's own address, `example.org`) that lead to `server`
    /// (`127.0.0.1:PORT`); every other name is left unresolved, so nothing leaves the machine.
    public static func dumpDOM(_ url: URL, deviceScale: Double = 1, width: Int = 1200, height: Int = 900,
                               virtualTime: Int = 10000, hosts: [String] = [], server: String = "") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable!)
        let rules = hosts.map { "MAP \($0) \(server)" } + ["MAP * ~NOTFOUND", "EXCLUDE 127.0.0.1"]
        process.arguments = arguments(deviceScale: deviceScale, width: width, height: height, virtualTime: virtualTime)
            + (hosts.isEmpty ? [] : ["--host-resolver-rules=" + rules.joined(separator: ",")])
            + ["--dump-dom", url.absoluteString]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
