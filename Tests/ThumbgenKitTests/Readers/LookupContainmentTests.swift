import Foundation
import Renditions
import Testing
@testable import ThumbgenCLI
@testable import ThumbgenKit

/// `lookup` answers only with paths the index could hold: a hand-edited index that gives an
/// absolute path, a `..` that climbs out of the index's folder, or empty parts is damaged, and
/// lookup says so (exit 2, as for any damaged index) instead of printing the path.
struct LookupContainmentTests {
    static func index(image: String = "photos/a.jpg", file: String, source: String? = nil) -> RenditionIndex {
        RenditionIndex(generator: "thumbgen 0.1.0", images: [
            image: ImageRecord(bytes: 1, format: "jpeg", height: 300, renditions: [
                "thumb@2x": RenditionRecord(bytes: 1, file: file, height: 90,
                                            sources: source.map { [SourceRecord(bytes: 1, file: $0, type: "image/webp")] }, width: 120),
            ], sha256: "", status: .resized, width: 400),
        ], slots: ["thumb": SlotRecord(fit: "inside", scales: [2], size: "60x60")])
    }

    static func lookup(_ index: RenditionIndex, image: String = "photos/a.jpg", _ arguments: [String]) throws -> (ExitCode, CapturedConsole, String) {
        let folder = try TemporaryFolder()
        try folder.write("site/renditions.json", [UInt8](index.encoded()))
        let path = folder.path + "/site/renditions.json"
        let captured = CapturedConsole()
        return (captured.run(["lookup", path, image] + arguments), captured, path)
    }

    @Test(arguments: [
        ("../../etc/passwd", nil),
        ("/etc/passwd", nil),
        ("photos/../../secret.jpg", nil),
        ("photos//a.Thumbnail(120x90).jpg", nil),
        ("./photos/a.Thumbnail(120x90).jpg", nil),
        ("", nil),
        ("photos/a.Thumbnail(120x90).jpg", "../../home/user/.ssh/id_rsa"),
    ] as [(String, String?)])
    func aPathLeavingTheIndexsFolderIsDamage(_ file: String, _ source: String?) throws {
        for arguments in [["--slot", "thumb", "--scale", "2"], ["--pixels", "100x50"],
                          ["--slot", "thumb", "--scale", "2", "--accept", "image/webp"], ["--slot", "thumb", "--scale", "2", "--json"]] {
            let (status, captured, path) = try Self.lookup(Self.index(file: file, source: source), arguments)
            #expect(status == .usage, "\(file) \(arguments)")
            if arguments.contains("--json") {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(captured.out.utf8)) as? [String: Any])
                #expect(object["file"] == nil)
            } else {
                #expect(captured.out == "")
            }
            let shown = source ?? file
            #expect(captured.err.contains("thumbgen: error: \(path): the index is damaged: '\(shown)' (for 'photos/a.jpg') leaves the index's folder; a build writes the index again"),
                    "\(captured.err)")
        }
    }

    @Test func anAbsoluteImagePathIsDamage() throws {
        let (status, captured, path) = try Self.lookup(Self.index(image: "/etc/passwd", file: "/etc/passwd"), image: "/etc/passwd",
                                                       ["--pixels", "1x1"])
        #expect(status == .usage)
        #expect(captured.out == "")
        #expect(captured.err == "thumbgen: error: \(path): the index is damaged: the image path '/etc/passwd' leaves the index's folder; a build writes the index again\n")
    }

    /// An index in a folder of its own names the images above it with `..`, as the build writes it.
    @Test func anIndexInASubfolderStillAnswers() throws {
        let index = Self.index(image: "../photos/a.jpg", file: "../photos/a.Thumbnail(120x90).jpg", source: "../photos/a.Thumbnail(120x90).webp")
        let (status, captured, _) = try Self.lookup(index, image: "../photos/a.jpg", ["--slot", "thumb", "--scale", "2", "--accept", "image/webp"])
        #expect(status == .success)
        #expect(captured.out == "../photos/a.Thumbnail(120x90).webp\n")
        #expect(captured.err == "")
    }

    @Test(arguments: [
        ("photos/a.T.jpg", "photos/a.jpg", true),
        ("a.T.jpg", "a.jpg", true),
        ("../photos/a.T.jpg", "../photos/a.jpg", true),
        ("../../a.T.jpg", "../photos/a.jpg", false),
        ("../a.T.jpg", "photos/a.jpg", false),
        ("photos/../a.T.jpg", "photos/a.jpg", false),
        ("/a.T.jpg", "photos/a.jpg", false),
        ("photos/", "photos/a.jpg", false),
        ("..", "../a.jpg", false),
        ("a\u{0}b.jpg", "a.jpg", false),
        ("photos/a.T.jpg", "/photos/a.jpg", false),
        // A `/` before a combining mark separates, as the file system has it: one climb.
        ("../\u{301}../\u{301}x.jpg", "photos/a.jpg", false),
        ("../\u{301}x.jpg", "../photos/a.jpg", true),
    ])
    func containment(_ file: String, _ image: String, _ contained: Bool) {
        #expect(RenditionIndex.isContained(file, image: image) == contained)
    }
}
