import Foundation
import Testing
import TestSupport

@testable import ThumbgenKit

/// thumbgen replaces and removes only what its record says it wrote: a person's imageset, a
/// person's file, a symbolic link, a damaged record all stop the export before it writes.
@Suite struct CatalogOwnershipTests {
    @Test func aPersonsImagesetInTheWayIsAnErrorAndNothingIsWritten() throws {
        let site = try ExportFixture.site()
        let catalog = ExportFixture.catalogPath(site)
        site.folder.write("App.xcassets/photos-a-thumb.imageset/Contents.json", text: "{}")
        let before = ExportFixture.snapshot(catalog)
        let result = ExportFixture.export(site)
        #expect(result.code == .usage)
        #expect(result.err == ExportFixture.notes(site) + """
            \(catalog)/photos-a-thumb.imageset: error: an imageset thumbgen did not write is where 'photos/a.jpg' in slot 'thumb' goes; thumbgen never replaces what it did not write: rename or move it, or export to another catalog
            thumbgen: 1 error; nothing was written in \(catalog)

            """)
        #expect(ExportFixture.snapshot(catalog) == before)
    }

    /// A file a person put in one of thumbgen's imagesets: in the way of a file thumbgen needs,
    /// an error; in an imageset thumbgen no longer writes, it stays, with the folder.
    @Test func aPersonsFileInAThumbgenImageset() throws {
        let site = try ExportFixture.site()
        let catalog = ExportFixture.catalogPath(site)
        #expect(ExportFixture.export(site).code == .success)
        site.folder.write("App.xcassets/photos-a-card.imageset/notes.txt", text: "mine")
        try FileManager.default.removeItem(atPath: catalog + "/photos-a-thumb.imageset/photos-a-thumb@2x.jpg")
        site.folder.write("App.xcassets/photos-a-thumb.imageset/photos-a-thumb@2x.jpg", text: "mine too")
        let blocked = ExportFixture.export(site)
        #expect(blocked.code == .success, "a file thumbgen recorded is thumbgen's, whoever wrote it since")
        #expect(site.folder.read("App.xcassets/photos-a-thumb.imageset/photos-a-thumb@2x.jpg") == site.folder.read("site/photos/a.Thumbnail(80x80).jpg"))

        site.folder.write("manifest.yaml", text: ExportFixture.manifest(slots: "[thumb]"))
        try site.build()
        let result = ExportFixture.export(site)
        #expect(result.code == .success)
        #expect(result.err.contains("\(catalog)/photos-a-card.imageset: note: thumbgen no longer writes this imageset, and left it: it holds files thumbgen did not write\n"))
        #expect(site.folder.files().filter { $0.contains("photos-a-card") } == ["App.xcassets/photos-a-card.imageset/notes.txt"])
    }

    @Test func anUnrecordedFileWhereAScaleGoesIsAnError() throws {
        let site = try ExportFixture.site()
        let catalog = ExportFixture.catalogPath(site)
        site.folder.write("manifest.yaml", text: ExportFixture.manifest(slots: "[card]"))
        try site.build()
        #expect(ExportFixture.export(site).code == .success)
        // The card slot gains 1x, and a person has already put a file of that name in
        // thumbgen's imageset.
        site.folder.write("manifest.yaml", text: ExportFixture.manifest(slots: "[card]", cardScales: "[1, 2, 3]"))
        site.folder.write("App.xcassets/photos-a-card.imageset/photos-a-card@1x.jpg", text: "mine")
        try site.build()
        let result = ExportFixture.export(site)
        #expect(result.code == .usage)
        #expect(result.err.hasSuffix("""
            \(catalog)/photos-a-card.imageset/photos-a-card@1x.jpg: error: a file thumbgen did not write is where the 1x file of 'photos/a.jpg' in slot 'card' goes; move it
            thumbgen: 1 error; nothing was written in \(catalog)

            """))
    }

    @Test func symbolicLinksAreRefused() throws {
        let site = try ExportFixture.site()
        let catalog = ExportFixture.catalogPath(site)
        site.folder.write("elsewhere/keep.txt", text: "keep")
        try FileManager.default.createSymbolicLink(atPath: site.folder.path + "/Link.xcassets", withDestinationPath: site.folder.path + "/elsewhere")
        let named = ExportFixture.export(site, "Link.xcassets/")
        #expect(named.code == .usage)
        #expect(named.err == "thumbgen: error: \(site.folder.path)/Link.xcassets: a symbolic link; name the catalog folder itself (nothing is written through a link)\n")

        #expect(ExportFixture.export(site).code == .success)
        // An imageset thumbgen wrote, swapped for a link to another folder.
        try FileManager.default.removeItem(atPath: catalog + "/photos-a-thumb.imageset")
        try FileManager.default.createSymbolicLink(atPath: catalog + "/photos-a-thumb.imageset", withDestinationPath: site.folder.path + "/elsewhere")
        // A Contents.json thumbgen wrote, swapped for a link to a file.
        try FileManager.default.removeItem(atPath: catalog + "/photos-a-card.imageset/Contents.json")
        try FileManager.default.createSymbolicLink(atPath: catalog + "/photos-a-card.imageset/Contents.json", withDestinationPath: site.folder.path + "/elsewhere/keep.txt")
        let result = ExportFixture.export(site)
        #expect(result.code == .usage)
        #expect(result.err.hasSuffix("""
            \(catalog)/photos-a-card.imageset/Contents.json: error: a symbolic link is where the Contents.json of 'photos/a.jpg' in slot 'card' goes; thumbgen never writes through a link: move it
            \(catalog)/photos-a-thumb.imageset: error: a symbolic link is where the imageset of 'photos/a.jpg' in slot 'thumb' goes; thumbgen never writes through a link: move it
            thumbgen: 2 errors; nothing was written in \(catalog)

            """))
        #expect(site.folder.files().filter { $0.hasPrefix("elsewhere/") } == ["elsewhere/keep.txt"])
        #expect(site.folder.read("elsewhere/keep.txt") == Array("keep".utf8))
    }

    /// The record is a file anyone may edit: one that names a path outside its folder, or that
    /// is not the JSON thumbgen writes, stops the export before anything is deleted.
    @Test(arguments: [
        (#"{"contents":true,"imagesets":{"../../site":["photos"]},"schema":1}"#, "it lists '../../site', which is not an imageset name"),
        (#"{"contents":true,"imagesets":{"photos-a-thumb":["../../../site/photos/a.jpg"]},"schema":1}"#, "it lists '../../../site/photos/a.jpg' in 'photos-a-thumb.imageset', which is not a file name"),
        (#"{"schema":2}"#, "it has schema 2, and this thumbgen reads schema 1; use a newer thumbgen"),
        ("not json", "it is not the JSON thumbgen writes"),
    ])
    func aRecordThatCannotBeTrustedStopsTheExport(record: String, reason: String) throws {
        let site = try ExportFixture.site()
        let catalog = ExportFixture.catalogPath(site)
        site.folder.write("App.xcassets/.thumbgen-xcassets.json", text: record)
        let before = ExportFixture.snapshot(site.folder.path)
        let result = ExportFixture.export(site)
        #expect(result.code == .usage)
        #expect(result.err.hasSuffix("""
            \(catalog)/.thumbgen-xcassets.json: error: thumbgen cannot trust this record of the imagesets it wrote: \(reason); restore it, or move it away to treat every imageset in the catalog as one a person made
            thumbgen: 1 error; nothing was written in \(catalog)

            """))
        #expect(ExportFixture.snapshot(site.folder.path) == before)
    }

    /// A killed export leaves its record with its temporary token; the next one removes the
    /// temporary files of that token, and only those.
    @Test func temporariesOfAKilledExportAreRemoved() throws {
        let site = try ExportFixture.site()
        #expect(ExportFixture.export(site).code == .success)
        var record = try CatalogRecord(bytes: site.folder.read("App.xcassets/.thumbgen-xcassets.json")!)
        record.temporary = "1a2b3c4d"
        site.folder.write("App.xcassets/.thumbgen-xcassets.json", record.bytes)
        site.folder.write("App.xcassets/photos-a-thumb.imageset/.thumbgen-1a2b3c4d-7", text: "half")
        site.folder.write("App.xcassets/.thumbgen-1a2b3c4d-8", text: "half")
        site.folder.write("App.xcassets/.thumbgen-99999999-1", text: "another export's")
        let result = ExportFixture.export(site)
        #expect(result.code == .success)
        #expect(site.folder.files().filter { $0.contains(".thumbgen-") && !$0.hasSuffix("xcassets.json") } == ["App.xcassets/.thumbgen-99999999-1"])
        #expect(!String(decoding: site.folder.read("App.xcassets/.thumbgen-xcassets.json")!, as: UTF8.self).contains("temporary"))
    }
}
