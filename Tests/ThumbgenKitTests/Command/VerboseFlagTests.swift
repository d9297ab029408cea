import Foundation
import Testing
import TestSupport

@testable import ThumbgenCLI
@testable import ThumbgenKit

/// `--verbose`: build, check, clean, merge and watch take it and their help names it; it hands
/// the stages a narrator that writes `thumbgen: <line>` to standard error, and without it there
/// is no narrator, so nothing more is printed.
@Suite struct VerboseFlagTests {
    static let commands = ["build", "check", "clean", "merge", "watch"]

    @Test(arguments: commands)
    func isAccepted(_ command: String) throws {
        #expect(try ArgumentParser.parse([command, "--verbose"]).verbose)
        #expect(try ArgumentParser.parse([command, "m.yaml", "--verbose"]).manifest == "m.yaml")
        #expect(try !ArgumentParser.parse([command]).verbose)
    }

    @Test(arguments: commands)
    func isInTheCommandsHelp(_ command: String) throws {
        let help = try #require(Help.text(for: command))
        #expect(help.split(separator: "\n").prefix(2).contains { $0.contains("[--verbose]") }, "\(help)")
    }

    @Test func narratesOnStandardErrorOnlyWhenAsked() throws {
        let captured = CapturedConsole()
        #expect(try ArgumentParser.parse(["build"]).narrator(captured.console) == nil)
        let narrator = try #require(try ArgumentParser.parse(["build", "--verbose"]).narrator(captured.console))
        narrator.say("photos/a.jpg", "decoded at 1/4: the largest rendition is 780 pixels wide")
        #expect(captured.err == "thumbgen: photos/a.jpg: decoded at 1/4: the largest rendition is 780 pixels wide\n")
        #expect(captured.out == "")
    }

    /// On a real site each command runs as it does without the flag: same exit status, same data on
    /// standard output.
    @Test(arguments: [["build"], ["check"], ["build", "--dry-run"], ["clean"]])
    func runsTheCommandAsWithout(_ arguments: [String]) throws {
        let plain = Self.site(), verbose = Self.site()
        let without = plain.run(arguments + [plain.manifestPath])
        let with = verbose.run(arguments + [verbose.manifestPath, "--verbose"])
        #expect(with.code == without.code)
        #expect(with.out == without.out)
        #expect(!without.err.contains("--verbose"))
    }

    static func site() -> Site {
        let site = Site(manifest: """
            version: 1
            root: site
            slots:
              thumb: { size: 60x60, scales: [1] }
            output: { formats: [], placeholder: none }
            images:
              - path: "*.jpg"
                slots: [thumb]
            """)
        site.original("site/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 300, height: 200)))
        return site
    }
}
