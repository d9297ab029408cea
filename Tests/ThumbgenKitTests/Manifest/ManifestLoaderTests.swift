import Foundation
import Testing
@testable import ThumbgenKit

/// Valid manifests: defaults, explicit settings, slots as declared, images merged and sorted.
struct ManifestLoaderTests {
    static func decimal(_ text: String) -> ExactDecimal { ExactDecimal(parsing: text)! }

    @Test func fillsInEveryDefault() throws {
        let folder = try TemporaryFolder()
        try folder.write("b.jpg")
        try folder.write("a.jpg")
        let manifest = try loadManifest("""
            version: 1
            slots:
              thumb: { size: 60x60, scales: [1, 2, 3], fit: cover }
              hero: { size: 390x, scales: [2, 1.5] }
              tall: { size: x200, scales: [1] }
            images:
              - path: b.jpg
                slots: [hero]
              - path: a.jpg
                slots: [thumb, tall]
            """, in: folder)

        #expect(manifest.file == "manifest.yaml")
        #expect(manifest.output.jpegQuality == 82)
        #expect(manifest.output.jpegProgressive == false)
        #expect(manifest.output.pngCompression == 6)
        #expect(manifest.limits.pixels == 268_402_689)
        #expect(manifest.limits == Limits())
        #expect(manifest.indexPath == "renditions.json")
        #expect(manifest.root.path == folder.path)
        #expect(manifest.directory.path == folder.path)
        #expect(manifest.slots == [
            Slot(name: "thumb", size: SlotSize(width: Self.decimal("60"), height: Self.decimal("60")),
                 scales: [Self.decimal("1"), Self.decimal("2"), Self.decimal("3")], fit: .cover),
            Slot(name: "hero", size: SlotSize(width: Self.decimal("390"), height: nil),
                 scales: [Self.decimal("2"), Self.decimal("1.5")], fit: .inside),
            Slot(name: "tall", size: SlotSize(width: nil, height: Self.decimal("200")), scales: [Self.decimal("1")], fit: .inside),
        ])
        #expect(manifest.slots.map(\.size.description) == ["60x60", "390x", "x200"])
        #expect(manifest.images == [
            ImageEntry(path: "a.jpg", slots: ["thumb", "tall"]),
            ImageEntry(path: "b.jpg", slots: ["hero"]),
        ])
    }

    @Test func readsExplicitSettings() throws {
        let folder = try TemporaryFolder()
        try folder.write("site/photos/a.jpg")
        let manifest = try loadManifest("""
            version: 1
            root: site
            index: ./out/idx.json
            output:
              jpeg: { quality: 90, progressive: True }
              png: { compression: 0 }
            limits: { pixels: 1000, dimension: 50, memory_mb: 64 }
            slots:
              thumb: { size: 37.5x33.34, scales: [1.5], fit: inside }
            images:
              - path: ./photos/a.jpg
                slots: [thumb]
                focus: [0, 1]
            """, in: folder)

        #expect(manifest.root.path == folder.path + "/site")
        #expect(manifest.directory.path == folder.path)
        #expect(manifest.indexPath == "out/idx.json")
        #expect(manifest.output == OutputSettings(jpegQuality: 90, jpegProgressive: true, pngCompression: 0))
        #expect(manifest.limits == Limits(pixels: 1000, dimension: 50, memoryMB: 64))
        #expect(manifest.slots.map(\.size.description) == ["37.5x33.34"])
        #expect(manifest.images == [ImageEntry(path: "photos/a.jpg", slots: ["thumb"], focus: .point(Focus(x: 0, y: 1)))])
    }

    @Test func limitOverridesReplaceTheManifestsLimits() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.jpg")
        let yaml = minimalManifest(path: "a.jpg", extra: "limits: { pixels: 1000 }")
        let manifest = try ManifestLoader.load(bytes: Array(yaml.utf8), file: "m.yaml", directory: folder.url) { $0.pixels = 5 }
        #expect(manifest.limits == Limits(pixels: 5))
    }

    @Test func anImageListedTwiceGetsTheUnionOfItsSlots() throws {
        let folder = try TemporaryFolder()
        for name in ["c.jpg", "a.jpg", "b.jpg"] { try folder.write(name) }
        let manifest = try loadManifest("""
            version: 1
            slots:
              thumb: { size: 60x60, scales: [1] }
              card: { size: 320x180, scales: [2] }
              hero: { size: 390x, scales: [2] }
            images:
              - path: "*.jpg"
                slots: [hero, card]
              - path: a.jpg
                slots: [thumb, card, thumb]
                focus: [0.25, 0.75]
              - path: a.jpg
                slots: [card]
                focus: [0.25, 0.75]
            """, in: folder)

        #expect(manifest.images == [
            ImageEntry(path: "a.jpg", slots: ["thumb", "card", "hero"], focus: .point(Focus(x: 0.25, y: 0.75))),
            ImageEntry(path: "b.jpg", slots: ["card", "hero"]),
            ImageEntry(path: "c.jpg", slots: ["card", "hero"]),
        ])
    }

    @Test func theSameFocusTwiceIsNotAConflict() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.jpg")
        let manifest = try loadManifest("""
            version: 1
            slots: { t: { size: 1x1, scales: [1] } }
            images:
              - { path: a.jpg, slots: [t], focus: [0.5, 0.3] }
              - { path: a.jpg, slots: [t] }
              - { path: a.jpg, slots: [t], focus: [0.50, 0.30] }
            """, in: folder)
        #expect(manifest.images == [ImageEntry(path: "a.jpg", slots: ["t"], focus: .point(Focus(x: 0.5, y: 0.3)))])
    }

    @Test func focusAutoIsAWordQuotedOrNot() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.jpg")
        try folder.write("b.jpg")
        let manifest = try loadManifest("""
            version: 1
            slots: { t: { size: 1x1, scales: [1] } }
            images:
              - { path: a.jpg, slots: [t], focus: auto }
              - { path: b.jpg, slots: [t], focus: "auto" }
            """, in: folder)
        #expect(manifest.images == [ImageEntry(path: "a.jpg", slots: ["t"], focus: .auto), ImageEntry(path: "b.jpg", slots: ["t"], focus: .auto)])
    }

    @Test func slotLookupByName() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.jpg")
        let manifest = try loadManifest(minimalManifest(path: "a.jpg"), in: folder)
        #expect(manifest.slot(named: "t")?.name == "t")
        #expect(manifest.slot(named: "T") == nil)
    }
}
