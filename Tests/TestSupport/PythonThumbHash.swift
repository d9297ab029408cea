import Foundation

/// The reference ThumbHash encoder of PyPI's `thumbhash` package, run in `python3` (installed by
/// `scripts/install-deps.sh --test`). Under `CI=true` a missing package fails the tests that need
/// it; elsewhere they are skipped, saying so.
public enum PythonThumbHash {
    public static let isAvailable: Bool = (try? run("import thumbhash", input: "")) != nil

    /// True when the tests that need the package must run: it is there, or this is CI (where its
    /// absence is a failure, not a skip).
    public static var mustRun: Bool { isAvailable || ProcessInfo.processInfo.environment["CI"] == "true" }

    public static let missing = "python3 with the `thumbhash` package (scripts/install-deps.sh --test installs it)"

    /// The package's hash of each image. Its encoder fails on any image with alpha (in 0.1.2,
    /// `a_dc, a_ac, a_scale = encode_channel(…) if has_alpha else 1.0, [], 1.0` binds the
    /// conditional to the first name only); the script fixes that one line and asserts it did.
    public static func hashes(_ images: [(width: Int, height: Int, rgba: [UInt8])]) throws -> [[UInt8]] {
        let script = """
            import inspect, json, sys, thumbhash
            source = inspect.getsource(thumbhash)
            broken = "encode_channel(a, 5, 5) if has_alpha else 1.0, [], 1.0"
            if broken in source:
                source = source.replace(broken, "encode_channel(a, 5, 5) if has_alpha else (1.0, [], 1.0)")
                namespace = {"__name__": "thumbhash_fixed"}
                exec(compile(source, "thumbhash_fixed", "exec"), namespace)
                encode = namespace["rgba_to_thumb_hash"]
            else:
                encode = thumbhash.rgba_to_thumb_hash
            images = json.load(sys.stdin)
            print(json.dumps([list(encode(w, h, rgba)) for w, h, rgba in images]))
            """
        let input = "[" + images.map { "[\($0.width),\($0.height),[\($0.rgba.map(String.init).joined(separator: ","))]]" }
            .joined(separator: ",") + "]"
        let output = try run(script, input: input)
        return try JSONDecoder().decode([[UInt8]].self, from: Data(output.utf8))
    }

    /// The package's average colour of a hash (`thumb_hash_to_average_rgba`), channels 0...1.
    public static func averageColors(_ hashes: [[UInt8]]) throws -> [[Double]] {
        let script = """
            import json, sys, thumbhash
            print(json.dumps([list(thumbhash.thumb_hash_to_average_rgba(h)) for h in json.load(sys.stdin)]))
            """
        let input = "[" + hashes.map { "[\($0.map(String.init).joined(separator: ","))]" }.joined(separator: ",") + "]"
        return try JSONDecoder().decode([[Double]].self, from: Data(try run(script, input: input).utf8))
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `python3 -c script` with `input` on standard input; its standard output, or an error
    /// with its standard error when it fails.
    static func run(_ script: String, input: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python3 failed: \(String(decoding: errors, as: UTF8.self))")
        }
        return String(decoding: output, as: UTF8.self)
    }
}
