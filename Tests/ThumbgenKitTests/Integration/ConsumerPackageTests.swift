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

    /// The README's snippet as an app writes it, against a git clone of this repository in a
    /// folder named `tg` and tagged `v0.2.0` (a file:// URL: no network): `from: "0.2.0"`
    /// resolves the tag, the package is named after the URL's last part (`tg`), and naming it
    /// `thumbgen` there fails with SwiftPM's own message, as the README warns.
    @Test func theReadmeSnippetResolvesAgainstATaggedCloneNamedOtherwise() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumbgen-spm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("app/Sources/App"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clone = folder.appendingPathComponent("tg")
        #expect(try Subprocess.run("/usr/bin/git", ["clone", "--quiet", Self.project.path, clone.path]).status == 0)
        #expect(try Subprocess.run("/usr/bin/git", ["-C", clone.path, "tag", "v0.2.0"]).status == 0)
        let manifest = { (name: String) in """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(
                name: "App",
                dependencies: [.package(url: "\(clone.absoluteString)", from: "0.2.0")],
                targets: [.executableTarget(name: "App", dependencies: [.product(name: "Renditions", package: "\(name)")])]
            )
            """ }
        let app = folder.appendingPathComponent("app")
        try Data("import Renditions\nprint(RenditionIndex(generator: \"thumbgen\").generator)\n".utf8)
            .write(to: app.appendingPathComponent("Sources/App/main.swift"))
        let scratch = folder.appendingPathComponent("scratch").path
        let swift = { (arguments: [String]) in try Subprocess.run("/usr/bin/env", ["swift"] + arguments + ["--package-path", app.path, "--scratch-path", scratch]) }

        try Data(manifest("thumbgen").utf8).write(to: app.appendingPathComponent("Package.swift"))
        let wrong = try swift(["package", "resolve"])
        #expect(wrong.output.contains("unknown package 'thumbgen' in dependencies of target 'App'; valid packages are: 'tg'"), "\(wrong.output)")

        try Data(manifest("tg").utf8).write(to: app.appendingPathComponent("Package.swift"))
        let resolve = try swift(["package", "resolve"])
        try #require(resolve.status == 0, "\(resolve.output)")
        let resolved = try String(contentsOf: app.appendingPathComponent("Package.resolved"), encoding: .utf8)
        #expect(resolved.contains("\"identity\" : \"tg\""))
        #expect(resolved.contains("\"version\" : \"0.2.0\""))
        let build = try swift(["build", "-c", "release"])
        try #require(build.status == 0, "\(build.output)")
        #expect(try Subprocess.run(scratch + "/release/App", []).output == "thumbgen\n")
    }
}
