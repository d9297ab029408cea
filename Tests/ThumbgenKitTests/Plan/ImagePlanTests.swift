import Raster
import Testing
@testable import ThumbgenKit

/// One original's `(slot, scale)` entries and the distinct files they need.
struct ImagePlanTests {
    static let photo = PixelSize(width: 4032, height: 3024)

    /// `key → file (W×H)` per entry, `key → original` when the entry shows the original.
    static func summary(_ plan: ImagePlan) -> [String] {
        plan.entries.map { entry in
            "\(entry.key) \(entry.box) → " + (entry.rendition.map { "\($0.file) \($0.geometry.size)" } ?? "original")
        }
    }

    @Test func plansEverySlotAndScale() {
        let plan = ImagePlan(path: "photos/beach.jpg", original: Self.photo, slots: [
            slot("thumb", "60x60", ["1", "2", "3"], .cover),
            slot("card", "320x180", ["2", "3"]),
            slot("hero", "390x", ["2", "3"]),
        ], focus: nil, extension: "jpg")
        #expect(Self.summary(plan) == [
            "thumb@1x 60x60 → photos/beach.Thumbnail(60x60).jpg 60x60",
            "thumb@2x 120x120 → photos/beach.Thumbnail(120x120).jpg 120x120",
            "thumb@3x 180x180 → photos/beach.Thumbnail(180x180).jpg 180x180",
            "card@2x 640x360 → photos/beach.Thumbnail(480x360).jpg 480x360",
            "card@3x 960x540 → photos/beach.Thumbnail(720x540).jpg 720x540",
            "hero@2x 780x → photos/beach.Thumbnail(780x585).jpg 780x585",
            "hero@3x 1170x → photos/beach.Thumbnail(1170x878).jpg 1170x878",
        ])
        // Largest first.
        #expect(plan.renditions.map(\.geometry.size.description) == [
            "1170x878", "780x585", "720x540", "480x360", "180x180", "120x120", "60x60",
        ])
        // The largest rendition, on its more demanding side (878 of 3024 rows).
        #expect(plan.path == "photos/beach.jpg")
        #expect(plan.original == Self.photo)
    }

    @Test func boxesGivingTheSamePixelsShareOneFile() {
        let plan = ImagePlan(path: "a.jpg", original: PixelSize(width: 400, height: 300), slots: [
            slot("small", "100x100", ["2"]),
            slot("wide", "200x150", ["1"]),
            slot("free", "200x", ["1"]),
            slot("big", "100x", ["4", "1.5"]),
        ], focus: nil, extension: "jpg")
        #expect(Self.summary(plan) == [
            "small@2x 200x200 → a.Thumbnail(200x150).jpg 200x150",
            "wide@1x 200x150 → a.Thumbnail(200x150).jpg 200x150",
            "free@1x 200x → a.Thumbnail(200x150).jpg 200x150",
            "big@4x 400x → original",
            "big@1.5x 150x → a.Thumbnail(150x113).jpg 150x113",
        ])
        #expect(plan.renditions.map(\.file) == ["a.Thumbnail(200x150).jpg", "a.Thumbnail(150x113).jpg"])
    }

    @Test func theUncroppedGeometryWinsASharedFile() throws {
        // 401×300 in a 200×150 cover box crops half a pixel each side; inside gives the same
        // 200×150 from the whole image. One file, made from the whole image, whatever the order.
        let original = PixelSize(width: 401, height: 300)
        for slots in [[slot("c", "200x150", ["1"], .cover), slot("i", "200x150", ["1"])],
                      [slot("i", "200x150", ["1"]), slot("c", "200x150", ["1"], .cover)]] {
            let plan = ImagePlan(path: "a.png", original: original, slots: slots, focus: nil, extension: "png")
            #expect(plan.renditions.count == 1)
            let rendition = try #require(plan.renditions.first)
            #expect(rendition.file == "a.Thumbnail(200x150).png")
            #expect(rendition.geometry.crop == PixelRect(size: original))
            #expect(plan.entries.map(\.rendition) == [rendition, rendition])
        }
    }

    @Test func entriesThatFitShowTheOriginal() {
        let plan = ImagePlan(path: "icon.png", original: PixelSize(width: 100, height: 80), slots: [
            slot("thumb", "60x60", ["1", "2"]),
            slot("tile", "100x80", ["1"], .cover),
        ], focus: nil, extension: "png")
        #expect(Self.summary(plan) == [
            "thumb@1x 60x60 → icon.Thumbnail(60x48).png 60x48",
            "thumb@2x 120x120 → original",
            "tile@1x 100x80 → original",
        ])
        #expect(plan.renditions.count == 1)
    }

    @Test func fractionalScalesKeyTheEntries() {
        let plan = ImagePlan(path: "a.jpg", original: Self.photo, slots: [slot("thumb", "60x45", ["1.5", "0.75", "2.25"])], focus: nil, extension: "jpg")
        #expect(plan.entries.map(\.key) == ["thumb@1.5x", "thumb@0.75x", "thumb@2.25x"])
        #expect(plan.entries.map(\.box.description) == ["90x68", "45x34", "135x102"])
    }

    @Test func focusMovesTheCrop() throws {
        let plan = ImagePlan(path: "a.jpg", original: Self.photo, slots: [slot("thumb", "60x60", ["3"], .cover)],
                             focus: Focus(x: 1, y: 0), extension: "jpg")
        let rendition = try #require(plan.renditions.first)
        #expect(rendition.geometry.crop == PixelRect(x: 1008, y: 0, width: 3024, height: 3024))
    }

    @Test func anUnreadableOriginalPlansNoFiles() {
        let plan = ImagePlan(path: "broken.jpg", original: .zero, slots: [slot("thumb", "60x60", ["1", "2"])], focus: nil, extension: "jpg")
        #expect(plan.renditions.isEmpty)
        #expect(plan.entries.allSatisfy { $0.rendition == nil })
    }
}
