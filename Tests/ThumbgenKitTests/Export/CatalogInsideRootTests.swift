import Foundation
import Testing
import TestSupport

@testable import ThumbgenKit

/// An asset catalog exported into the manifest's root is thumbgen's own: no glob takes its files
/// for originals. Before, the next build globbed the imagesets' files, wrote renditions into the
/// imagesets, and the next export nested them (3 images became 7).
@Suite struct CatalogInsideRootTests {
    static func site() throws -> Site {
        let site = Site(manifest: """
            version: 1
            root: site
            slots:
              thumb: { size: 40x40, scales: [1, 2, 3], fit: cover }
            output: { formats: [], placeholder: none }
            images:
              - path: "**/*"
                slots: [thumb]
            """)
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 400, height: 300)))
        site.original("site/photos/b.png", PhotoFixture.png(width: 200, height: 200).bytes)
        site.original("site/icon.png", PhotoFixture.png(width: 30, height: 30).bytes)
        try site.build()
        return site
    }

    @Test func aBuildAfterAnExportIntoRootLeavesTheCatalogAlone() throws {
        let site = try Self.site()
        let catalog = site.folder.path + "/site/App.xcassets"
        let first = ExportFixture.export(site, catalog)
        #expect(first.code == .success, "\(first.err)")
        #expect(first.err.contains("3 imagesets (3 new"), "\(first.err)")
        let exported = ExportFixture.snapshot(catalog)

        let summary = try site.build()
        #expect(ExportFixture.snapshot(catalog) == exported, "the build wrote in the catalog")
        #expect(try site.index("site/renditions.json").images.keys.sorted() == ["icon.png", "photos/a.jpg", "photos/b.png"])
        #expect(summary.problems.isEmpty)

        let second = ExportFixture.export(site, catalog)
        #expect(second.code == .success)
        #expect(second.err.contains("3 imagesets (0 new, 0 updated, 3 unchanged, 0 removed)"), "\(second.err)")
        #expect(ExportFixture.snapshot(catalog) == exported)
    }

    /// Any folder Xcode takes for a catalog, in any case, at any depth, whatever the pattern.
    @Test(arguments: ["**/*", "**/*.png", "App.xcassets/**/*", "App.xcassets/*/*.png", "*/*/*", "deep/**"])
    func noGlobMatchesInsideACatalog(pattern: String) {
        let glob = Glob(pattern)
        for path in ["App.xcassets/a.imageset/a@1x.png", "deep/Icons.XCASSETS/x.imageset/x@2x.png", "deep/er/B.xcassets/c.png"] {
            #expect(!glob.matches(path.split(separator: "/")), "\(pattern) matched \(path)")
        }
    }

    /// Only a folder named so is a catalog: a file, or a folder merely containing the word, is not.
    @Test func onlyACatalogFolderIsLeftOut() {
        #expect(Glob("**/*").matches("photos/xcassets/a.png".split(separator: "/")))
        #expect(Glob("**/*").matches("photos/a.xcassets.png".split(separator: "/")))
        #expect(Glob("**/*").matches("App.xcassetsy/a.png".split(separator: "/")))
        #expect(!AssetCatalogFolders.isCatalog(".xcassets") && AssetCatalogFolders.isCatalog("a.XCAssets"))
    }
}
