import Foundation
import Testing
import TestSupport

@testable import ThumbgenKit

/// The catalog's files are hard links to the renditions when both are on one file system (no
/// byte copied: the same inode), and copies when they are not. Originals are always copies
/// (CatalogOriginalCopyTests).
@Suite struct CatalogLinkTests {
    @Test func hardLinksWhereTheFileSystemAllows() throws {
        let site = try ExportFixture.site()
        let catalog = ExportFixture.catalogPath(site)
        #expect(ExportFixture.export(site).code == .success)
        let pairs = [("photos-a-thumb.imageset/photos-a-thumb@3x.jpg", "photos/a.Thumbnail(120x120).jpg"),
                     ("photos-a-card.imageset/photos-a-card@2x.jpg", "photos/a.Thumbnail(160x120).jpg")]
        for (file, source) in pairs {
            let linked = try #require(ExportFixture.inode(catalog + "/" + file))
            #expect(linked == ExportFixture.inode(site.folder.path + "/site/" + source), "\(file) is \(source)")
        }
        // A build that rewrites a rendition makes a new file (renamed over the old name): the
        // next export links the new one.
        site.folder.write("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 400, height: 300, seed: 9)))
        try site.build()
        let result = ExportFixture.export(site)
        #expect(result.err.hasSuffix("6 imagesets (0 new, 2 updated, 4 unchanged, 0 removed); 5 files hard-linked, 0 copied\n"))
        #expect(ExportFixture.inode(catalog + "/photos-a-thumb.imageset/photos-a-thumb@3x.jpg")
            == ExportFixture.inode(site.folder.path + "/site/photos/a.Thumbnail(120x120).jpg"))
    }

    @Test(.needs("root, to mount a tmpfs") { Tmpfs.isAllowed })
    func copiesAcrossFileSystems() throws {
        let site = try ExportFixture.site()
        let disk = try Tmpfs(kilobytes: 1024)
        let catalog = disk.path + "/App.xcassets"
        let result = ExportFixture.export(site, catalog)
        #expect(result.code == .success)
        #expect(result.err == ExportFixture.notes(site) + "thumbgen: \(catalog): 6 imagesets (6 new, 0 updated, 0 unchanged, 0 removed); 0 files hard-linked, 12 copied\n")
        let file = catalog + "/photos-a-thumb.imageset/photos-a-thumb@3x.jpg"
        let source = site.folder.path + "/site/photos/a.Thumbnail(120x120).jpg"
        #expect(ExportFixture.inode(file) != nil && FileManager.default.contents(atPath: file) == FileManager.default.contents(atPath: source))
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
        // Equal bytes are enough for a copy to be current: the second run copies nothing.
        let before = ExportFixture.snapshot(catalog)
        #expect(ExportFixture.export(site, catalog).err.hasSuffix("6 imagesets (0 new, 0 updated, 6 unchanged, 0 removed); 0 files hard-linked, 0 copied\n"))
        #expect(ExportFixture.snapshot(catalog) == before)
    }
}
