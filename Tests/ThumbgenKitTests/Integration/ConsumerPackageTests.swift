import Foundation
import Renditions
import Testing
import TestSupport

/// An app's own package (Tests/ConsumerPackage) that depends on `Renditions` alone builds, links
/// none of the generator's C libraries, and resolves an index. Slow (a build of its own), so it
/// keeps its build folder in .build/consumer between runs.
@Suite struct ConsumerPackageTests {
    static let project: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // Tests/ThumbgenKitTests/Integration/file → project
        return url
    }()

    @Test func aPackageThatDependsOnRenditionsAloneBuildsAndResolves() throws {
        let package = Self.project.appendingPathComponent("Tests/ConsumerPackage")
        let scratch = Self.project.appendingPathComponent(".build/consumer").path
        let build = try Subprocess.run("/usr/bin/env", ["swift", "build", "--package-path", package.path, "--scratch-path", scratch, "-c", "release"])
        try #require(build.status == 0, "\(build.output)")
        let binary = scratch + "/release/Consumer"

        let linked = try Subprocess.run("/usr/bin/ldd", [binary]).output
        for library in ["libjpeg", "libpng", "libexif", "libyaml", "libcrypto", "libdeflate"] {
            #expect(!linked.contains(library), "the consumer links \(library)")
        }

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumbgen-consumer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let index = RenditionIndex(generator: "thumbgen", images: ["images/a.jpg": ImageRecord(
            bytes: 1, format: "jpeg", height: 3000, renditions: [
                "avatar@3x": RenditionRecord(bytes: 1, file: "images/a.Thumbnail(288x288).jpg", height: 288, type: "image/jpeg", width: 288),
            ], sha256: "", status: .resized, width: 4000)],
            slots: ["avatar": SlotRecord(fit: "cover", scales: [3], size: "96x96")])
        try index.encoded().write(to: folder.appendingPathComponent("renditions.json"))
        let answer = try Subprocess.run(binary, [folder.path + "/renditions.json", "images/a.jpg", "avatar", "3"])
        #expect(answer.status == 0)
        #expect(answer.output == """
            images/a.Thumbnail(288x288).jpg scale 3.0 96.0x96.0 points rendition
            \(folder.path)/images/a.Thumbnail(288x288).jpg
            not in the bundle

            """)
    }
}
