import Foundation
import Renditions
import Testing
import TestSupport

@testable import ThumbgenCLI
@testable import ThumbgenKit

/// `thumbgen export xcassets` as a user runs it: what it writes, what it leaves out and says so,
/// a second run that changes nothing, and a slot removed from the manifest.
@Suite struct CatalogExportTests {
    static let imageSets = ["photos-a-card", "photos-a-thumb", "photos-b_c_1_-card", "photos-b_c_1_-thumb", "photos-icon-card", "photos-icon-thumb"]

    @Test func writesAnImagesetPerImageAndSlot() throws {
        let site = try ExportFixture.site()
        let catalog = ExportFixture.catalogPath(site)
        let result = ExportFixture.export(site)
        #expect(result.code == .success && result.out.isEmpty)
        #expect(result.err == ExportFixture.notes(site) + "thumbgen: \(catalog): 6 imagesets (6 new, 0 updated, 0 unchanged, 0 removed); 10 files hard-linked, 2 copied\n")
        let files = site.folder.files().filter { $0.hasPrefix("App.xcassets/") }.map { String($0.dropFirst("App.xcassets/".count)) }
        #expect(files == [".thumbgen-xcassets.json", "Contents.json"] + Self.imageSets.flatMap { name in
            // The icon fits: one file, at the scale it is shown at (30 pixels are 30 points).
            let scales = name.contains("-icon-") ? [1] : name.hasSuffix("-card") ? [2, 3] : [1, 2, 3]
            let ext = name.contains("-a-") ? "jpg" : "png"
            return ["\(name).imageset/Contents.json"] + scales.map { "\(name).imageset/\(name)@\($0)x.\(ext)" }
        })
        #expect(site.folder.read("App.xcassets/Contents.json") == ContentsJSON.catalog())

        // Each imageset holds, for each of its scales, the file the Swift client resolves for a
        // screen of that scale, and says the scale it was made for.
        let index = try site.index("site/renditions.json")
        for name in Self.imageSets {
            let folder = "App.xcassets/\(name).imageset"
            let bytes = try #require(site.folder.read(folder + "/Contents.json"))
            let names = site.folder.files().filter { $0.hasPrefix(folder + "/") }.map(\.lastPathPart)
            try ContentsJSONTests.checkDocumentedImageSet(bytes, files: names)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
            let image = "photos/" + (name.contains("-a-") ? "a.jpg" : name.contains("-icon-") ? "icon.png" : "b c (1).png")
            let slot = String(name.split(separator: "-").last!)
            for entry in try #require(object["images"] as? [[String: String]]) {
                let scale = Double(entry["scale"]!.dropLast())!
                let resolved = index.resolve(image: image, slot: slot, screenScale: scale)
                #expect(resolved.scale == scale && resolved.kind == (image == "photos/icon.png" ? .original : .rendition))
                #expect(site.folder.read(folder + "/" + entry["filename"]!) == site.folder.read("site/" + resolved.file), "\(name) \(scale)x")
            }
        }
        #expect(String(decoding: site.folder.read("App.xcassets/.thumbgen-xcassets.json")!, as: UTF8.self).hasPrefix("""
            {
              "contents" : true,
              "imagesets" : {
                "photos-a-card" : [
                  "Contents.json",
                  "photos-a-card@2x.jpg",
                  "photos-a-card@3x.jpg"
                ],
            """))
    }

    @Test func aSecondRunChangesNothing() throws {
        let site = try ExportFixture.site()
        let catalog = ExportFixture.catalogPath(site)
        #expect(ExportFixture.export(site).code == .success)
        let before = ExportFixture.snapshot(catalog)
        let second = ExportFixture.export(site, extra: ["--quiet"])
        #expect(second.code == .success && second.err.isEmpty)
        let third = ExportFixture.export(site)
        #expect(third.err == ExportFixture.notes(site) + "thumbgen: \(catalog): 6 imagesets (0 new, 0 updated, 6 unchanged, 0 removed); 0 files hard-linked, 0 copied\n")
        #expect(ExportFixture.snapshot(catalog) == before)
        #expect(before.count == 1 + 2 + 6 + 6 + 12)
    }

    /// A slot taken out of the manifest, a build, an export: that slot's imagesets go, and so does
    /// nothing else. The build made the other renditions of those images again (their recipe
    /// changed), so their imagesets now link the new files; the icon's stay as they were, and so
    /// does an imageset a person made.
    @Test func removingASlotRemovesOnlyItsImagesets() throws {
        let site = try ExportFixture.site()
        let catalog = ExportFixture.catalogPath(site)
        site.folder.write("App.xcassets/Mine.imageset/Contents.json", text: "{\"images\":[{\"filename\":\"m.png\",\"idiom\":\"universal\"}]}")
        site.folder.write("App.xcassets/Mine.imageset/m.png", PhotoFixture.png(width: 8, height: 8).bytes)
        #expect(ExportFixture.export(site).code == .success)
        let before = ExportFixture.snapshot(catalog)

        site.folder.write("manifest.yaml", text: ExportFixture.manifest(slots: "[thumb]"))
        try site.build()
        let result = ExportFixture.export(site)
        #expect(result.code == .success)
        #expect(result.err == ExportFixture.notes(site) + "thumbgen: \(catalog): 3 imagesets (0 new, 2 updated, 1 unchanged, 3 removed); 6 files hard-linked, 0 copied\n")
        let after = ExportFixture.snapshot(catalog)
        #expect(Set(after.keys) == Set(before.keys.filter { !$0.contains("-card") }))
        for path in after.keys where path.hasPrefix("Mine.imageset") || path.hasPrefix("photos-icon-thumb.imageset") || path.hasSuffix("/Contents.json") {
            #expect(after[path] == before[path], "\(path) unchanged")
        }
        let index = try site.index("site/renditions.json")
        for image in ["a", "b_c_1_"] {
            for scale in 1...3 {
                let file = index.resolve(image: image == "a" ? "photos/a.jpg" : "photos/b c (1).png", slot: "thumb", screenScale: Double(scale)).file
                let name = "photos-\(image)-thumb.imageset/photos-\(image)-thumb@\(scale)x.\(image == "a" ? "jpg" : "png")"
                #expect(ExportFixture.inode(catalog + "/" + name) == ExportFixture.inode(site.folder.path + "/site/" + file), "\(name)")
            }
        }
        #expect(!String(decoding: site.folder.read("App.xcassets/.thumbgen-xcassets.json")!, as: UTF8.self).contains("card"))
    }

    /// Xcode reads only folders named `.xcassets` (or groups inside one); nothing is written
    /// anywhere else, and a missing parent folder is named.
    @Test func theFolderMustBeACatalog() throws {
        let site = try ExportFixture.site()
        let other = ExportFixture.export(site, "Assets")
        #expect(other.code == .usage)
        #expect(other.err == "thumbgen: error: \(site.folder.path)/Assets: not an asset catalog; name a folder whose name ends in .xcassets (or a group folder inside one)\n")
        let missing = ExportFixture.export(site, "no/App.xcassets")
        #expect(missing.err == "thumbgen: error: \(site.folder.path)/no/App.xcassets: the folder it goes in, \(site.folder.path)/no, does not exist; create it first\n")
        #expect(!site.folder.exists("Assets") && !site.folder.exists("no"))
        // A group folder inside a catalog is a place for imagesets too.
        site.folder.write("App.xcassets/Contents.json", Array(ContentsJSON.catalog()))
        let group = ExportFixture.export(site, "App.xcassets/Thumbnails/")
        #expect(group.code == .success && group.err.hasSuffix("\(site.folder.path)/App.xcassets/Thumbnails: 6 imagesets (6 new, 0 updated, 0 unchanged, 0 removed); 10 files hard-linked, 2 copied\n"))
        #expect(site.folder.exists("App.xcassets/Thumbnails/photos-a-thumb.imageset/photos-a-thumb@3x.jpg"))
    }

    /// A catalog inside the manifest's root works, with a warning: a glob such as **/*.jpg would
    /// take its files for originals.
    /// No glob matches inside a catalog (`AssetCatalogFolders`), so one inside root is fine.
    @Test func aCatalogInsideRootNeedsNoWarning() throws {
        let site = try ExportFixture.site()
        let catalog = ExportFixture.catalogPath(site, "site/App.xcassets")
        let result = ExportFixture.export(site, "site/App.xcassets")
        #expect(result.code == .success)
        #expect(!result.err.contains("warning"), "\(result.err)")
        #expect(result.err.hasSuffix("thumbgen: \(catalog): 6 imagesets (6 new, 0 updated, 0 unchanged, 0 removed); 10 files hard-linked, 2 copied\n"))
    }

    @Test func theIndexMustExist() throws {
        let site = Site(manifest: ExportFixture.manifest())
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 40, height: 30)))
        let result = ExportFixture.export(site)
        #expect(result.code == .usage)
        #expect(result.err == "thumbgen: error: renditions.json: cannot read the index: there is no such file; run 'thumbgen build \(site.manifestPath)' first: the catalog holds what a build wrote\n")
        #expect(!site.folder.exists("App.xcassets"))
    }

    @Test func usage() {
        #expect(throws: UsageError("usage: thumbgen export xcassets DIR [MANIFEST]")) { try ArgumentParser.parse(["export"]) }
        #expect(throws: UsageError("usage: thumbgen export xcassets DIR [MANIFEST]")) { try ArgumentParser.parse(["export", "xcassets"]) }
        #expect(throws: UsageError("unknown export 'xcasset' (did you mean 'xcassets'?); usage: thumbgen export xcassets DIR [MANIFEST]")) {
            try ArgumentParser.parse(["export", "xcasset", "A.xcassets"])
        }
        let request = try? ArgumentParser.parse(["export", "xcassets", "A.xcassets", "site/manifest.yaml", "-q"])
        #expect(request?.command == .export && request?.exportCatalog == "A.xcassets" && request?.manifest == "site/manifest.yaml" && request?.quiet == true)
        #expect((try? ArgumentParser.parse(["export", "xcassets", "A.xcassets"]))?.manifest == "manifest.yaml")
    }
}
