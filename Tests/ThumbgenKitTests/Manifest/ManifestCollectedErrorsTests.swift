import Foundation
import Testing
@testable import ThumbgenKit

/// Every error of a manifest comes out in one run, sorted by place, and the command that meets
/// them exits 2 having written nothing.
struct ManifestCollectedErrorsTests {
    static let manyErrors = """
        version: 2
        index: ../out.json
        slots:
          thumb: { size: 60x0, scales: [1, 1], fit: cove }
          card: { size: 320x180, scales: [2] }
        images:
          - path: ../a.jpg
            slots: [thumbs]
          - path: missing.jpg
            slots: [card]
        extra: true

        """

    static let expected = [
        "1:10: error: manifest version 2 is newer than this thumbgen understands (1); update thumbgen",
        "2:8: error: index '../out.json' must be a path under root, without '..' or a leading '/'",
        "4:18: error: the height of slot 'thumb' must be more than 0, but it is 0",
        "4:36: error: scale 1 is listed twice in slot 'thumb'",
        "4:45: error: unknown fit 'cove' (did you mean 'cover'?); use 'inside' or 'cover'",
        "7:11: error: path '../a.jpg' leaves root; image paths are relative to root ('.') and may not use '..'",
        "8:13: error: unknown slot 'thumbs' (did you mean 'thumb'?)",
        "9:11: error: no file 'missing.jpg' under '.'",
        "11:1: error: unknown key 'extra' in the manifest; known keys: version, root, index, output, limits, web, cache, slots, images",
    ]

    @Test func collectsEveryErrorSortedByLineAndColumn() throws {
        let (lines, _) = try ManifestCase("many", Self.manyErrors).diagnostics()
        #expect(lines == Self.expected.map { "manifest.yaml:" + $0 })
    }

    @Test func dryRunExitsTwoAndWritesNothing() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.jpg")
        try folder.write("manifest.yaml", text: Self.manyErrors)
        let manifest = folder.url.appendingPathComponent("manifest.yaml").path
        let before = folder.listing()

        let captured = CapturedConsole()
        let status = captured.run(["build", manifest, "--dry-run"])

        #expect(status == .usage)
        #expect(captured.out == "")
        let lines = Self.expected.map { "\(manifest):\($0)" }
        #expect(captured.err == (lines + ["thumbgen: 9 errors in \(manifest); nothing was written"]).joined(separator: "\n") + "\n")
        #expect(folder.listing() == before)
    }

    @Test func oneErrorIsCountedInTheSingular() throws {
        let folder = try TemporaryFolder()
        try folder.write("manifest.yaml", text: "version: 1\n")
        let manifest = folder.url.appendingPathComponent("manifest.yaml").path

        let captured = CapturedConsole()
        #expect(captured.run(["build", manifest, "--dry-run"]) == .usage)
        #expect(captured.err.hasSuffix("\nthumbgen: 2 errors in \(manifest); nothing was written\n"))

        try folder.write("manifest.yaml", text: "version: 1\nslots: { t: { size: 1x1, scales: [1] } }\nimages: []\n")
        let again = CapturedConsole()
        #expect(again.run(["build", manifest, "--dry-run"]) == .usage)
        #expect(again.err == """
            \(manifest):3:9: error: images is empty; list at least one image
            thumbgen: 1 error in \(manifest); nothing was written

            """)
        #expect(folder.listing() == ["manifest.yaml"])
    }
}

/// Problems with the manifest file itself, before any YAML is read.
struct ManifestFileErrorTests {
    @Test func aMissingManifestShowsAStarter() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("manifest.yaml").path
        let error = #expect(throws: DiagnosticsError.self) { try ManifestLoader.load(path) }
        #expect(error?.diagnostics.map(\.description) == ["""
            \(path): error: no manifest here. Create one; a minimal manifest is:

            # yaml-language-server: $schema=manifest.schema.json
            version: 1
            slots:
              thumb: { size: 60x60, scales: [1, 2, 3], fit: cover }
            images:
              - path: photos/*.jpg
                slots: [thumb]

            then run 'thumbgen build \(path)'. See the README for every key; 'thumbgen schema > manifest.schema.json' beside the manifest lets your editor complete and check it.
            """])
        #expect(folder.listing() == [])
    }

    @Test func aFolderIsNotAManifest() throws {
        let folder = try TemporaryFolder()
        let error = #expect(throws: DiagnosticsError.self) { try ManifestLoader.load(folder.path) }
        #expect(error?.diagnostics.map(\.description) == [
            "\(folder.path): error: is a folder; give the manifest file inside it, such as \(folder.path)/manifest.yaml",
        ])
    }

    @Test func anOversizedManifestIsRefusedUnread() throws {
        let folder = try TemporaryFolder()
        try folder.write("manifest.yaml", [UInt8](repeating: 0x23, count: ManifestLoader.maxFileBytes + 1))
        let path = folder.url.appendingPathComponent("manifest.yaml").path
        let error = #expect(throws: DiagnosticsError.self) { try ManifestLoader.load(path) }
        #expect(error?.diagnostics.map(\.description) == [
            "\(path): error: the manifest is 4194305 bytes; the most thumbgen reads is 4194304",
        ])
    }

    @Test func theStarterManifestIsValid() throws {
        let folder = try TemporaryFolder()
        try folder.write("photos/beach.jpg")
        try folder.write("manifest.yaml", text: ManifestLoader.starterManifest)
        let manifest = try ManifestLoader.load(folder.url.appendingPathComponent("manifest.yaml").path)
        #expect(manifest.images == [ImageEntry(path: "photos/beach.jpg", slots: ["thumb"])])
    }
}
