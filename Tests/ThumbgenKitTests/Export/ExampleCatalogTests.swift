import Foundation
import Renditions
import Testing
import TestSupport

@testable import ThumbgenCLI
@testable import ThumbgenKit

/// `thumbgen export xcassets` on the example site (`make thumbs`, the root manifest.yaml): every
/// `Contents.json`, and the record, byte for byte as the goldens in Golden/Example.xcassets.
/// After a deliberate change, THUMBGEN_UPDATE_GOLDEN=1 writes the goldens instead (then review
/// the diff before committing it).
@Suite struct ExampleCatalogTests {
    static let project = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/Example.xcassets")
    static var updating: Bool { ProcessInfo.processInfo.environment["THUMBGEN_UPDATE_GOLDEN"] == "1" }

    @Test(.needs("the example site built (make thumbs)") { ExampleSiteBrowserTests.isBuilt },
          .enabled(if: !ExampleSiteBrowserTests.isOtherSite, "measuring another site"))
    func theExampleCatalogMatchesTheGoldens() throws {
        let scratch = ScratchFolder("thumbgen-catalog")
        let catalog = scratch.path + "/Example.xcassets"
        let out = Captured(), err = Captured()
        let code = Thumbgen.run(["export", "xcassets", catalog, Self.project.path + "/manifest.yaml"], environment: [:],
                                console: Console(out: { out.append($0) }, err: { err.append($0) }))
        #expect(code == .success)
        #expect(err.text.hasSuffix("thumbgen: \(catalog): 19 imagesets (19 new, 0 updated, 0 unchanged, 0 removed); 54 files hard-linked, 1 copied\n"))
        for note in ["thumbgen: note: slot 'hero' is left out of the catalog: an asset catalog holds scales 1, 2 and 3 only, and it also lists 0.5, 1.5\n",
                     "images/broken-upload.jpg: note: left out of the catalog: the index shows its original, which thumbgen could not read (an app would show a broken image)\n",
                     "images/spinner.gif: note: left out of the catalog: it is animated, and an imageset shows one still picture\n"] {
            #expect(err.text.contains(note))
        }

        let written = scratch.files().filter { $0.hasPrefix("Example.xcassets/") }.map { String($0.dropFirst("Example.xcassets/".count)) }
        let described = written.filter { $0.hasSuffix("Contents.json") || $0 == CatalogRecord.fileName }
        if Self.updating {
            try? FileManager.default.removeItem(at: Self.golden)
            for file in described {
                let target = Self.golden.appendingPathComponent(file)
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(scratch.read("Example.xcassets/" + file)!).write(to: target)
            }
        }
        let goldens = (FileManager.default.enumerator(atPath: Self.golden.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(described == goldens)
        for file in goldens {
            #expect(scratch.read("Example.xcassets/" + file) == [UInt8](try Data(contentsOf: Self.golden.appendingPathComponent(file))), "\(file)")
        }

        // Each file is the one the index shows, as the Swift client resolves it, at its scale.
        let site = Self.project.appendingPathComponent("example-site")
        let index = try RenditionIndex.load(from: site.appendingPathComponent("renditions.json"))
        let plan = CatalogPlan(index: index, paths: IndexPaths(indexPath: "renditions.json"))
        #expect(plan.imageSets.count == 19 && written.count == 2 + 19 + 55)
        for set in plan.imageSets {
            let names = written.filter { $0.hasPrefix(set.folder + "/") }.map(\.lastPathPart)
            try ContentsJSONTests.checkDocumentedImageSet(scratch.read("Example.xcassets/\(set.folder)/Contents.json")!, files: names)
            for file in set.files {
                let resolved = index.resolve(image: set.image, slot: set.slot, screenScale: Double(file.scale))
                #expect(resolved.scale == Double(file.scale) && resolved.file == file.source)
                // A rendition is linked; an original is a copy, so editing the catalog edits no original.
                let inodes = (ExportFixture.inode(catalog + "/" + set.folder + "/" + file.name), ExportFixture.inode(site.path + "/" + resolved.file))
                #expect(file.isOriginal ? inodes.0 != inodes.1 : inodes.0 == inodes.1, "\(set.folder)/\(file.name)")
            }
        }
        // The icon fits: its original, once, at the scale it is shown at.
        #expect(plan.imageSets.first { $0.name == "images-icon-thumb" }?.files
            == [CatalogPlan.File(scale: 1, name: "images-icon-thumb@1x.png", source: "images/icon.png", isOriginal: true)])

        let before = ExportFixture.snapshot(catalog)
        #expect(Thumbgen.run(["export", "xcassets", catalog, Self.project.path + "/manifest.yaml", "-q"], environment: [:],
                             console: Console(out: { _ in }, err: { _ in })) == .success)
        #expect(ExportFixture.snapshot(catalog) == before)
    }
}
