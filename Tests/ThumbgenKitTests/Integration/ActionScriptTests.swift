import Foundation
import Testing
import TestSupport

/// The GitHub Action's step (scripts/action.sh, which action.yml runs) run as the runner runs
/// it: the inputs as INPUT_* variables, GITHUB_OUTPUT a file, GITHUB_ACTIONS=true, in the
/// workspace. thumbgen is the binary beside the tests (THUMBGEN_BINARY: no network). The
/// output file is read as GitHub documents it (`name<<DELIMITER` … `DELIMITER`, `name=value`).
@Suite(.needsBinary) struct ActionScriptTests {
    static let project: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // Tests/ThumbgenKitTests/Integration/file → project
        return url
    }()

    /// A site with a photo, a truncated JPEG and a text file: two warnings.
    static func site() -> Site { ProblemsAsDataTests.site() }

    /// The step's exit status, what it printed on standard output, and $GITHUB_OUTPUT's values.
    static func runStep(_ site: Site, args: String) throws -> (status: Int32, out: String, outputs: [String: String]) {
        let outputFile = site.folder.path + "/github-output"
        FileManager.default.createFile(atPath: outputFile, contents: Data("earlier=kept\n".utf8))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [project.path + "/scripts/action.sh"]
        process.currentDirectoryURL = site.folder.url
        process.environment = [
            "PATH": "/usr/bin:/bin", "HOME": site.folder.path, "GITHUB_ACTIONS": "true", "GITHUB_OUTPUT": outputFile,
            "RUNNER_TEMP": site.folder.path, "INPUT_MANIFEST": "manifest.yaml", "INPUT_ARGS": args,
            "INPUT_VERSION": "0.2.0", "INPUT_FROM_SOURCE": "false", "THUMBGEN_BINARY": Executable.url.path,
        ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text, try outputs(String(contentsOfFile: outputFile, encoding: .utf8)))
    }

    /// GitHub's format of $GITHUB_OUTPUT: `name=value` lines and `name<<DELIMITER` blocks.
    static func outputs(_ text: String) throws -> [String: String] {
        var values: [String: String] = [:]
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        while let line = lines.next(), !line.isEmpty {
            if let heredoc = line.range(of: "<<") {
                let delimiter = line[heredoc.upperBound...]
                var body: [Substring] = []
                while let next = lines.next(), next != delimiter { body.append(next) }
                values[String(line[..<heredoc.lowerBound])] = body.joined(separator: "\n")
            } else {
                let parts = line.split(separator: "=", maxSplits: 1)
                values[String(parts[0])] = String(parts.count > 1 ? parts[1] : "")
            }
        }
        return values
    }

    @Test func theStepBuildsPrintsWarningsAndGivesTheSummary() throws {
        let site = Self.site()
        let step = try Self.runStep(site, args: "--jobs 2")
        #expect(step.status == 0)
        #expect(step.out == """
            ::warning file=site/broken.jpg::corrupt or truncated JPEG data (Premature end of JPEG file); the index points to the original
            ::warning file=site/notes.txt::not an image thumbgen reads (JPEG, PNG, GIF, WebP, HEIC, HEIF, AVIF); the index points to the original

            """)
        #expect(step.outputs["earlier"] == "kept")
        #expect(step.outputs["status"] == "0")
        let summary = try #require(step.outputs["summary"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(summary.utf8)) as? [String: Any])
        let index = try site.index("site/renditions.json")
        #expect(object["images"] as? Int == index.images.count)
        let made = try FileManager.default.contentsOfDirectory(atPath: site.folder.path + "/site").filter { $0.contains(".Thumbnail(") }
        #expect(made.count == 2)
        #expect(object["written"] as? Int == made.count)
        let problems = try #require(object["problems"] as? [[String: Any]])
        #expect(problems.map { $0["severity"] as? String } == ["warning", "warning"])
        // What the step wrote is what thumbgen itself has on disk: the index lists a's renditions.
        #expect(try site.index("site/renditions.json").images["a.jpg"]?.renditions.count == 2)
    }

    @Test func strictArgumentsFailTheStepAfterTheOutputsAreWritten() throws {
        let step = try Self.runStep(Self.site(), args: "--strict --jobs 1")
        #expect(step.status == 1)
        #expect(step.out.hasPrefix("::error file=site/broken.jpg::corrupt or truncated JPEG data"))
        #expect(step.outputs["status"] == "1")
        let summary = try #require(step.outputs["summary"])
        #expect(summary.hasPrefix("{") && summary.contains("\"images\":3"))
    }

    @Test func theActionRunsTheScriptWithEveryInput() throws {
        let action = try String(contentsOf: Self.project.appendingPathComponent("action.yml"), encoding: .utf8)
        #expect(action.contains("using: composite"))
        #expect(action.contains("run: '\"$GITHUB_ACTION_PATH/scripts/action.sh\"'"))
        for (input, variable) in [("manifest", "MANIFEST"), ("args", "ARGS"), ("version", "VERSION"), ("from-source", "FROM_SOURCE")] {
            #expect(action.contains("\n  \(input):\n"), "input \(input)")
            #expect(action.contains("INPUT_\(variable): ${{ inputs.\(input) }}"), "INPUT_\(variable)")
        }
        #expect(action.contains("value: ${{ steps.build.outputs.summary }}"))
        #expect(action.contains("value: ${{ steps.build.outputs.status }}"))
    }
}
