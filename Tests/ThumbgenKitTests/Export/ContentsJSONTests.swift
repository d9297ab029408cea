import Foundation
import Testing

@testable import ThumbgenKit

/// `Contents.json` as Apple's Asset Catalog Format Reference documents it, in the layout Xcode
/// writes (sorted keys, two-space indent, " : "), compared byte for byte with golden files.
@Suite struct ContentsJSONTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func golden(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: golden.appendingPathComponent(name)))
    }

    @Test func anImagesetMatchesItsGolden() throws {
        let bytes = ContentsJSON.imageSet([
            ContentsJSON.Image(filename: "photos-a-thumb@3x.jpg", scale: 3),
            ContentsJSON.Image(filename: "photos-a-thumb@1x.jpg", scale: 1),
            ContentsJSON.Image(filename: "photos-a-thumb@2x.jpg", scale: 2),
        ])
        #expect(bytes == (try Self.golden("imageset-1x-2x-3x.json")))
        try Self.checkDocumentedImageSet(bytes, files: ["photos-a-thumb@1x.jpg", "photos-a-thumb@2x.jpg", "photos-a-thumb@3x.jpg"])
    }

    @Test func anImagesetOfTwoScalesMatchesItsGolden() throws {
        let bytes = ContentsJSON.imageSet([ContentsJSON.Image(filename: "b-card@2x.png", scale: 2),
                                           ContentsJSON.Image(filename: "b-card@3x.png", scale: 3)])
        #expect(bytes == (try Self.golden("imageset-2x-3x.json")))
        try Self.checkDocumentedImageSet(bytes, files: ["b-card@2x.png", "b-card@3x.png"])
    }

    @Test func theCatalogMatchesItsGolden() throws {
        #expect(ContentsJSON.catalog() == (try Self.golden("catalog.json")))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(ContentsJSON.catalog())) as? [String: Any])
        #expect(Array(object.keys) == ["info"])
        let info = try #require(object["info"] as? [String: Any])
        #expect(info["author"] as? String == "thumbgen" && info["version"] as? Int == 1)
    }

    /// An imageset's `Contents.json` as Apple's reference (Image Set Type) documents it: `images`,
    /// each with `filename` (a .png, .jpg, .heic or .heif file of the folder), `idiom` and `scale`,
    /// and `info` with `author` and `version` 1; nothing else. Xcode's layout: keys in order,
    /// `"key" : value`, two spaces a level, a final newline.
    static func checkDocumentedImageSet(_ bytes: [UInt8], files: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any], sourceLocation: sourceLocation)
        #expect(Set(object.keys) == ["images", "info"], sourceLocation: sourceLocation)
        let info = try #require(object["info"] as? [String: Any], sourceLocation: sourceLocation)
        #expect(Set(info.keys) == ["author", "version"] && info["author"] as? String == "thumbgen" && info["version"] as? Int == 1,
                sourceLocation: sourceLocation)
        let images = try #require(object["images"] as? [[String: Any]], sourceLocation: sourceLocation)
        #expect(!images.isEmpty, sourceLocation: sourceLocation)
        var scales: [String] = []
        for image in images {
            #expect(Set(image.keys) == ["filename", "idiom", "scale"], sourceLocation: sourceLocation)
            #expect(image["idiom"] as? String == "universal", sourceLocation: sourceLocation)
            let filename = try #require(image["filename"] as? String, sourceLocation: sourceLocation)
            #expect(files.contains(filename), "\(filename) is in the imageset", sourceLocation: sourceLocation)
            #expect(["png", "jpg", "heic", "heif"].contains(filename.split(separator: ".").last.map(String.init) ?? ""),
                    sourceLocation: sourceLocation)
            scales.append(try #require(image["scale"] as? String, sourceLocation: sourceLocation))
        }
        #expect(scales.allSatisfy(["1x", "2x", "3x"].contains) && scales == scales.sorted() && Set(scales).count == scales.count,
                sourceLocation: sourceLocation)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"images\" : [\n    {\n      \"filename\" : ") && text.hasSuffix("  \"info\" : {\n    \"author\" : \"thumbgen\",\n    \"version\" : 1\n  }\n}\n"),
                sourceLocation: sourceLocation)
    }
}
