import Foundation
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// Files more than one index lists, index paths a user's file holds, and index entries naming
/// files thumbgen could not have written: none of them is ever replaced or deleted.
@Suite struct SharedFilesTests {
    static func manifest(_ index: String, slot: String, images: String = "photos/a.jpg") -> String {
        "version: 1\nroot: site\nindex: \(index)\nslots:\n  s: \(slot)\noutput: { formats: [] }\nimages:\n  - path: \(images)\n    slots: [s]\n"
    }

    static func site() -> Site {
        let site = Site(manifest: manifest("renditions.json", slot: "{ size: 60x60, scales: [1] }"))
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 600, height: 400, seed: 1)))
        return site
    }

    /// A and B write the same files (the same slot); B changes its slot. The files A still lists
    /// stay, although B listed them too, and A's `check` finds nothing missing.
    @Test func aFileBothIndexesListStaysWhileTheOtherListsIt() throws {
        let site = Self.site()
        site.folder.write("a.yaml", text: Self.manifest("a.json", slot: "{ size: 60x60, scales: [1, 2] }"))
        site.folder.write("b.yaml", text: Self.manifest("b.json", slot: "{ size: 60x60, scales: [1, 2] }"))
        #expect(site.run(["build", site.folder.path + "/a.yaml"]).code == .success)
        #expect(site.run(["build", site.folder.path + "/b.yaml"]).code == .success)
        let shared = ["site/photos/a.Thumbnail(60x40).jpg", "site/photos/a.Thumbnail(120x80).jpg"]
        for file in shared { #expect(site.folder.exists(file)) }
        site.folder.write("b.yaml", text: Self.manifest("b.json", slot: "{ size: 50x50, scales: [1] }"))
        let rebuilt = site.run(["build", site.folder.path + "/b.yaml", "--json"])
        #expect(rebuilt.code == .success)
        #expect(rebuilt.out.contains(#""pruned":0"#), "\(rebuilt.out)")
        for file in shared { #expect(site.folder.exists(file), "\(file)") }
        #expect(site.run(["check", site.folder.path + "/a.yaml"]).code == .success)
        // And B's clean leaves them to A too.
        #expect(site.run(["clean", site.folder.path + "/b.yaml"]).code == .success)
        for file in shared { #expect(site.folder.exists(file), "\(file)") }
        #expect(site.run(["check", site.folder.path + "/a.yaml"]).code == .success)
    }

    /// On a case-insensitive disk `A.Thumbnail(…)` and `a.Thumbnail(…)` are one file (a hard link
    /// stands in for that here): A's clean leaves a file B's index lists under another case, as a
    /// build's prune does (`PruneSafetyTests`).
    @Test func cleanLeavesAFileAnotherIndexListsUnderAnotherCase() throws {
        let site = Self.site()
        site.folder.write("a.yaml", text: Self.manifest("a.json", slot: "{ size: 60x60, scales: [1] }"))
        site.folder.write("b.yaml", text: Self.manifest("b.json", slot: "{ size: 60x60, scales: [1] }"))
        #expect(site.run(["build", site.folder.path + "/a.yaml"]).code == .success)
        #expect(site.run(["build", site.folder.path + "/b.yaml"]).code == .success)
        let kept = site.folder.path + "/site/photos/a.Thumbnail(60x40).jpg"
        #expect(link(kept, site.folder.path + "/site/photos/A.Thumbnail(60x40).jpg") == 0)
        var text = String(decoding: try #require(site.folder.read("site/b.json")), as: UTF8.self)
        text = text.replacing("\"photos/a.Thumbnail(60x40).jpg\"", with: "\"photos/A.Thumbnail(60x40).jpg\"")
        site.folder.write("site/b.json", text: text)
        #expect(site.run(["clean", site.folder.path + "/a.yaml"]).code == .success)
        #expect(FileManager.default.fileExists(atPath: kept))
    }

    /// `index: data.json` over a user's own data.json is a manifest error naming it, for every
    /// command: nothing replaces it, and clean does not delete it.
    @Test func anIndexPathHoldingAUsersFileIsAManifestError() throws {
        let site = Self.site()
        site.folder.write("site/data.json", text: #"{"mine": true}"#)
        site.folder.write("manifest.yaml", text: Self.manifest("data.json", slot: "{ size: 60x60, scales: [1] }"))
        for command in ["build", "check", "clean", "report"] {
            let run = site.run([command, site.manifestPath])
            #expect(run.code == .usage, "\(command)")
            #expect(run.err.contains("index 'data.json': data.json under root is a file thumbgen did not write"), "\(command): \(run.err)")
        }
        #expect(site.folder.read("site/data.json") == Array(#"{"mine": true}"#.utf8))
        // thumbgen's own index at the path, damaged or not, stays thumbgen's.
        try FileManager.default.removeItem(atPath: site.folder.path + "/site/data.json")
        #expect(site.run(["build", site.manifestPath]).code == .success)
        site.folder.write("site/data.json", text: "{ damaged")
        #expect(site.run(["build", site.manifestPath]).code == .success)
        #expect(try site.index("site/data.json").images.count == 1)
        // Not registered, but damaged by a merge conflict: it still names its writer.
        let index = String(decoding: try #require(site.folder.read("site/data.json")), as: UTF8.self)
        try FileManager.default.removeItem(atPath: site.folder.path + "/site/.thumbgen.json")
        site.folder.write("site/data.json", text: "<<<<<<< HEAD\n" + index + "=======\n" + index + ">>>>>>> branch\n")
        #expect(site.run(["build", site.manifestPath]).code == .success)
        #expect(try site.index("site/data.json").images.count == 1)
    }

    @Test(arguments: [
        (".thumbgen.json", "is the name of thumbgen's registry"),
        ("sub/.thumbgen.json", "is the name of thumbgen's registry"),
        ("renditions.shard-1-of-2.json", "is named like a shard index"),
        (".thumbgen-1234abcd-1.json", "starts with .thumbgen-"),
        (".thumbgen/index.json", "is inside .thumbgen/"),
    ])
    func reservedNamesAreNeverIndexPaths(path: String, words: String) throws {
        let site = Self.site()
        site.folder.write("manifest.yaml", text: Self.manifest(path, slot: "{ size: 60x60, scales: [1] }"))
        let run = site.run(["build", site.manifestPath])
        #expect(run.code == .usage)
        #expect(run.err.contains("index '\(path)' \(words)"), "\(run.err)")
        #expect(!site.folder.exists("site/" + path))
    }

    /// The registry is a file anyone may have edited: an entry that is absolute, has an empty or
    /// `.` part or climbs with `..` (split by bytes: a `/` before a combining mark still
    /// separates) lists no index; the plain one stays.
    @Test func aRegistryEntryOutsideRootListsNothing() throws {
        let site = Self.site()
        let hostile = ["/etc/renditions.json", "../\u{301}y.json", "x/./\u{301}y.json", "a//b.json", "../up.json"]
        let text = "{\"note\": \"\", \"indexes\": [" + (hostile + ["other/renditions.json"]).map { "\"\($0)\"" }.joined(separator: ", ") + "]}"
        site.folder.write("site/.thumbgen.json", text: text)
        let registry = IndexRegistry.load(try SiteFiles(root: site.folder.path + "/site"))
        #expect(registry.indexes == ["other/renditions.json"])
    }

    /// A hand-edited index that lists a user's file under a rendition-like name: neither a prune
    /// nor clean deletes it, and both say the index names a file thumbgen leaves alone.
    @Test func anIndexNamingAFileThumbgenCouldNotHaveWrittenOwnsNothing() throws {
        let site = Self.site()
        try site.build()
        for mine in ["mine.Thumbnail(1x1).jpg", "a.Thumbnail(1x1).gif", "a.Thumbnail(01x1).jpg", "a-b.Thumbnail(1x1).jpg"] {
            site.folder.write("site/photos/" + mine, text: "mine")
        }
        site.folder.write("site/other/a.Thumbnail(1x1).jpg", text: "mine")
        var text = String(decoding: try #require(site.folder.read("site/renditions.json")), as: UTF8.self)
        text = text.replacing("\"photos/a.Thumbnail(60x40).jpg\"", with: "\"photos/mine.Thumbnail(1x1).jpg\"")
        site.folder.write("site/renditions.json", text: text)
        var index = try site.index("site/renditions.json")
        var record = try #require(index.images["photos/a.jpg"])
        let key = try #require(record.renditions.keys.first)
        var entry = try #require(record.renditions[key])
        entry.sources = ["a.Thumbnail(1x1).gif", "a.Thumbnail(01x1).jpg", "a-b.Thumbnail(1x1).jpg", "../other/a.Thumbnail(1x1).jpg"]
            .map { SourceRecord(bytes: 4, file: "photos/" + $0, type: "image/webp") }
        record.renditions[key] = entry
        index.images["photos/a.jpg"] = record
        site.folder.write("site/renditions.json", [UInt8](index.encoded()))

        let build = site.run(["build", site.manifestPath])
        #expect(build.code == .success)
        #expect(build.err.contains("renditions.json: warning: lists photos/mine.Thumbnail(1x1).jpg, which is not a name thumbgen writes for that image"), "\(build.err)")
        // The record naming them is not kept: the image is made again, under its own names.
        #expect(site.folder.exists("site/photos/a.Thumbnail(60x40).jpg"))
        for mine in ["photos/mine.Thumbnail(1x1).jpg", "photos/a.Thumbnail(1x1).gif", "photos/a.Thumbnail(01x1).jpg",
                     "photos/a-b.Thumbnail(1x1).jpg", "other/a.Thumbnail(1x1).jpg"] {
            #expect(site.folder.read("site/" + mine) == Array("mine".utf8), "\(mine)")
        }
        // The same index put back: clean says so, and deletes only thumbgen's names.
        site.folder.write("site/renditions.json", [UInt8](index.encoded()))
        let clean = site.run(["clean", site.manifestPath])
        #expect(clean.code == .success)
        #expect(clean.err.contains("lists photos/mine.Thumbnail(1x1).jpg, which is not a name thumbgen writes"), "\(clean.err)")
        for mine in ["photos/mine.Thumbnail(1x1).jpg", "photos/a.Thumbnail(1x1).gif", "photos/a.Thumbnail(01x1).jpg",
                     "photos/a-b.Thumbnail(1x1).jpg", "other/a.Thumbnail(1x1).jpg"] {
            #expect(site.folder.read("site/" + mine) == Array("mine".utf8), "\(mine)")
        }
    }

    @Test func namesThumbgenCouldHaveWritten() {
        #expect(RenditionNaming.couldBeRendition("p/a.Thumbnail(60x40).jpg", of: "p/a.jpg"))
        #expect(RenditionNaming.couldBeRendition("p/a.Thumbnail(60x40).avif", of: "p/a.heic"))
        #expect(RenditionNaming.couldBeRendition("p/a.Thumbnail(60x40).JPG", of: "p/a.JPG"))
        #expect(RenditionNaming.couldBeRendition("p/a.b.Thumbnail(1x1).png", of: "p/a.b.gif"))
        #expect(!RenditionNaming.couldBeRendition("p/a.Thumbnail(60x40).jpg", of: "p/a.JPG"))
        #expect(!RenditionNaming.couldBeRendition("q/a.Thumbnail(60x40).jpg", of: "p/a.jpg"))
        #expect(!RenditionNaming.couldBeRendition("p/a.Thumbnail(0x40).jpg", of: "p/a.jpg"))
        #expect(!RenditionNaming.couldBeRendition("p/a.Thumbnail(60x40)x.jpg", of: "p/a.jpg"))
        #expect(!RenditionNaming.couldBeRendition("p/a.Thumbnail(60x40x1).jpg", of: "p/a.jpg"))
        #expect(!RenditionNaming.couldBeRendition("p/a.Thumbnail(99999999999x1).jpg", of: "p/a.jpg"))
        #expect(!RenditionNaming.couldBeRendition("p/a.Thumbnail(60x40).jpg/x", of: "p/a.jpg"))
    }
}
