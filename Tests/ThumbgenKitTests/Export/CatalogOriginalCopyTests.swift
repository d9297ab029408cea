import Foundation
import Glibc
import Testing
import TestSupport

@testable import ThumbgenKit

/// An original in a catalog (an image that fits) is a copy, never a hard link: editing the
/// catalog's file (Xcode's image editor, an optimiser run over the catalog) must not edit the
/// original. Renditions are thumbgen's own files and stay linked.
@Suite struct CatalogOriginalCopyTests {
    @Test func anOriginalIsCopiedAndEditingTheCatalogLeavesItAlone() throws {
        let site = try ExportFixture.site()
        let catalog = ExportFixture.catalogPath(site)
        let result = ExportFixture.export(site)
        #expect(result.code == .success)
        #expect(result.err.hasSuffix("6 imagesets (6 new, 0 updated, 0 unchanged, 0 removed); 10 files hard-linked, 2 copied\n"), "\(result.err)")
        let original = site.folder.path + "/site/photos/icon.png"
        let copy = catalog + "/photos-icon-thumb.imageset/photos-icon-thumb@1x.png"
        let bytes = try #require(FileManager.default.contents(atPath: original))
        #expect(ExportFixture.inode(copy) != nil && ExportFixture.inode(copy) != ExportFixture.inode(original))
        #expect(FileManager.default.contents(atPath: copy) == bytes)
        let attributes = try FileManager.default.attributesOfItem(atPath: copy)
        #expect((attributes[.posixPermissions] as? Int) == 0o644)

        // Edited in place, as an editor that writes into the file does.
        let handle = try #require(FileHandle(forWritingAtPath: copy))
        handle.seekToEndOfFile()
        handle.write(Data("edited".utf8))
        handle.closeFile()
        #expect(FileManager.default.contents(atPath: original) == bytes)
        // A rendition is still linked (one file, no bytes copied).
        #expect(ExportFixture.inode(catalog + "/photos-a-thumb.imageset/photos-a-thumb@3x.jpg")
            == ExportFixture.inode(site.folder.path + "/site/photos/a.Thumbnail(120x120).jpg"))
        // The next export puts the original's bytes back: the file is thumbgen's.
        #expect(ExportFixture.export(site).err.hasSuffix("6 imagesets (0 new, 1 updated, 5 unchanged, 0 removed); 0 files hard-linked, 1 copied\n"))
        #expect(FileManager.default.contents(atPath: copy) == bytes)
    }

    /// A catalog an earlier thumbgen exported holds hard links to originals: the next export
    /// replaces each with a copy (renamed over the name, so the original is not written).
    @Test func aHardLinkToAnOriginalFromAnEarlierExportBecomesACopy() throws {
        let site = try ExportFixture.site()
        let catalog = ExportFixture.catalogPath(site)
        #expect(ExportFixture.export(site).code == .success)
        let original = site.folder.path + "/site/photos/icon.png"
        let file = catalog + "/photos-icon-card.imageset/photos-icon-card@1x.png"
        #expect(unlink(file) == 0 && link(original, file) == 0)
        let before = try #require(FileManager.default.contents(atPath: original))
        #expect(ExportFixture.export(site).err.hasSuffix("(0 new, 1 updated, 5 unchanged, 0 removed); 0 files hard-linked, 1 copied\n"))
        #expect(ExportFixture.inode(file) != ExportFixture.inode(original))
        #expect(FileManager.default.contents(atPath: file) == before && FileManager.default.contents(atPath: original) == before)
    }
}
