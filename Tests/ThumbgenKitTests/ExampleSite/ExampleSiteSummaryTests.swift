import Foundation
import Testing
import TestSupport

/// The figures the README quotes from a build of the example site are the figures a build of it
/// prints: the summary of a clean build (every line but the seconds), and the `--json` object of
/// the build after it. The originals are copied from the built example site into a folder of
/// their own, without a rendition, and built there with the root manifest.
@Suite struct ExampleSiteSummaryTests {
    static let project = ExampleSiteBrowserTests.site.deletingLastPathComponent()

    /// The README's code block that follows the line containing `marker`.
    static func readmeBlock(after marker: String) throws -> String {
        let readme = try String(contentsOf: project.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: marker), "the README says '\(marker)'")
        let rest = readme[start.upperBound...]
        let open = try #require(rest.range(of: "```"))
        let body = rest[open.upperBound...].drop { $0 != "\n" }.dropFirst()
        let close = try #require(body.range(of: "```"))
        return String(body[..<close.lowerBound])
    }

    /// What varies from run to run: the seconds.
    static func withoutSeconds(_ text: String) -> String {
        text.replacingOccurrences(of: #" in [0-9.]+ s\b"#, with: " in N s", options: .regularExpression)
            .replacingOccurrences(of: #""seconds":[0-9.]+"#, with: #""seconds":N"#, options: .regularExpression)
    }

    @Test(.needs("the example site built (make thumbs)") { ExampleSiteBrowserTests.isBuilt && Executable.exists },
          .enabled(if: !ExampleSiteBrowserTests.isOtherSite, "measuring another site"))
    func theReadmeQuotesWhatABuildPrints() throws {
        let folder = ScratchFolder("example-summary")
        let images = folder.url.appendingPathComponent("example-site/images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        let built = ExampleSiteBrowserTests.site.appendingPathComponent("images")
        for name in try FileManager.default.contentsOfDirectory(atPath: built.path) where !name.contains(".Thumbnail(") {
            try FileManager.default.copyItem(at: built.appendingPathComponent(name), to: images.appendingPathComponent(name))
        }
        try FileManager.default.copyItem(at: Self.project.appendingPathComponent("manifest.yaml"), to: folder.url.appendingPathComponent("manifest.yaml"))

        let first = try Executable.run(["build", "manifest.yaml", "--jobs", "2"], in: folder.url.path)
        #expect(first.status == 0, "\(first.err)")
        let quoted = try Self.readmeBlock(after: "the example site, as `make thumbs` prints them):")
        // A progress line every 5 s goes to a log; the README shows a build that had none.
        let printed = first.err.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains(" images/s") }.joined(separator: "\n")
        #expect(Self.withoutSeconds(printed) == Self.withoutSeconds(quoted))

        let second = try Executable.run(["build", "manifest.yaml", "--json"], in: folder.url.path)
        #expect(second.status == 0, "\(second.err)")
        let json = try Self.readmeBlock(after: "`--json` prints one object on standard output, for every command. A build's:")
        #expect(Self.withoutSeconds(second.out) == Self.withoutSeconds(json))
    }
}
