import Renditions
import Testing

/// Which values of an index a page may carry (`untrustedValue`), and the version a URL carries.
@Suite struct WebTrustTests {
    static let index: RenditionIndex = {
        let entry = RenditionRecord(bytes: 1, file: "p/a.Thumbnail(40x30).jpg", height: 30,
                                    sources: [SourceRecord(bytes: 1, file: "p/a.Thumbnail(40x30).avif", type: "image/avif")], type: "image/jpeg", width: 40)
        let record = ImageRecord(bytes: 1, format: "jpeg", height: 300, placeholder: PlaceholderRecord(color: "#A0b1C2", thumbhash: "1QcSHQRnh493V4dIh4eXh1h4kJUI"),
                                 recipe: "0123ABCD4567", renditions: ["t@1x": entry], sha256: "", status: .resized, width: 400)
        return RenditionIndex(generator: "thumbgen", images: ["p/a.jpg": record], slots: ["t": SlotRecord(fit: "inside", scales: [1], size: "40x40")])
    }()

    static func problem(_ change: (inout ImageRecord) -> Void, image: String = "p/a.jpg") -> String? {
        var index = index
        var record = index.images.removeValue(forKey: "p/a.jpg")!
        change(&record)
        index.images[image] = record
        return index.untrustedValue(image: image, slots: ["t"])
    }

    @Test func whatABuildWritesMayGoIntoAPage() {
        #expect(Self.problem { _ in } == nil)
        // An index in a folder of its own names its images and files from there.
        #expect(Self.problem({ record in
            record.renditions["t@1x"]!.file = "../p/a.Thumbnail(40x30).jpg"
            record.renditions["t@1x"]!.sources = nil
        }, image: "../p/a.jpg") == nil)
        // An original whose header could not be read: 0×0, no type.
        #expect(Self.problem { $0.renditions["t@1x"] = RenditionRecord(bytes: 1, file: "p/a.jpg", height: 0, width: 0) } == nil)
    }

    @Test func valuesNoBuildWritesMayNot() {
        let entry = "its entry 't@1x' "
        #expect(Self.problem { $0.renditions["t@1x"]!.file = "../a.jpg" } == entry + "names a file outside the index's folder")
        #expect(Self.problem { $0.renditions["t@1x"]!.file = "p\\..\\..\\a.jpg" } == entry + "names a file outside the index's folder")
        #expect(Self.problem { $0.renditions["t@1x"]!.file = "p/a\n.jpg" } == entry + "names a file outside the index's folder")
        #expect(Self.problem { $0.renditions["t@1x"]!.sources![0].file = "/a.avif" } == entry + "has a source outside the index's folder")
        #expect(Self.problem { $0.renditions["t@1x"]!.sources![0].type = "image/avif\"" } == entry + "has a source type that is not a known image type")
        #expect(Self.problem { $0.renditions["t@1x"]!.type = "text/html" } == entry + "has a type that is not a known image type")
        #expect(Self.problem { $0.renditions["t@1x"]!.width = 1_000_001 } == entry + "has a size that is not a whole number of pixels from 1 to 1,000,000")
        #expect(Self.problem { $0.renditions["t@1x"]!.height = -1 } == entry + "has a size that is not a whole number of pixels from 1 to 1,000,000")
        #expect(Self.problem { $0.placeholder!.color = "#12345" } == "its placeholder colour is not #rrggbb")
        #expect(Self.problem { $0.placeholder!.color = "#12345g" } == "its placeholder colour is not #rrggbb")
        #expect(Self.problem { $0.placeholder!.thumbhash = "a\"b" } == "its placeholder ThumbHash is not base64")
        #expect(Self.problem { $0.recipe = "0123abc" } == "its recipe is not a hexadecimal fingerprint")
        #expect(Self.problem({ _ in }, image: "p/a\u{7F}.jpg") == "its name is not a path inside the index's folder")
        var index = Self.index
        index.slots["t"]!.scales = [1, 0.001]
        #expect(index.untrustedValue(image: "p/a.jpg", slots: ["t"]) == "the slot 't' has a scale that is not between 0.01 and 100")
        index.slots["t"]!.scales = [.nan]
        #expect(index.untrustedValue(image: "p/a.jpg", slots: ["t"]) == "the slot 't' has a scale that is not between 0.01 and 100")
    }

    @Test func theVersionIsTheRecipesElseTheOriginals() {
        #expect(Self.index.versionQuery(image: "p/a.jpg") == "?v=0123abcd")
        var index = Self.index
        index.images["p/a.jpg"]!.recipe = nil
        #expect(index.versionQuery(image: "p/a.jpg") == nil)
        index.images["p/a.jpg"]!.sha256 = "9F2C0000" + String(repeating: "0", count: 56)
        #expect(index.versionQuery(image: "p/a.jpg") == "?v=9f2c0000")
        #expect(index.versionQuery(image: "p/b.jpg") == nil)
    }
}
