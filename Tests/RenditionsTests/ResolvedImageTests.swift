import Renditions
import Testing

/// What an app needs from a resolved image: the scale to load it at, its size in points and
/// pixels, and whether it is a rendition, the original, or something the index does not know.
@Suite struct ResolvedImageTests {
    static let index = RenditionIndex(
        generator: "thumbgen",
        images: ["a.jpg": ImageRecord(bytes: 1, format: "jpeg", height: 3000, renditions: [
            "avatar@2x": RenditionRecord(bytes: 1, file: "a.Thumbnail(192x192).jpg", height: 192, type: "image/jpeg", width: 192),
            "avatar@3x": RenditionRecord(bytes: 1, file: "a.Thumbnail(288x288).jpg", height: 288,
                                         sources: [SourceRecord(bytes: 1, file: "a.Thumbnail(288x288).avif", type: "image/avif"),
                                                   SourceRecord(bytes: 1, file: "a.Thumbnail(288x288).webp", type: "image/webp")],
                                         type: "image/jpeg", width: 288),
        ], sha256: "", status: .resized, width: 4000)],
        slots: ["avatar": SlotRecord(fit: "cover", scales: [2, 3], size: "96x96")])

    /// A 288-pixel file for a 96-point slot at scale 3 is 96 points: load it with scale 3.
    @Test func theScaleToLoadAFileAt() {
        let shown = Self.index.resolve(image: "a.jpg", slot: "avatar", screenScale: 3)
        #expect(shown.file == "a.Thumbnail(288x288).jpg" && shown.scale == 3)
        #expect(shown.pixelWidth == 288 && shown.pointWidth == 96 && shown.pointHeight == 96)
        #expect(shown.isRendition && shown.isKnown && shown.kind == .rendition)
        // A screen of scale 1 gets the smallest listed scale, 2: 192 pixels, still 96 points.
        let low = Self.index.resolve(image: "a.jpg", slot: "avatar", screenScale: 1)
        #expect(low.scale == 2 && low.pointWidth == 96)
    }

    @Test func theBestFileForWhatTheClientDecodes() {
        let shown = Self.index.resolve(image: "a.jpg", slot: "avatar", screenScale: 3)
        #expect(shown.file(accepting: ["image/webp", "image/jpeg"]) == ("a.Thumbnail(288x288).webp", "image/webp"))
        #expect(shown.file(accepting: ["image/avif", "image/webp"]) == ("a.Thumbnail(288x288).avif", "image/avif"))
        #expect(shown.file(accepting: []) == ("a.Thumbnail(288x288).jpg", "image/jpeg"))
    }

    @Test func whatTheIndexDoesNotKnowSaysSo() {
        let unknown = Self.index.resolve(image: "b.jpg", slot: "avatar", screenScale: 3)
        #expect(unknown == ResolvedImage(file: "b.jpg", scale: 1, pixelWidth: 0, pixelHeight: 0, type: nil, kind: .unknownImage))
        #expect(!unknown.isKnown && !unknown.isRendition)
        let noSlot = Self.index.resolve(image: "a.jpg", slot: "hero", screenScale: 3)
        #expect(noSlot.kind == .unknownSlot && noSlot.isKnown && noSlot.file == "a.jpg" && noSlot.pixelWidth == 4000)
    }
}
