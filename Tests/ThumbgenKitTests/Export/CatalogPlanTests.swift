import Renditions
import Testing

@testable import ThumbgenKit

/// What goes in a catalog, from the index alone: the files `resolve` gives at 1x, 2x and 3x,
/// and a reason for everything left out.
@Suite struct CatalogPlanTests {
    static func entry(_ file: String, _ side: Int, type: String? = "image/jpeg") -> RenditionRecord {
        RenditionRecord(bytes: 100, file: file, height: side, type: type, width: side)
    }

    static func record(_ renditions: [String: RenditionRecord], status: ImageStatus = .resized, format: String = "jpeg") -> ImageRecord {
        ImageRecord(bytes: 1000, format: format, height: 900, renditions: renditions, sha256: "", status: status, width: 900)
    }

    static let slots = [
        "thumb": SlotRecord(fit: "cover", scales: [1, 2, 3], size: "40x40"),
        "card": SlotRecord(fit: "inside", scales: [2, 3], size: "100x60"),
        "hero": SlotRecord(fit: "inside", scales: [1, 1.5, 2], size: "300x"),
    ]

    @Test func eachImageAndSlotWithCatalogScalesIsAnImageset() {
        let index = RenditionIndex(generator: "t", images: [
            "p/a.jpg": Self.record([
                "thumb@1x": Self.entry("p/a.Thumbnail(40x40).jpg", 40), "thumb@2x": Self.entry("p/a.Thumbnail(80x80).jpg", 80),
                "thumb@3x": Self.entry("p/a.Thumbnail(120x120).jpg", 120), "card@2x": Self.entry("p/a.Thumbnail(200x120).jpg", 200),
                "card@3x": Self.entry("p/a.Thumbnail(300x180).jpg", 300),
                "hero@1x": Self.entry("p/a.Thumbnail(300x200).jpg", 300), "hero@1.5x": Self.entry("p/a.Thumbnail(450x300).jpg", 450),
                "hero@2x": Self.entry("p/a.Thumbnail(600x400).jpg", 600),
            ]),
        ], slots: Self.slots)
        let plan = CatalogPlan(index: index, paths: IndexPaths(indexPath: "renditions.json"))
        #expect(plan.imageSets.map(\.name) == ["p-a-card", "p-a-thumb"])
        #expect(plan.imageSets[0].files == [
            CatalogPlan.File(scale: 2, name: "p-a-card@2x.jpg", source: "p/a.Thumbnail(200x120).jpg"),
            CatalogPlan.File(scale: 3, name: "p-a-card@3x.jpg", source: "p/a.Thumbnail(300x180).jpg"),
        ])
        #expect(plan.imageSets[0].fileNames == ["Contents.json", "p-a-card@2x.jpg", "p-a-card@3x.jpg"])
        #expect(plan.leftOut == [CatalogPlan.LeftOut(image: nil, slot: "hero", reason: "an asset catalog holds scales 1, 2 and 3 only, and it also lists 1.5")])
        #expect(plan.collisions.isEmpty)
        // Every file is what the Swift client resolves for that screen scale, at that scale.
        for set in plan.imageSets {
            for file in set.files {
                let resolved = index.resolve(image: set.image, slot: set.slot, screenScale: Double(file.scale))
                #expect(resolved.file == file.source && resolved.scale == Double(file.scale))
            }
        }
    }

    /// Paths in the index are relative to its folder; the plan's are relative to root.
    @Test func sourcesAreRelativeToRoot() {
        let index = RenditionIndex(generator: "t", images: [
            "../p/a.jpg": Self.record(["card@2x": Self.entry("../p/a.Thumbnail(200x120).jpg", 200), "card@3x": Self.entry("../p/a.jpg", 180)]),
            "../../out.jpg": Self.record(["card@2x": Self.entry("../../out.jpg", 200), "card@3x": Self.entry("../../out.jpg", 200)]),
        ], slots: Self.slots)
        let plan = CatalogPlan(index: index, paths: IndexPaths(indexPath: "data/renditions.json"))
        #expect(plan.imageSets.map(\.name) == ["_.-p-a-card"])
        #expect(plan.imageSets[0].files.map(\.source) == ["p/a.Thumbnail(200x120).jpg", "p/a.jpg"])
        #expect(plan.leftOut == [
            CatalogPlan.LeftOut(image: nil, slot: "hero", reason: "an asset catalog holds scales 1, 2 and 3 only, and it also lists 1.5"),
            CatalogPlan.LeftOut(image: "../../out.jpg", slot: "card", reason: "its 2x file '../../out.jpg' is not below the manifest's root"),
        ])
    }

    /// An original that fits is exported as the index shows it, once, at the scale it is shown at
    /// (a 50-pixel icon in a 100×60-point slot: 1x, though the slot lists 2 and 3); one an
    /// imageset cannot hold (animated, unreadable, unsupported, or of a type other than JPEG,
    /// PNG, HEIF) is left out, with the reason.
    @Test func originalsAreExportedOnlyWhenAnImagesetHoldsThem() {
        func originals(_ file: String, type: String?) -> [String: RenditionRecord] {
            ["card@2x": Self.entry(file, 50, type: type), "card@3x": Self.entry(file, 50, type: type)]
        }
        let index = RenditionIndex(generator: "t", images: [
            "icon.png": Self.record(originals("icon.png", type: "image/png"), status: .fits, format: "png"),
            "spin.gif": Self.record(originals("spin.gif", type: "image/gif"), status: .animated, format: "gif"),
            "broken.jpg": Self.record(originals("broken.jpg", type: "image/jpeg"), status: .unreadable),
            "notes.txt": Self.record(originals("notes.txt", type: nil), status: .unsupported, format: "unknown"),
            "small.webp": Self.record(originals("small.webp", type: "image/webp"), status: .fits, format: "webp"),
            "photo.heic": Self.record(["card@2x": Self.entry("photo.Thumbnail(200x150).jpg", 200),
                                       "card@3x": Self.entry("photo.heic", 180, type: "image/heic")], format: "heif"),
            "gap.jpg": Self.record(["card@2x": Self.entry("gap.Thumbnail(200x150).jpg", 200)]),
        ], slots: Self.slots)
        let plan = CatalogPlan(index: index, paths: IndexPaths(indexPath: "renditions.json"))
        #expect(plan.imageSets.map(\.name) == ["icon-card", "photo-card"])
        #expect(plan.imageSets[0].files == [CatalogPlan.File(scale: 1, name: "icon-card@1x.png", source: "icon.png", isOriginal: true)])
        #expect(plan.imageSets[1].files.map(\.name) == ["photo-card@2x.jpg", "photo-card@3x.heic"])
        #expect(plan.leftOut == [
            CatalogPlan.LeftOut(image: nil, slot: "hero", reason: "an asset catalog holds scales 1, 2 and 3 only, and it also lists 1.5"),
            CatalogPlan.LeftOut(image: "broken.jpg", slot: nil, reason: "the index shows its original, which thumbgen could not read (an app would show a broken image)"),
            CatalogPlan.LeftOut(image: "gap.jpg", slot: "card", reason: "the index has no entry 'card@3x'; run the build again"),
            CatalogPlan.LeftOut(image: "notes.txt", slot: nil, reason: "the index shows its original, which is not an image thumbgen reads"),
            CatalogPlan.LeftOut(image: "small.webp", slot: "card", reason: "its 2x file 'small.webp' is image/webp, and an imageset holds JPEG, PNG and HEIF files only"),
            CatalogPlan.LeftOut(image: "spin.gif", slot: nil, reason: "it is animated, and an imageset shows one still picture"),
        ])
    }

    @Test func twoPairsOfOneNameAreACollisionNamingBoth() {
        let pair = ["thumb@1x": Self.entry("x", 40), "thumb@2x": Self.entry("x", 80), "thumb@3x": Self.entry("x", 120)]
        let index = RenditionIndex(generator: "t", images: [
            "p/x y.jpg": Self.record(pair), "p/x_y.jpg": Self.record(pair), "p/x (y).jpg": Self.record(pair),
            "P/Q.jpg": Self.record(pair), "p/q.jpg": Self.record(pair),
        ], slots: Self.slots)
        let plan = CatalogPlan(index: index, paths: IndexPaths(indexPath: "renditions.json"))
        #expect(plan.collisions == [
            "'P/Q.jpg' in slot 'thumb' and 'p/q.jpg' in slot 'thumb' would be the imagesets 'P-Q-thumb' and 'p-q-thumb', one folder where case is ignored (a Mac's default); rename one of the images (or slots)",
            "'p/x y.jpg' in slot 'thumb' and 'p/x_y.jpg' in slot 'thumb' would both be the imageset 'p-x_y-thumb'; rename one of the images (or slots)",
        ])
        #expect(plan.imageSets.map(\.name) == ["P-Q-thumb", "p-x_y-thumb", "p-x_y_-thumb"])
    }
}
