import Foundation
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// What must, and must not, cause work on the next build.
@Suite struct IncrementalBuildTests {
    static func site(_ manifest: String = Manifests.standard(images: "photos/*.jpg")) -> Site {
        let site = Site(manifest: manifest)
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 1200, height: 800, seed: 1)))
        site.original("site/photos/b.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 800, height: 1200, seed: 2)))
        return site
    }

    static func renditions(_ site: Site) -> [String] {
        site.folder.files().filter { $0.contains(".Thumbnail(") }
    }

    @Test func aSecondBuildDoesNothing() throws {
        let site = Self.site()
        #expect(try site.build().written == 14)
        let indexBytes = site.folder.read("site/renditions.json")
        let second = try site.build()
        #expect(second.written == 0 && second.reused == 14 && second.pruned.isEmpty)
        #expect(site.folder.read("site/renditions.json") == indexBytes)
        #expect(try site.loadManifest().images.count == 2)
    }

    @Test func touchingAnOriginalWithoutChangingItRedoesNothing() throws {
        let site = Self.site()
        try site.build()
        let later = Date().addingTimeInterval(3600)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: site.folder.path + "/site/photos/a.jpg")
        let summary = try site.build()
        #expect(summary.written == 0 && summary.reused == 14)
    }

    @Test func changingOneOriginalRedoesOnlyItsRenditions() throws {
        let site = Self.site()
        try site.build()
        let before = try site.index("site/renditions.json")
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 1200, height: 800, seed: 99)))
        let summary = try site.build()
        #expect(summary.written == 7 && summary.reused == 7)
        let after = try site.index("site/renditions.json")
        #expect(after.images["photos/b.jpg"] == before.images["photos/b.jpg"])
        #expect(after.images["photos/a.jpg"]?.sha256 != before.images["photos/a.jpg"]?.sha256)
    }

    @Test func removingASlotRemakesItsImagesAndPrunesExactlyItsFiles() throws {
        let site = Self.site()
        try site.build()
        let before = Set(Self.renditions(site))
        let cardFiles = Set(try site.index("site/renditions.json").images.values
            .flatMap { record in record.renditions.filter { $0.key.hasPrefix("card@") }.map { "site/" + $0.value.file } })
        site.folder.write("manifest.yaml", text: Manifests.standard(images: "photos/*.jpg")
            .replacingOccurrences(of: "slots: [thumb, card, hero]", with: "slots: [thumb, hero]"))
        let summary = try site.build()
        // The images' recipes changed: their files are made again, the same for thumb and hero.
        #expect(summary.written == 10)
        #expect(Set(summary.pruned.map { "site/" + $0 }) == cardFiles)
        #expect(Set(Self.renditions(site)) == before.subtracting(cardFiles))
    }

    @Test func removingAnImagePrunesItsFilesAndKeepsTheOriginal() throws {
        let site = Self.site()
        try site.build()
        site.folder.write("manifest.yaml", text: Manifests.standard(images: "photos/b.jpg"))
        let summary = try site.build()
        #expect(summary.pruned.count == 7)
        #expect(Self.renditions(site).allSatisfy { $0.hasPrefix("site/photos/b.") })
        #expect(site.folder.exists("site/photos/a.jpg"))
    }

    @Test func aForeignFileNamedLikeARenditionSurvives() throws {
        let site = Self.site()
        site.folder.write("site/photos/a.Thumbnail(1x1).jpg", text: "mine")
        try site.build()
        site.folder.write("manifest.yaml", text: Manifests.standard(images: "photos/b.jpg"))
        try site.build()
        #expect(site.folder.read("site/photos/a.Thumbnail(1x1).jpg") == Array("mine".utf8))
        #expect(site.run(["clean", site.manifestPath]).code == .success)
        #expect(site.folder.read("site/photos/a.Thumbnail(1x1).jpg") == Array("mine".utf8))
    }

    /// A slot's size is part of the recipe of every image in it: their files are all made again
    /// (from one decode each), so that they are what a clean build makes.
    @Test func changingASizeRemakesTheImagesInThatSlot() throws {
        let site = Self.site()
        try site.build()
        site.folder.write("manifest.yaml", text: Manifests.standard(images: "photos/*.jpg")
            .replacingOccurrences(of: "size: 60x60", with: "size: 50x50"))
        let summary = try site.build()
        #expect(summary.written == 14 && summary.reused == 0 && summary.pruned.count == 6)
    }

    @Test func changingTheOutputSettingsRedoesEverything() throws {
        let site = Self.site()
        try site.build()
        site.folder.write("manifest.yaml", text: Manifests.standard(images: "photos/*.jpg", extra: "output: { jpeg: { quality: 70 } }"))
        #expect(try site.build().written == 14)
    }

    @Test func movingTheFocusRedoesOnlyTheCroppedRenditions() throws {
        let site = Self.site(Manifests.standard(images: "photos/*.jpg", fit: "cover"))
        try site.build()
        site.folder.write("manifest.yaml", text: Manifests.standard(images: "photos/*.jpg", fit: "cover") + """

              - path: photos/a.jpg
                slots: [thumb]
                focus: [0.2, 0.2]
            """)
        let summary = try site.build()
        #expect(summary.written == 7)  // a.jpg's whole entry changed focus: its 7 renditions
        #expect(summary.reused == 7)
    }

    @Test func forceRedoesEverything() throws {
        let site = Self.site()
        try site.build()
        #expect(try site.build(force: true).written == 14)
    }

    @Test func checkListsWhatIsMissingAndStale() throws {
        let site = Self.site()
        #expect(site.run(["check", site.manifestPath]).code == .workFound)
        try site.build()
        let clean = site.run(["check", site.manifestPath])
        #expect(clean.code == .success && clean.out.isEmpty && clean.err == "thumbgen: up to date\n")
        try FileManager.default.removeItem(atPath: site.folder.path + "/site/photos/a.Thumbnail(60x40).jpg")
        let before = site.folder.files()
        let result = site.run(["check", site.manifestPath])
        #expect(result.code == .workFound)
        // One missing file makes the whole image again: every file of it is listed.
        let because = "photos/a.Thumbnail(60x40).jpg is missing"
        #expect(result.out == ["1170x780", "810x540", "780x520", "540x360", "180x120", "120x80"]
            .map { "stale\tphotos/a.Thumbnail(\($0)).jpg\t\(because)\n" }.joined()
            + "missing\tphotos/a.Thumbnail(60x40).jpg\t\(because)\n")
        let json = site.run(["check", site.manifestPath, "--json"])
        #expect(json.out.hasSuffix(#"{"kind":"missing","path":"photos/a.Thumbnail(60x40).jpg","reason":"photos/a.Thumbnail(60x40).jpg is missing"}],"problems":[],"up_to_date":false}"# + "\n"))
        #expect(site.folder.files() == before)  // check writes nothing
        try site.build()
        #expect(site.run(["check", site.manifestPath]).code == .success)
    }

    @Test func cleanDeletesWhatTheIndexListsThenTheIndex() throws {
        let site = Self.site()
        site.folder.write("site/notes.txt", text: "keep me")
        let originals = site.folder.files()
        try site.build()
        let result = site.run(["clean", site.manifestPath])
        #expect(result.code == .success)
        #expect(result.err == "thumbgen: deleted 14 renditions and the index\n")
        #expect(site.folder.files().filter { !$0.hasPrefix(".thumbgen/") } == originals)
    }

    /// A build killed after writing its index but before pruning: its journal names its token and
    /// the files it owned; the next build prunes them and removes its temporary files, and
    /// nothing else.
    @Test func anInterruptedBuildIsFinishedByTheNextBuild() throws {
        let site = Self.site()
        try site.build()
        site.folder.write("site/photos/a.Thumbnail(7x7).jpg", text: "stale")
        site.folder.write("site/photos/.thumbgen-0badcafe-3", text: "half-written")
        site.folder.write("site/photos/.thumbgen-mine", text: "a user's file")
        site.folder.write(".thumbgen/journal", text: "T 0badcafe\nF \"photos/a.Thumbnail(7x7).jpg\"\nF \"photos/a.Thumbnail(60x40).jpg\"\n")
        try site.build()
        #expect(!site.folder.exists("site/photos/a.Thumbnail(7x7).jpg"))
        #expect(site.folder.exists("site/photos/a.Thumbnail(60x40).jpg"))  // still listed: kept
        #expect(!site.folder.exists("site/photos/.thumbgen-0badcafe-3"))
        #expect(site.folder.read("site/photos/.thumbgen-mine") == Array("a user's file".utf8))
        #expect(!site.folder.exists(".thumbgen/journal"))
    }

    @Test func aDamagedIndexMeansARebuildNotAFailure() throws {
        let site = Self.site()
        try site.build()
        site.folder.write("site/renditions.json", text: "{ not json")
        let summary = try site.build()
        #expect(summary.written == 14)
        #expect(try site.index("site/renditions.json").images.count == 2)
    }
}

@Suite struct IncrementalLimitTests {
    /// A limit lowered since the last build applies to unchanged originals too, and `check` agrees.
    @Test func aLoweredLimitAppliesToUnchangedOriginals() throws {
        let site = IncrementalBuildTests.site()
        try site.build()
        site.folder.write("manifest.yaml", text: Manifests.standard(images: "photos/*.jpg", extra: "limits: { pixels: 900000 }"))
        let summary = try site.build()
        #expect(summary.index.images["photos/a.jpg"]?.error == "1200x800 is 960000 pixels, over the limit of 900000 (limits.pixels)")
        #expect(summary.index.images["photos/b.jpg"]?.status == .unreadable)
        #expect(summary.pruned.count == 14)
        #expect(site.run(["check", site.manifestPath]).code == .success)
    }

    /// An original whose rendition names the file system cannot hold falls back to itself, the
    /// build goes on, and the next build tries again (it is not the original's fault).
    @Test func aNameTooLongForItsRenditionsFallsBack() throws {
        let site = IncrementalBuildTests.site()
        let long = "photos/" + String(repeating: "é", count: 118) + ".jpg"  // 240 bytes: its renditions are over 255
        site.original("site/" + long, JPEGFixtures.jpeg(Pictures.photo(width: 800, height: 600, seed: 9)))
        for _ in 0..<2 {
            let result = site.run(["build", site.manifestPath])
            #expect(result.code == .success)
            let record = try #require(try site.index("site/renditions.json").images[long])
            #expect(record.status == .unreadable)
            #expect(record.error == "cannot write its renditions: the rendition's name is longer than the file system allows; shorten the original's name")
            #expect(record.renditions.values.allSatisfy { $0.file == long })
        }
        #expect(!site.folder.files().contains { $0.contains("/.thumbgen-") })
        #expect(try site.index("site/renditions.json").images["photos/a.jpg"]?.status == .resized)
        // check agrees that a build would do the same: nothing to do, one warning.
        let check = site.run(["check", site.manifestPath])
        #expect(check.code == .success, "\(check.out)")
        #expect(check.err.contains(": warning: cannot write its renditions: the rendition's name is longer than the file system allows"))
    }
}
