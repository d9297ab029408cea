import Foundation
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// What thumbgen owns, and what it never touches: links, files it did not write, users'
/// `.thumbgen-*` files, and another manifest's renditions over the same root.
@Suite struct OwnershipTests {
    static func site(images: String = "\"photos/**/*.jpg\"") -> Site {
        let site = Site(manifest: Manifests.standard(images: images))
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 600, height: 400, seed: 1)))
        site.original("site/photos/sub/x.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 400, height: 600, seed: 2)))
        return site
    }

    /// A folder under root swapped for a link to a folder outside: the glob no longer enters it,
    /// its images leave the plan, and the prune that follows must not delete through the link.
    @Test func aFolderSwappedForALinkIsNeverPrunedThrough() throws {
        let site = Self.site()
        try site.build()
        let sub = site.folder.path + "/site/photos/sub"
        try FileManager.default.moveItem(atPath: sub, toPath: site.folder.path + "/outside")
        try FileManager.default.createSymbolicLink(atPath: sub, withDestinationPath: site.folder.path + "/outside")
        let before = try FileManager.default.contentsOfDirectory(atPath: site.folder.path + "/outside").sorted()
        #expect(before.count == 6)  // x.jpg and its five renditions (the hero boxes fit it)
        let summary = try site.build()
        #expect(summary.pruned.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.folder.path + "/outside").sorted() == before)
        #expect(site.run(["clean", site.manifestPath]).code == .success)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.folder.path + "/outside").sorted() == before)
    }

    /// A hand-edited index listing a file through a link: neither a build nor `clean` follows it.
    @Test func anIndexListingAFileThroughALinkDeletesNothingThere() throws {
        let site = Self.site(images: "photos/a.jpg")
        try site.build()
        site.folder.write("outside/x.Thumbnail(60x40).jpg", text: "mine")
        try FileManager.default.createSymbolicLink(atPath: site.folder.path + "/site/photos/link", withDestinationPath: site.folder.path + "/outside")
        var text = String(decoding: site.folder.read("site/renditions.json")!, as: UTF8.self)
        text = text.replacing("\"photos/a.Thumbnail(60x40).jpg\"", with: "\"photos/link/x.Thumbnail(60x40).jpg\"")
        site.folder.write("site/renditions.json", text: text)
        try site.build()
        site.folder.write("site/renditions.json", text: text)
        #expect(site.run(["clean", site.manifestPath]).code == .success)
        #expect(site.folder.read("outside/x.Thumbnail(60x40).jpg") == Array("mine".utf8))
    }

    /// `index: out/renditions.json` with `out` a link outside root: the index cannot be written
    /// there, and nothing is.
    @Test func anIndexFolderThatIsALinkIsNotWrittenThrough() throws {
        let site = Self.site(images: "photos/a.jpg")
        site.folder.write("manifest.yaml", text: Manifests.standard(images: "photos/a.jpg", extra: "index: out/renditions.json"))
        site.folder.write("outside/keep.txt", text: "mine")
        try FileManager.default.createSymbolicLink(atPath: site.folder.path + "/site/out", withDestinationPath: site.folder.path + "/outside")
        let result = site.run(["build", site.manifestPath, "--quiet"])
        #expect(result.code == .ioFailure)
        #expect(result.err.hasPrefix("thumbgen: error: \(site.folder.path)/site/out/renditions.json: out is a symbolic link; thumbgen never writes through a link: replace it with a folder\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.folder.path + "/outside") == ["keep.txt"])
    }

    /// A user's own file where a rendition must go: never replaced, the image shows its
    /// original, a warning says to move it, `--strict` fails, `check` lists it, `clean` keeps it.
    @Test func aFileInTheWayIsNeverReplaced() throws {
        let site = Self.site(images: "photos/a.jpg")
        site.folder.write("site/photos/a.Thumbnail(60x40).jpg", text: "my own picture")
        let result = site.run(["build", site.manifestPath])
        #expect(result.code == .success)
        #expect(result.err.contains("\(site.folder.path)/site/photos/a.Thumbnail(60x40).jpg: warning: is not a file thumbgen wrote (no index lists it), and a rendition must go there; move it or delete it; until then its image shows the original\n"))
        #expect(site.folder.read("site/photos/a.Thumbnail(60x40).jpg") == Array("my own picture".utf8))
        let record = try #require(try site.index("site/renditions.json").images["photos/a.jpg"])
        #expect(record.status == .unreadable && record.renditions.values.allSatisfy { $0.file == "photos/a.jpg" })
        #expect(!site.folder.files().contains { $0.contains("a.Thumbnail(120x80)") })  // all or none
        #expect(site.run(["build", site.manifestPath, "--strict"]).code == .workFound)
        let check = site.run(["check", site.manifestPath, "--strict"])
        #expect(check.code == .workFound)
        #expect(check.err.contains("\(site.folder.path)/site/photos/a.Thumbnail(60x40).jpg: error: is not a file thumbgen wrote"))
        #expect(site.run(["clean", site.manifestPath]).code == .success)
        #expect(site.folder.read("site/photos/a.Thumbnail(60x40).jpg") == Array("my own picture".utf8))
        // Moved away, the next build makes the image.
        try FileManager.default.removeItem(atPath: site.folder.path + "/site/photos/a.Thumbnail(60x40).jpg")
        #expect(try site.build().index.images["photos/a.jpg"]?.status == .resized)
    }

    /// With the index lost, the renditions on disk are exactly what the build makes: taken as
    /// thumbgen's own (nothing is lost by it), not reported as in the way.
    @Test func renditionsWithTheBytesItWouldWriteAreTakenBack() throws {
        let site = Self.site(images: "photos/a.jpg")
        try site.build()
        try FileManager.default.removeItem(atPath: site.folder.path + "/site/renditions.json")
        try FileManager.default.removeItem(atPath: site.folder.path + "/.thumbgen")
        let summary = try site.build()
        #expect(summary.problems.isEmpty && summary.index.images["photos/a.jpg"]?.status == .resized)
    }

    @Test func usersThumbgenNamedFilesAreNeverDeleted() throws {
        let site = Self.site(images: "photos/a.jpg")
        for path in ["site/.thumbgen-notes", "site/photos/.thumbgen-draft.jpg", "site/photos/.thumbgen-12345678-1"] {
            site.folder.write(path, text: "mine")
        }
        try site.build()
        #expect(site.run(["clean", site.manifestPath]).code == .success)
        try site.build()
        for path in ["site/.thumbgen-notes", "site/photos/.thumbgen-draft.jpg", "site/photos/.thumbgen-12345678-1"] {
            #expect(site.folder.read(path) == Array("mine".utf8), "\(path)")
        }
    }

    /// Two manifests over one root: each prunes and cleans only its own renditions.
    @Test func twoManifestsOverOneRootLeaveEachOthersFilesAlone() throws {
        let site = Self.site(images: "photos/a.jpg")
        func manifest(_ name: String, slot: String) -> String {
            "version: 1\nroot: site\nindex: \(name).json\nslots:\n  \(slot)\noutput: { formats: [] }\nimages:\n  - path: photos/a.jpg\n    slots: [s]\n"
        }
        site.folder.write("a.yaml", text: manifest("a", slot: "s: { size: 60x60, scales: [1] }"))
        site.folder.write("b.yaml", text: manifest("b", slot: "s: { size: 100x100, scales: [1] }"))
        #expect(site.run(["build", site.folder.path + "/a.yaml"]).code == .success)
        #expect(site.run(["build", site.folder.path + "/b.yaml"]).code == .success)
        #expect(site.folder.read("site/.thumbgen.json").map { String(decoding: $0, as: UTF8.self) }?.contains(#""a.json",\#n    "b.json""#) == true)
        // a changes its slot: it prunes its 60×40, never b's 100×67.
        site.folder.write("a.yaml", text: manifest("a", slot: "s: { size: 50x50, scales: [1] }"))
        let rebuilt = site.run(["build", site.folder.path + "/a.yaml", "--json"])
        #expect(rebuilt.out.contains(#""pruned":1"#))
        #expect(!site.folder.exists("site/photos/a.Thumbnail(60x40).jpg") && site.folder.exists("site/photos/a.Thumbnail(100x67).jpg"))
        // b's index listing a's file does not make a's clean delete b's, nor the other way round.
        #expect(site.run(["clean", site.folder.path + "/a.yaml"]).code == .success)
        #expect(site.folder.exists("site/photos/a.Thumbnail(100x67).jpg") && !site.folder.exists("site/photos/a.Thumbnail(50x33).jpg"))
        #expect(site.folder.read("site/.thumbgen.json").map { String(decoding: $0, as: UTF8.self) }?.contains(#""a.json""#) == false)
    }

    /// A folder at one rendition's path stops that image only.
    @Test func oneObstacleStopsOneImage() throws {
        let site = Self.site()
        try FileManager.default.createDirectory(atPath: site.folder.path + "/site/photos/a.Thumbnail(60x40).jpg", withIntermediateDirectories: true)
        let result = site.run(["build", site.manifestPath])
        #expect(result.code == .success)
        #expect(result.err.contains("/site/photos/a.Thumbnail(60x40).jpg: warning: is a folder where a rendition must go; move it; until then its image shows the original\n"))
        let index = try site.index("site/renditions.json")
        #expect(index.images["photos/a.jpg"]?.status == .unreadable && index.images["photos/sub/x.jpg"]?.status == .resized)
        #expect(site.run(["build", site.manifestPath]).code == .success)  // and the next build too
    }

    /// A hand-edited index costs a rebuild, never a crash or a wrong answer kept: after one build
    /// the index is what a clean build writes.
    @Test(arguments: [
        ("\"width\": 600", "\"width\": 9223372036854775807"),
        ("\"height\": 400", "\"height\": -5"),
        ("\"bytes\": 1", "\"bytes\": 7"),
        ("a.Thumbnail(60x40).jpg\"", "a.Thumbnail(61x40).jpg\""),
        ("\"status\": \"resized\"", "\"status\": \"unreadable\""),
        ("\"recipe\": \"", "\"recipe\": \"0"),
    ])
    func aHandEditedIndexIsRedoneNotTrusted(_ original: String, _ edited: String) throws {
        let site = Self.site(images: "photos/a.jpg")
        try site.build()
        let clean = site.folder.read("site/renditions.json")!
        let text = String(decoding: clean, as: UTF8.self)
        #expect(text.contains(original))
        site.folder.write("site/renditions.json", text: text.replacing(original, with: edited))
        try site.build()
        #expect(site.folder.read("site/renditions.json") == clean)
        #expect(site.run(["check", site.manifestPath]).code == .success)
    }
}

/// Found by the index fuzz target: sizes no build writes (negative, or Int.max) in an index that
/// `report` reads must not trap in the decoded-memory figures.
@Suite struct HostileIndexTests {
    @Test func reportSurvivesAbsurdSizes() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/a.jpg"))
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 300, height: 200)))
        try site.build()
        var text = String(decoding: site.folder.read("site/renditions.json")!, as: UTF8.self)
        text = text.replacing("\"width\": 300", with: "\"width\": -1").replacing("\"height\": 200", with: "\"height\": 9223372036854775807")
        site.folder.write("site/renditions.json", text: text)
        #expect(site.run(["report", site.manifestPath]).code == .success)
        let memory = DecodedMemory(index: try site.index("site/renditions.json"))
        #expect(memory.total.originals == 0)
    }
}
