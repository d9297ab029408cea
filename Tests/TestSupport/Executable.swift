import Foundation

/// The `thumbgen` binary built beside the test bundle, run as a separate process.
public enum Executable {
    public static var url: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("thumbgen")
    }

    public static var exists: Bool { FileManager.default.isExecutableFile(atPath: url.path) }

    /// Starts `thumbgen` with `arguments`; standard output and error go to the returned pipes.
    /// `environment`: variables set (or replaced) in the test's own environment for the run.
    public static func start(_ arguments: [String], in folder: String? = nil, environment: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        }
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return (process, out, err)
    }

    /// How a run through another program ended.
    public struct Result: Sendable {
        /// The exit status, or the signal that ended the process when `signalled`.
        public var status: Int32
        public var signalled: Bool
        public var out: String
        public var err: String
    }

    /// Runs `thumbgen` to the end through `wrapper` (a program and its first arguments, such
    /// as `prlimit --as=N --`), which ends by executing thumbgen with `arguments`.
    public static func run(_ arguments: [String], through wrapper: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: wrapper[0])
        process.arguments = Array(wrapper.dropFirst()) + [url.path] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                      out: String(decoding: output, as: UTF8.self), err: String(decoding: errors, as: UTF8.self))
    }

    /// Runs `thumbgen` to the end: exit status, standard output, standard error.
    public static func run(_ arguments: [String], in folder: String? = nil,
                           environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        let (process, out, err) = try start(arguments, in: folder, environment: environment)
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }
}
