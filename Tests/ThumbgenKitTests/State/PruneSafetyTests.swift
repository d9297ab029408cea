import Foundation
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// What a prune or clean will not delete, whatever an index says.
@Suite struct PruneSafetyTests {
    static func built() throws -> (Site, Generator, RenditionIndex) {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg"))
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 600, height: 400)))
        let generator = Generator(manifest: try site.loadManifest(), options: BuildOptions(jobs: 1))
        let summary = try generator.build()
        return (site, generator, summary.index)
    }

    /// Replaces the file name of one entry in the index, as a hand edit would.
    static func edit(_ site: Site, replacing old: String, with new: String) throws {
        var text = String(decoding: try #require(site.folder.read("site/renditions.json")), as: UTF8.self)
        text = text.replacing("\"\(old)\"", with: "\"\(new)\"")
        site.folder.write("site/renditions.json", text: text)
    }

    /// On a case-insensitive disk `A.Thumbnail(…)` and `a.Thumbnail(…)` are one file: a hard
    /// link stands in for that here.
    @Test func aFileTheIndexListsUnderAnotherCaseSurvives() throws {
        let (site, _, _) = try Self.built()
        let kept = site.folder.path + "/site/photos/a.Thumbnail(60x40).jpg"
        let twin = site.folder.path + "/site/photos/A.Thumbnail(60x40).jpg"
        #expect(link(kept, twin) == 0)
        try Self.edit(site, replacing: "photos/a.Thumbnail(60x40).jpg", with: "photos/A.Thumbnail(60x40).jpg")
        let summary = try site.build()
        #expect(!summary.pruned.contains("photos/A.Thumbnail(60x40).jpg"))
        #expect(FileManager.default.fileExists(atPath: kept) && FileManager.default.fileExists(atPath: twin))
    }

    @Test func pathsThatLeaveRootOrAreNotRenditionsAreNeverDeleted() throws {
        let (site, _, _) = try Self.built()
        site.folder.write("outside.Thumbnail(1x1).jpg", text: "mine")
        site.folder.write("site/photos/notes.txt", text: "mine")
        try Self.edit(site, replacing: "photos/a.Thumbnail(60x40).jpg", with: "../outside.Thumbnail(1x1).jpg")
        try Self.edit(site, replacing: "photos/a.Thumbnail(120x80).jpg", with: "photos/notes.txt")
        try Self.edit(site, replacing: "photos/a.Thumbnail(180x120).jpg", with: "photos/a.jpg")
        let summary = try site.build()
        #expect(summary.pruned.isEmpty)
        #expect(site.folder.read("outside.Thumbnail(1x1).jpg") == Array("mine".utf8))
        #expect(site.folder.exists("site/photos/notes.txt") && site.folder.exists("site/photos/a.jpg"))
    }

    @Test func aTamperedIndexCannotMakeCleanDeleteOutsideRoot() throws {
        let (site, _, _) = try Self.built()
        site.folder.write("precious.Thumbnail(1x1).jpg", text: "mine")
        var text = String(decoding: try #require(site.folder.read("site/renditions.json")), as: UTF8.self)
        text = text.replacing("\"photos/a.Thumbnail(60x40).jpg\"", with: "\"../precious.Thumbnail(1x1).jpg\"")
        site.folder.write("site/renditions.json", text: text)
        #expect(site.run(["clean", site.manifestPath]).code == .success)
        #expect(site.folder.read("precious.Thumbnail(1x1).jpg") == Array("mine".utf8))
    }

    @Test func aDamagedIndexIsSaidSo() throws {
        let (site, _, _) = try Self.built()
        site.folder.write("site/renditions.json", text: "{ damaged")
        let check = site.run(["check", site.manifestPath])
        #expect(check.code == .workFound)
        #expect(check.out.hasPrefix("stale\trenditions.json\tthe index is damaged; a build writes it again\n"))
        let clean = site.run(["clean", site.manifestPath])
        #expect(clean.code == .usage)
        #expect(clean.err == "thumbgen: error: renditions.json: the index is damaged, so nothing can say which files it listed; nothing was deleted. Delete the renditions and the index by hand, or build again first\n")
        #expect(site.folder.exists("site/photos/a.Thumbnail(60x40).jpg"))
    }
}
