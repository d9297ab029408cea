import Foundation

/// The `thumbgen` binary built beside the test bundle, run as a separate process.
public enum Executable {
    public static var url: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("thumbgen")
    }

    public static var exists: Bool { FileManager.default.isExecutableFile(atPath: url.path) }

    /// Starts `thumbgen` with `arguments`; standard output and error go to the returned pipes.
    public static func start(_ arguments: [String], in folder: String? = nil) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return (process, out, err)
    }

    /// Runs `thumbgen` to the end: exit status, standard output, standard error.
    public static func run(_ arguments: [String], in folder: String? = nil) throws -> (status: Int32, out: String, err: String) {
        let (process, out, err) = try start(arguments, in: folder)
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }
}
