import Foundation
import Testing
import TestSupport

@testable import ThumbgenKit

/// A build writes byte for byte what a clean build of the same manifest and originals writes,
/// whatever came before. Each history below ends in a build whose every file under root (the
/// index included) is compared with a clean build's.
@Suite struct DeterminismTests {
    static let originals: [(String, [UInt8])] = [
        ("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 1200, height: 800, seed: 1))),
        ("site/photos/b.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 801, height: 1203, seed: 2))),
        ("site/art/badge.png", badge),
    ]

    static let badge: [UInt8] = PNGFixture(width: 700, height: 500, colorType: 6, bitDepth: 8) { x, y -> [Int] in
        [x % 256, y % 256, (x + y) % 256, (x * y) % 256]
    }.bytes

    static func manifest(thumb: String = "60x60", slots: String = "thumb, card, hero") -> String {
        Manifests.standard(images: "\"**/*\"", fit: "cover")
            .replacingOccurrences(of: "size: 60x60", with: "size: \(thumb)")
            .replacingOccurrences(of: "slots: [thumb, card, hero]", with: "slots: [\(slots)]")
    }

    static func site(_ manifest: String) -> Site {
        let site = Site(manifest: manifest)
        for (path, bytes) in originals { site.original(path, bytes) }
        return site
    }

    /// Every file under root, by path.
    static func snapshot(_ site: Site) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for path in site.folder.files() where path.hasPrefix("site/") { files[path] = site.folder.read(path) }
        return files
    }

    /// What a clean build of `manifest` writes.
    static func clean(_ manifest: String) throws -> [String: [UInt8]] {
        let site = site(manifest)
        try site.build()
        return snapshot(site)
    }

    static func expectSame(_ site: Site, as manifest: String, _ comment: Comment) throws {
        let built = snapshot(site), reference = try clean(manifest)
        #expect(built.keys.sorted() == reference.keys.sorted(), comment)
        for (path, bytes) in reference where built[path] != bytes { Issue.record("\(path) differs: \(comment)") }
    }

    @Test func deletedRenditionsAreMadeAgainTheSame() throws {
        let site = Self.site(Self.manifest())
        try site.build()
        for path in site.folder.files() where path.contains("a.Thumbnail(60x60)") || path.contains("badge.Thumbnail(640") {
            try FileManager.default.removeItem(atPath: site.folder.path + "/" + path)
        }
        try site.build()
        try Self.expectSame(site, as: Self.manifest(), "after deleting renditions")
    }

    /// The issue's case: one slot changes size, and the renditions of the others must not depend
    /// on what was made before.
    @Test(arguments: [("50x50", "thumb, card, hero"), ("60x60", "thumb, hero"), ("60x60", "card")])
    func aChangedSlotGivesWhatACleanBuildGives(thumb: String, slots: String) throws {
        let site = Self.site(Self.manifest())
        try site.build()
        let changed = Self.manifest(thumb: thumb, slots: slots)
        site.folder.write("manifest.yaml", text: changed)
        try site.build()
        try Self.expectSame(site, as: changed, "after changing to thumb \(thumb), slots \(slots)")
    }

    @Test func anAddedSlotGivesWhatACleanBuildGives() throws {
        let site = Self.site(Self.manifest(slots: "thumb"))
        try site.build()
        site.folder.write("manifest.yaml", text: Self.manifest())
        try site.build()
        try Self.expectSame(site, as: Self.manifest(), "after adding slots")
    }

    @Test func aColdStateFolderChangesNothing() throws {
        let site = Self.site(Self.manifest())
        try site.build()
        try FileManager.default.removeItem(atPath: site.folder.path + "/.thumbgen")
        let summary = try site.build()
        #expect(summary.written == 0)
        try Self.expectSame(site, as: Self.manifest(), "after deleting .thumbgen")
    }

    @Test(arguments: [1, 4])
    func anyNumberOfWorkersWritesTheSame(jobs: Int) throws {
        let site = Self.site(Self.manifest())
        try site.build(jobs: jobs)
        try Self.expectSame(site, as: Self.manifest(), "with --jobs \(jobs)")
    }

    @Test func shardsAndMergeWriteWhatOneBuildWrites() throws {
        let site = Self.site(Self.manifest())
        let manifest = try site.loadManifest()
        for k in 1...3 {
            _ = try Generator(manifest: manifest, options: BuildOptions(jobs: 1, shard: Shard(index: k, count: 3))).build()
        }
        #expect(site.run(["merge", site.manifestPath]).code == .success)
        try Self.expectSame(site, as: Self.manifest(), "after shards and merge")
    }
}
