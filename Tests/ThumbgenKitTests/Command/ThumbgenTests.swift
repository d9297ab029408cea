import Foundation
import Renditions
import Testing
@testable import ThumbgenCLI
@testable import ThumbgenKit

/// The whole program as `main` runs it: what goes to standard output and error, and the exit code.
struct ThumbgenTests {
    @Test func printsTheVersion() {
        let captured = CapturedConsole()
        #expect(captured.run(["--version"]) == .success)
        #expect(captured.out.hasPrefix("thumbgen 0.2.0\nrendering \(Recipe.renderingVersion)\n"))  // the libraries follow
        #expect(captured.err == "")
    }

    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func printsHelp(_ arguments: [String]) {
        let captured = CapturedConsole()
        #expect(captured.run(arguments) == .success)
        #expect(captured.out == Help.overview + "\n")
        #expect(captured.out.contains("usage: thumbgen [COMMAND] [MANIFEST] [OPTIONS]"))
        #expect(captured.err == "")
    }

    @Test(arguments: Request.Command.allCases)
    func printsHelpForEveryCommand(_ command: Request.Command) throws {
        let captured = CapturedConsole()
        #expect(captured.run(["help", command.rawValue]) == .success)
        #expect(captured.out == (try #require(Help.text(for: command.rawValue))) + "\n")
    }

    /// An option the parser takes and no help text names is an option nobody finds.
    @Test(arguments: ArgumentParser.flags + ArgumentParser.valued)
    func helpNamesEveryOption(_ option: String) {
        let texts = [Help.overview] + Request.Command.allCases.compactMap { Help.text(for: $0.rawValue) }
        #expect(texts.contains { $0.contains(option) }, "no help text names \(option)")
    }

    @Test func refusesHelpForAnUnknownCommand() {
        let captured = CapturedConsole()
        #expect(captured.run(["help", "biuld"]) == .usage)
        #expect(captured.out == "")
        #expect(captured.err == "thumbgen: error: no command 'biuld' (did you mean 'build'?)\n")
    }

    @Test func reportsAUsageErrorWithExitTwo() {
        let captured = CapturedConsole()
        #expect(captured.run(["--jobs", "0"]) == .usage)
        #expect(captured.err == "thumbgen: error: --jobs must be a whole number from 1 to 1024, but it is '0'\n")
    }

    @Test func dryRunPrintsThePlanAndWritesNothing() throws {
        let folder = try TemporaryFolder()
        try folder.write("photos/beach.png", pngHeader(width: 4032, height: 3024))
        try folder.write("icon.png", pngHeader(width: 50, height: 40))
        try folder.write("manifest.yaml", text: """
            version: 1
            slots:
              thumb: { size: 60x60, scales: [1, 2], fit: cover }
              hero: { size: 390x, scales: [2] }
            images:
              - path: photos/*.png
                slots: [hero, thumb]
              - path: icon.png
                slots: [thumb]
            """)
        let before = folder.listing()
        let captured = CapturedConsole()
        #expect(captured.run(["build", "--dry-run", folder.path + "/manifest.yaml"]) == .success)
        #expect(captured.out == """
            new\tphotos/beach.Thumbnail(780x585).png\tphotos/beach.png
            new\tphotos/beach.Thumbnail(780x585).webp\tphotos/beach.png
            new\tphotos/beach.Thumbnail(120x120).png\tphotos/beach.png
            new\tphotos/beach.Thumbnail(120x120).webp\tphotos/beach.png
            new\tphotos/beach.Thumbnail(60x60).png\tphotos/beach.png
            new\tphotos/beach.Thumbnail(60x60).webp\tphotos/beach.png

            """)
        #expect(folder.listing() == before)
    }

    @Test func lookupPrintsWhatAClientWouldShow() throws {
        let folder = try TemporaryFolder()
        let index = RenditionIndex(generator: "thumbgen 0.1.0", images: [
            "photos/a.jpg": ImageRecord(bytes: 1, format: "jpeg", height: 300, renditions: [
                "thumb@2x": RenditionRecord(bytes: 1, file: "photos/a.Thumbnail(120x90).jpg", height: 90, width: 120),
            ], sha256: "", status: .resized, width: 400),
        ], slots: ["thumb": SlotRecord(fit: "inside", scales: [2], size: "60x60")])
        try folder.write("renditions.json", [UInt8](index.encoded()))
        let path = folder.path + "/renditions.json"

        for (arguments, expected) in [
            (["--slot", "thumb", "--scale", "2"], "photos/a.Thumbnail(120x90).jpg\n"),
            (["--slot", "thumb", "--scale", "3"], "photos/a.Thumbnail(120x90).jpg\n"),  // the largest scale the slot lists
            (["--slot", "hero", "--scale", "2"], "photos/a.jpg\n"),  // a slot the index does not know
            (["--pixels", "100x50"], "photos/a.Thumbnail(120x90).jpg\n"),
        ] {
            let captured = CapturedConsole()
            #expect(captured.run(["lookup", path, "photos/a.jpg"] + arguments) == .success)
            #expect(captured.out == expected)
            #expect(captured.err == "")
        }
    }

    @Test func lookupReportsAMissingIndex() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/renditions.json"
        let captured = CapturedConsole()
        #expect(captured.run(["lookup", path, "a.jpg", "--pixels", "1x1"]) == .usage)
        #expect(captured.out == "")
        #expect(captured.err.hasPrefix("thumbgen: error: \(path): cannot read the index: "))
    }

    @Test func aMissingManifestExitsTwo() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/manifest.yaml"
        let captured = CapturedConsole()
        #expect(captured.run(["build", path, "--dry-run"]) == .usage)
        #expect(captured.err.hasPrefix("\(path): error: no manifest here. Create one; a minimal manifest is:\n"))
        #expect(captured.err.hasSuffix("\nthumbgen: 1 error in \(path); nothing was written\n"))
        #expect(folder.listing() == [])
    }
}
