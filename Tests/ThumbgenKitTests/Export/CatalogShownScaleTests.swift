import Renditions
import Testing

@testable import ThumbgenKit

/// An imageset holds each file at the scale it is shown at, as `resolve` says: an original that
/// fits is at its own size on every screen, so it goes in once, at the one scale true for it.
@Suite struct CatalogShownScaleTests {
    static func entry(_ file: String, _ width: Int, _ height: Int) -> RenditionRecord {
        RenditionRecord(bytes: 100, file: file, height: height, type: "image/png", width: width)
    }

    static func plan(_ images: [String: ImageRecord]) -> CatalogPlan {
        let index = RenditionIndex(generator: "t", images: images, slots: [
            "icon": SlotRecord(fit: "inside", scales: [1, 2, 3], size: "96x96"),
            "card": SlotRecord(fit: "inside", scales: [1, 2, 3], size: "320x200"),
        ])
        return CatalogPlan(index: index, paths: IndexPaths(indexPath: "renditions.json"))
    }

    /// The case: a 48-pixel icon in a 96-point slot is 48 points on every screen. At 3x
    /// (the old plan) an app showed it at 16 points.
    @Test func anIconThatFitsIsOneFileAtOneX() {
        let icon = Self.entry("icon.png", 48, 48)
        let plan = Self.plan(["icon.png": ImageRecord(bytes: 100, format: "png", height: 48,
                                                      renditions: ["icon@1x": icon, "icon@2x": icon, "icon@3x": icon],
                                                      sha256: "", status: .fits, width: 48)])
        #expect(plan.imageSets.map(\.name) == ["icon-icon"])
        #expect(plan.imageSets.first?.files == [CatalogPlan.File(scale: 1, name: "icon-icon@1x.png", source: "icon.png", isOriginal: true)])
        #expect(plan.imageSets.first.map { String(decoding: $0.contents, as: UTF8.self).contains("\"scale\" : \"1x\"") } == true)
        #expect(plan.leftOut.isEmpty)
    }

    /// An original the index shows at 3x where it is 3 pixels a point (800×600 in 320×200 points)
    /// goes in at 3x; one that is 2.625 pixels a point (700×525) fits no scale of a catalog and
    /// is left out at 3x, with a note: a 3x screen then shows the 2x rendition, at the right size.
    @Test func anOriginalAtTheTopGoesInOnlyAtATrueScale() {
        func record(_ name: String, _ width: Int, _ height: Int) -> ImageRecord {
            let stem = String(name.dropLast(4))
            return ImageRecord(bytes: 100, format: "png", height: height, renditions: [
                "card@1x": Self.entry("\(stem).Thumbnail(1x).png", width * 200 / height, 200),
                "card@2x": Self.entry("\(stem).Thumbnail(2x).png", width * 400 / height, 400),
                "card@3x": Self.entry(name, width, height),
            ], sha256: "", status: .resized, width: width)
        }
        let plan = Self.plan(["exact.png": record("exact.png", 800, 600), "short.png": record("short.png", 700, 525)])
        #expect(plan.imageSets.map(\.name) == ["exact-card", "short-card"])
        #expect(plan.imageSets[0].files.map(\.scale) == [1, 2, 3] && plan.imageSets[0].files.map(\.isOriginal) == [false, false, true])
        #expect(plan.imageSets[1].files.map(\.scale) == [1, 2])
        #expect(plan.leftOut == [CatalogPlan.LeftOut(image: "short.png", slot: "card", reason: "its 3x file 'short.png' is the original, shown at 2.625x, and an imageset holds files at 1x, 2x and 3x only; screens of 3x get the one below")])
    }

    /// An original shown at a scale no catalog holds is left out at each scale it is listed for.
    @Test func anOriginalAtNoCatalogScaleIsLeftOutWhereListed() {
        let big = Self.entry("big.png", 150, 150)  // 150 pixels in a 96-point box: 1.5625 a point
        let plan = Self.plan(["big.png": ImageRecord(bytes: 100, format: "png", height: 150,
                                                     renditions: ["icon@2x": big, "icon@3x": big, "icon@1x": Self.entry("big.Thumbnail(96x96).png", 96, 96)],
                                                     sha256: "", status: .resized, width: 150)])
        #expect(plan.imageSets.first?.files.map(\.scale) == [1])
        #expect(plan.leftOut.count == 2)
    }
}
