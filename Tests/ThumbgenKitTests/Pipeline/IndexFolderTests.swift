import Foundation
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// An index in a folder of its own: every path in it is relative to that folder, and every command
/// finds its files.
@Suite struct IndexFolderTests {
    @Test func pathsAreRelativeToTheIndexFolder() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg").replacing("root: site", with: "root: site\nindex: data/v1/renditions.json"))
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 800, height: 600)))
        try site.build()
        let index = try site.index("site/data/v1/renditions.json")
        let record = try #require(index.images["../../photos/a.jpg"])
        #expect(record.renditions["thumb@2x"]?.file == "../../photos/a.Thumbnail(120x90).jpg")
        #expect(record.renditions["hero@3x"]?.file == "../../photos/a.jpg")  // fits: the original
        #expect(site.folder.exists("site/photos/a.Thumbnail(120x90).jpg"))
        #expect(site.run(["check", site.manifestPath]).code == .success)
        #expect(site.run(["report", site.manifestPath]).code == .success)
        #expect(site.folder.exists("site/data/v1/report.html"))
        // A slot removed: its files are pruned though the index names them from another folder.
        site.folder.write("manifest.yaml", text: Manifests.standard(images: "photos/*.jpg")
            .replacing("root: site", with: "root: site\nindex: data/v1/renditions.json")
            .replacing("slots: [thumb, card, hero]", with: "slots: [card, hero]"))
        let summary = try site.build()
        #expect(summary.pruned == ["photos/a.Thumbnail(120x90).jpg", "photos/a.Thumbnail(180x135).jpg", "photos/a.Thumbnail(60x45).jpg"])
        #expect(site.run(["clean", site.manifestPath]).code == .success)
        #expect(!site.folder.files().contains { $0.contains(".Thumbnail(") })
    }
}
