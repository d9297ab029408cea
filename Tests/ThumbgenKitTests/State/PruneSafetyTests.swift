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

    /// On a case-insensitive disk `A.Thumbnail(…)` and `a.Thumbnail(…)` are one file: a hard
    /// link stands in for that here.
    @Test func aFileTheIndexListsUnderAnotherCaseSurvives() throws {
        let (site, generator, index) = try Self.built()
        let kept = site.folder.path + "/site/photos/a.Thumbnail(60x40).jpg"
        let twin = site.folder.path + "/site/photos/A.Thumbnail(60x40).jpg"
        #expect(link(kept, twin) == 0)
        let deleted = Pruner.delete(["photos/A.Thumbnail(60x40).jpg"], keeping: index, context: generator.makeContext())
        #expect(deleted.isEmpty)
        #expect(FileManager.default.fileExists(atPath: kept))
    }

    @Test func pathsThatLeaveRootOrAreNotRenditionsAreNeverDeleted() throws {
        let (site, generator, _) = try Self.built()
        let outside = site.folder.path + "/outside.Thumbnail(1x1).jpg"
        site.folder.write("outside.Thumbnail(1x1).jpg", text: "mine")
        site.folder.write("site/photos/notes.txt", text: "mine")
        let deleted = Pruner.delete(["../outside.Thumbnail(1x1).jpg", "photos/notes.txt", "photos/a.jpg"],
                                    keeping: nil, context: generator.makeContext())
        #expect(deleted.isEmpty)
        #expect(FileManager.default.fileExists(atPath: outside))
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
        #expect(clean.err.contains(": not a thumbgen index (no \"schema\" number); nothing was deleted."))
        #expect(site.folder.exists("site/photos/a.Thumbnail(60x40).jpg"))
    }
}
