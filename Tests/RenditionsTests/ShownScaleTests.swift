import Renditions
import Testing

/// The scale `resolve` gives is the one the file is shown at: its pixels over the points it fills.
/// For a rendition that is the scale it was made for; for an original the index shows because it
/// already fits, it is what fitting it into the slot without enlarging gives, on every screen.
@Suite struct ShownScaleTests {
    static func original(_ file: String, width: Int, height: Int, slot: String, status: ImageStatus = .fits) -> ImageRecord {
        let entry = RenditionRecord(bytes: 1, file: file, height: height, type: "image/png", width: width)
        return ImageRecord(bytes: 1, format: "png", height: height,
                           renditions: Dictionary(uniqueKeysWithValues: [1, 2, 3].map { ("\(slot)@\($0)x", entry) }),
                           sha256: "", status: status, width: width)
    }

    static let index = RenditionIndex(
        generator: "thumbgen",
        images: [
            "icon.png": original("icon.png", width: 48, height: 48, slot: "slot"),
            "wide.png": original("wide.png", width: 200, height: 100, slot: "cover"),
            "small.png": original("small.png", width: 40, height: 100, slot: "cover"),
        ],
        slots: ["slot": SlotRecord(fit: "inside", scales: [1, 2, 3], size: "96x96"),
                "cover": SlotRecord(fit: "cover", scales: [1, 2, 3], size: "60x60")])

    /// The case: a 48-pixel icon in a 96-point slot is 48 points at 1×, and so at 3×
    /// (scale 3 would show it at 16 points).
    @Test func anIconThatFitsIsShownAtItsOwnSizeOnEveryScreen() {
        for screen in [1.0, 2, 3] {
            let shown = Self.index.resolve(image: "icon.png", slot: "slot", screenScale: screen)
            #expect(shown.kind == .original && shown.scale == 1, "at \(screen)x")
            #expect(shown.pointWidth == 48 && shown.pointHeight == 48, "at \(screen)x")
        }
    }

    /// `cover` fills its box: the side that just covers it sets the scale (a 200×100 original
    /// fills 60×60 points at 100/60 pixels a point), and an original smaller than the box is
    /// never enlarged.
    @Test func coverFillsTheBoxWithoutEnlarging() {
        let wide = Self.index.resolve(image: "wide.png", slot: "cover", screenScale: 3)
        #expect(wide.scale == 100.0 / 60 && wide.pointHeight == 60)
        let small = Self.index.resolve(image: "small.png", slot: "cover", screenScale: 3)
        #expect(small.scale == 1 && small.pointWidth == 40)
    }

    /// The rule beside each kind of box, without an index.
    @Test func theRuleOfEachBox() {
        let inside = SlotRecord(fit: "inside", scales: [1], size: "320x200")
        #expect(inside.shownScale(width: 800, height: 600) == 3)  // fills the height: 600 px over 200 pt
        #expect(inside.shownScale(width: 700, height: 525) == 2.625)
        #expect(inside.shownScale(width: 100, height: 50) == 1)
        #expect(SlotRecord(fit: "inside", scales: [1], size: "1200x").shownScale(width: 3000, height: 9000) == 2.5)
        #expect(SlotRecord(fit: "inside", scales: [1], size: "x200").shownScale(width: 9000, height: 300) == 1.5)
        // A size the index cannot be trusted about gives 1, never a division by zero.
        #expect(inside.shownScale(width: 0, height: 0) == 1)
        #expect(SlotRecord(fit: "cover", scales: [1], size: "0x-5").shownScale(width: 50, height: 50) == 1)
    }

    /// An original thumbgen could not read, or does not read, says so: an app can tell a broken
    /// image from a picture. Its size is unknown, so its scale is 1.
    @Test func anUnreadableOrUnsupportedOriginalSaysSo() {
        var index = Self.index
        index.images["broken.jpg"] = Self.original("broken.jpg", width: 0, height: 0, slot: "slot", status: .unreadable)
        index.images["notes.txt"] = Self.original("notes.txt", width: 0, height: 0, slot: "slot", status: .unsupported)
        index.images["spinner.gif"] = Self.original("spinner.gif", width: 48, height: 48, slot: "slot", status: .animated)
        let broken = index.resolve(image: "broken.jpg", slot: "slot", screenScale: 2)
        #expect(broken.kind == .unreadable && broken.scale == 1 && !broken.isRendition && broken.isKnown)
        #expect(index.resolve(image: "notes.txt", slot: "slot", screenScale: 2).kind == .unsupported)
        // An animated original is a picture, shown as it is.
        let spinner = index.resolve(image: "spinner.gif", slot: "slot", screenScale: 3)
        #expect(spinner.kind == .original && spinner.scale == 1)
    }
}
