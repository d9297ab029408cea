import Foundation
import Testing
import Renditions

/// The index's exact bytes (sorted keys, two-space indentation, flat objects inline, one
/// trailing newline), its round trip, and what loading refuses.
struct RenditionIndexCodingTests {
    static let small = RenditionIndex(
        generator: "thumbgen 0.1.0",
        images: [
            "photos/a b.jpg": ImageRecord(
                bytes: 2_811_404, format: "jpeg", height: 3024,
                renditions: [
                    "thumb@2x": RenditionRecord(bytes: 9120, file: "photos/a b.Thumbnail(120x120).jpg", height: 120, width: 120),
                    "thumb@1.5x": RenditionRecord(bytes: 1, file: "photos/a b.Thumbnail(90x90).jpg", height: 90, width: 90),
                ],
                sha256: "9f2c", status: .resized, width: 4032),
            "broken.png": ImageRecord(bytes: 0, error: "the file is empty", focus: [0.5, 0.25], format: "unknown",
                                      height: 0, renditions: [:], sha256: "", status: .unreadable, width: 0),
        ],
        slots: ["thumb": SlotRecord(fit: "cover", scales: [1.5, 2], size: "60x60")])

    static let smallJSON = """
        {
          "generator": "thumbgen 0.1.0",
          "images": {
            "broken.png": {
              "bytes": 0,
              "error": "the file is empty",
              "focus": [0.5, 0.25],
              "format": "unknown",
              "height": 0,
              "renditions": {},
              "sha256": "",
              "status": "unreadable",
              "width": 0
            },
            "photos/a b.jpg": {
              "bytes": 2811404,
              "format": "jpeg",
              "height": 3024,
              "renditions": {
                "thumb@1.5x": { "bytes": 1, "file": "photos/a b.Thumbnail(90x90).jpg", "height": 90, "width": 90 },
                "thumb@2x": { "bytes": 9120, "file": "photos/a b.Thumbnail(120x120).jpg", "height": 120, "width": 120 }
              },
              "sha256": "9f2c",
              "status": "resized",
              "width": 4032
            }
          },
          "schema": 1,
          "slots": {
            "thumb": { "fit": "cover", "scales": [1.5, 2], "size": "60x60" }
          }
        }

        """

    @Test func encodesToExactBytes() {
        #expect(String(decoding: Self.small.encoded(), as: UTF8.self) == Self.smallJSON)
    }

    @Test func encodesTheOptionalRecords() {
        let index = RenditionIndex(
            generator: "g", output: OutputRecord(settings: ["jpeg": ["progressive": .flag(false), "quality": .integer(82)],
                                                        "png": ["compression": .integer(6)]]),
            rendering: 3, shard: ShardRecord(index: 2, count: 3, manifest: "m/\"q\""))
        #expect(String(decoding: index.encoded(), as: UTF8.self) == """
            {
              "generator": "g",
              "images": {},
              "output": {
                "jpeg": { "progressive": false, "quality": 82 },
                "png": { "compression": 6 }
              },
              "rendering": 3,
              "schema": 1,
              "shard": { "count": 3, "index": 2, "manifest": "m/\\"q\\"" },
              "slots": {}
            }

            """)
    }

    @Test func roundTrips() throws {
        let bytes = Self.small.encoded()
        let decoded = try RenditionIndex.decode(bytes)
        #expect(decoded == Self.small)
        #expect(decoded.encoded() == bytes)
    }

    @Test func loadsFromAFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("renditions-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Self.small.encoded().write(to: url)
        #expect(try RenditionIndex.load(from: url) == Self.small)
    }

    @Test func refusesANewerSchema() {
        let json = Data(#"{"schema": 2, "generator": "thumbgen 9", "images": {}, "slots": {}}"#.utf8)
        #expect(throws: RenditionIndexError("site/renditions.json: index schema 2 is newer than this reader supports (1); update the Renditions library")) {
            try RenditionIndex.decode(json, name: "site/renditions.json")
        }
    }

    @Test(arguments: [
        ("not json", "index: not a thumbgen index (no \"schema\" number)"),
        (#"{"generator": "x"}"#, "index: not a thumbgen index (no \"schema\" number)"),
        (#"{"schema": "1"}"#, "index: not a thumbgen index (no \"schema\" number)"),
    ])
    func refusesWhatIsNotAnIndex(_ text: String, _ message: String) {
        #expect(throws: RenditionIndexError(message)) { try RenditionIndex.decode(Data(text.utf8)) }
    }

    @Test func reportsADamagedIndex() throws {
        let error = #expect(throws: RenditionIndexError.self) {
            try RenditionIndex.decode(Data(#"{"schema": 1, "generator": "g", "images": {}}"#.utf8), name: "r.json")
        }
        #expect(error?.description.hasPrefix("r.json: the index is damaged: ") == true)
        #expect(error?.description.contains("slots") == true)
    }

    @Test func reportsAMissingFile() {
        let error = #expect(throws: RenditionIndexError.self) {
            try RenditionIndex.load(from: URL(fileURLWithPath: "/nonexistent/renditions.json"))
        }
        #expect(error?.description.hasPrefix("/nonexistent/renditions.json: cannot read the index: ") == true)
    }
}
