import Foundation

/// Another program run to the end, for tests that drive real tools (node, hugo, swift, ldd).
public enum Subprocess {
    /// The first of `candidates` that is an executable file.
    public static func find(_ candidates: [String]) -> String? {
        candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `executable` with `arguments` in `folder`: its exit status and everything it printed
    /// (standard output and error together).
    public static func run(_ executable: String, _ arguments: [String], in folder: URL? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
