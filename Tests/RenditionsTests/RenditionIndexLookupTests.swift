import Testing
import Renditions

/// What a client shows: the file for (image, slot, scale), the best file for a pixel size, a
/// `srcset`; an image or pair the index does not know is the original itself.
struct RenditionIndexLookupTests {
    static func record(_ file: String, _ width: Int, _ height: Int) -> RenditionRecord {
        RenditionRecord(bytes: width * height, file: file, height: height, width: width)
    }

    static let index = RenditionIndex(
        generator: "thumbgen 0.1.0",
        images: [
            "photos/beach.jpg": ImageRecord(bytes: 1, format: "jpeg", height: 3024, renditions: [
                "thumb@1x": record("photos/beach.Thumbnail(60x45).jpg", 60, 45),
                "thumb@2x": record("photos/beach.Thumbnail(120x90).jpg", 120, 90),
                "thumb@1.5x": record("photos/beach.Thumbnail(90x68).jpg", 90, 68),
                "card@2x": record("photos/beach.Thumbnail(640x480).jpg", 640, 480),
                "tall@1x": record("photos/beach.Thumbnail(100x200).jpg", 100, 200),
            ], sha256: "", status: .resized, width: 4032),
            "my photos/a b,c#1.jpg": ImageRecord(bytes: 1, format: "jpeg", height: 100, renditions: [
                "thumb@1x": record("my photos/a b,c#1.Thumbnail(60x45).jpg", 60, 45),
                "thumb@2x": record("my photos/a b,c#1.jpg", 80, 60),
            ], sha256: "", status: .resized, width: 80),
            "icon.png": ImageRecord(bytes: 1, format: "png", height: 32, renditions: [
                "thumb@1x": record("icon.png", 32, 32),
            ], sha256: "", status: .fits, width: 32),
            "empty.png": ImageRecord(bytes: 1, format: "png", height: 0, renditions: [:], sha256: "", status: .unreadable, width: 0),
        ],
        slots: [
            "thumb": SlotRecord(fit: "inside", scales: [2, 1, 1.5], size: "60x60"),
            "card": SlotRecord(fit: "inside", scales: [2, 3], size: "320x180"),
        ])

    @Test(arguments: [
        ("photos/beach.jpg", "thumb", 2.0, "photos/beach.Thumbnail(120x90).jpg"),
        ("photos/beach.jpg", "thumb", 1.5, "photos/beach.Thumbnail(90x68).jpg"),
        ("photos/beach.jpg", "card", 2.0, "photos/beach.Thumbnail(640x480).jpg"),
        ("photos/beach.jpg", "card", 3.0, "photos/beach.jpg"),  // a pair the index lacks
        ("photos/beach.jpg", "hero", 2.0, "photos/beach.jpg"),  // an unknown slot
        ("photos/unknown.jpg", "thumb", 2.0, "photos/unknown.jpg"),  // an unknown image
        ("icon.png", "thumb", 1.0, "icon.png"),  // fits: the entry is the original
        // A screen scale the slot does not list: the smallest listed at least as large, else the largest.
        ("photos/beach.jpg", "thumb", 3.0, "photos/beach.Thumbnail(120x90).jpg"),
        ("photos/beach.jpg", "thumb", 1.25, "photos/beach.Thumbnail(90x68).jpg"),
        ("photos/beach.jpg", "thumb", 0.5, "photos/beach.Thumbnail(60x45).jpg"),
    ])
    func fileForSlotAndScale(_ image: String, _ slot: String, _ scale: Double, _ expected: String) {
        #expect(Self.index.file(image: image, slot: slot, scale: scale) == expected)
    }

    @Test func scaleForAScreen() {
        #expect(Self.index.scale(for: "thumb", screenScale: 1.75) == 2)
        #expect(Self.index.scale(for: "card", screenScale: 1) == 2)
        #expect(Self.index.scale(for: "card", screenScale: 4) == 3)
        #expect(Self.index.scale(for: "hero", screenScale: 2) == nil)
    }

    @Test func entryForSlotAndScale() {
        #expect(Self.index.entry(image: "photos/beach.jpg", slot: "thumb", scale: 1) == Self.record("photos/beach.Thumbnail(60x45).jpg", 60, 45))
        #expect(Self.index.entry(image: "photos/beach.jpg", slot: "thumb", scale: 3) == nil)
        #expect(Self.index.entry(image: "nope.jpg", slot: "thumb", scale: 1) == nil)
    }

    @Test(arguments: [
        (50, 40, "photos/beach.Thumbnail(60x45).jpg"),  // smallest that covers
        (60, 45, "photos/beach.Thumbnail(60x45).jpg"),  // exactly
        (61, 45, "photos/beach.Thumbnail(90x68).jpg"),
        (100, 50, "photos/beach.Thumbnail(120x90).jpg"),
        (90, 150, "photos/beach.Thumbnail(100x200).jpg"),  // only the tall one covers the height
        (120, 91, "photos/beach.Thumbnail(640x480).jpg"),
        (641, 10, "photos/beach.Thumbnail(640x480).jpg"),  // nothing covers: the largest
        (1, 1000, "photos/beach.Thumbnail(640x480).jpg"),
    ])
    func bestFileForAPixelSize(_ width: Int, _ height: Int, _ expected: String) {
        #expect(Self.index.bestFile(image: "photos/beach.jpg", width: width, height: height) == expected)
    }

    @Test func bestFileFallsBackToTheOriginal() {
        #expect(Self.index.bestFile(image: "photos/unknown.jpg", width: 10, height: 10) == "photos/unknown.jpg")
        #expect(Self.index.bestFile(image: "empty.png", width: 10, height: 10) == "empty.png")
        #expect(Self.index.bestFile(image: "icon.png", width: 64, height: 64) == "icon.png")
    }

    @Test(arguments: [
        ("photos/beach.jpg", "thumb",
         "photos/beach.Thumbnail(60x45).jpg 1x, photos/beach.Thumbnail(90x68).jpg 1.5x, photos/beach.Thumbnail(120x90).jpg 2x"),
        ("photos/beach.jpg", "card", "photos/beach.Thumbnail(640x480).jpg 2x"),  // 3x is missing: left out
        ("my photos/a b,c#1.jpg", "thumb", "my%20photos/a%20b%2Cc%231.Thumbnail(60x45).jpg 1x, my%20photos/a%20b%2Cc%231.jpg 2x"),
        ("photos/unknown.jpg", "thumb", "photos/unknown.jpg 1x"),
        ("my photos/new, 1.jpg", "thumb", "my%20photos/new%2C%201.jpg 1x"),
        ("photos/beach.jpg", "hero", "photos/beach.jpg 1x"),
        ("empty.png", "thumb", "empty.png 1x"),
    ])
    func srcsetForASlot(_ image: String, _ slot: String, _ expected: String) {
        #expect(Self.index.srcset(image: image, slot: slot) == expected)
    }

    @Test(arguments: [
        ("a b.jpg", "a%20b.jpg"), ("a,b.jpg", "a%2Cb.jpg"), ("a#b.jpg", "a%23b.jpg"), ("a%b.jpg", "a%25b.jpg"),
        ("a?b.jpg", "a%3Fb.jpg"), ("x/a.Thumbnail(1x2).jpg", "x/a.Thumbnail(1x2).jpg"), ("a-b_c~d.jpg", "a-b_c~d.jpg"),
    ])
    func urlPathEscapes(_ path: String, _ expected: String) {
        #expect(RenditionIndex.urlPath(path) == expected)
    }
}
