import Foundation
import Testing
@testable import Renditions

/// The index's own JSON reader and writer against Foundation's: JSONEncoder (sorted keys, laid out
/// by `IndexJSONLayout`, the layout the index had before it had a writer of its own) must give the
/// same bytes, and JSONDecoder the same records, on indexes made at random with every member
/// present or absent, strings of every awkward kind and numbers of every form; and what
/// JSONDecoder refuses, the reader refuses.
@Suite struct IndexJSONTests {
    /// A deterministic generator (SplitMix64), so a failure names a seed that repeats it.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E3779B97F4A7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    }

    static let pieces: [String] = [
        "photos", "a", "é", "e\u{301}", "café", "Ω", "日本", "😀", "\u{10FFFF}", "\u{FEFF}", "\u{2028}", " ", "\"", "\\", "/",
        "\\/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{8}", "\u{C}", "\r", "[1]", "{x}", ":", ",", "Thumbnail(16x12)", "..",
        "ﬀ", "K", "z", "A", "0", "10", "9",
    ]

    static func text(_ random: inout Random) -> String {
        (0..<random.below(5)).map { _ in pieces[random.below(pieces.count)] }.joined()
    }

    static func double(_ random: inout Random) -> Double {
        switch random.below(6) {
        case 0: return Double(random.below(4) + 1)
        case 1: return Double(random.below(1001)) / 1000
        case 2: return [1e-5, 1e16, 1e21, 1.0 / 3, 123456789012345678, 0.1, 2.5, -0.0, 5e-324, 1.7976931348623157e308][random.below(10)]
        case 3: return Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF)
        default: return Double(random.below(100_000)) / Double(random.below(999) + 1)
        }
    }

    static func index(seed: UInt64) -> RenditionIndex {
        var random = Random(state: seed)
        var index = RenditionIndex(generator: "thumbgen " + text(&random))
        for _ in 0..<random.below(8) {
            var renditions: [String: RenditionRecord] = [:]
            for _ in 0..<random.below(4) {
                let sources: [SourceRecord]? = random.chance(30) ? nil
                    : (0..<random.below(3)).map { _ in SourceRecord(bytes: random.below(1 << 20), file: text(&random), type: text(&random)) }
                renditions[text(&random)] = RenditionRecord(bytes: random.below(1 << 30), file: text(&random), height: random.below(9000),
                                                            sources: sources, type: random.chance(80) ? text(&random) : nil,
                                                            width: random.chance(5) ? Int.max : random.below(9000))
            }
            index.images[text(&random)] = ImageRecord(
                bytes: random.chance(5) ? Int.min : random.below(1 << 40), error: random.chance(20) ? text(&random) : nil,
                focus: random.chance(30) ? [double(&random), double(&random)] : nil, format: text(&random), height: random.below(9000),
                placeholder: random.chance(50) ? PlaceholderRecord(color: text(&random), thumbhash: text(&random)) : nil,
                recipe: random.chance(70) ? text(&random) : nil, renditions: renditions, sha256: text(&random),
                status: ImageStatus.allCases[random.below(ImageStatus.allCases.count)], width: random.below(9000))
        }
        if random.chance(70) {
            var settings: [String: [String: OutputRecord.Setting]] = [:]
            for _ in 0..<random.below(4) {
                var values: [String: OutputRecord.Setting] = [:]
                for _ in 0..<random.below(3) { values[text(&random)] = random.chance(50) ? .flag(random.chance(50)) : .integer(random.below(200) - 100) }
                settings[["jpeg", "png", "webp", "avif", "formats2", "a"][random.below(6)]] = values
            }
            index.output = OutputRecord(formats: random.chance(60) ? (0..<random.below(3)).map { _ in text(&random) } : nil, settings: settings)
        }
        index.rendering = random.chance(80) ? random.below(20) : nil
        index.shard = random.chance(20) ? ShardRecord(index: random.below(8) + 1, count: 8, manifest: text(&random)) : nil
        index.slices = random.chance(40) ? (0..<random.below(4)).map { _ in text(&random) } : nil
        for _ in 0..<random.below(4) {
            index.slots[text(&random)] = SlotRecord(fit: text(&random), scales: (0..<random.below(4)).map { _ in double(&random) },
                                                   size: text(&random), sizes: random.chance(40) ? text(&random) : nil)
        }
        return index
    }

    /// The index as Foundation writes it, laid out.
    static func foundationBytes(_ index: RenditionIndex) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return [UInt8](IndexJSONLayout.pretty(try encoder.encode(index)))
    }

    @Test func writesWhatFoundationWrites() throws {
        for seed in UInt64(0)..<2000 {
            let index = Self.index(seed: seed)
            let ours = [UInt8](index.encoded())
            let theirs = try Self.foundationBytes(index)
            #expect(ours == theirs, "seed \(seed):\n\(String(decoding: ours, as: UTF8.self))\n---\n\(String(decoding: theirs, as: UTF8.self))")
            if ours != theirs { return }
        }
    }

    @Test func readsWhatFoundationReads() throws {
        let compact = JSONEncoder()
        for seed in UInt64(0)..<2000 {
            let index = Self.index(seed: seed)
            // Laid out and compact, and with a member no record has (a newer writer's).
            for data in [index.encoded(), try compact.encode(index)] {
                let theirs = try JSONDecoder().decode(RenditionIndex.self, from: data)
                #expect(try RenditionIndex.decode(data) == theirs, "seed \(seed)")
                #expect(theirs == index, "seed \(seed)")
            }
            var text = String(decoding: try compact.encode(index), as: UTF8.self)
            text.insert(contentsOf: #""later": {"x": [1, 2.5e3, null, true, {"y": "\u00e9\ud83d\ude00"}]}, "#, at: text.index(after: text.startIndex))
            #expect(try RenditionIndex.decode(Data(text.utf8)) == index, "seed \(seed)")
        }
    }

    /// JSON's escapes and numbers in every form the grammar allows, against JSONDecoder.
    @Test(arguments: [
        #"{"generator": "a\/b\"\\\b\f\n\r\t\u00e9\u00E9\ud83d\ude00\u0000", "images": {}, "schema": 1, "slots": {}}"#,
        #"  {"schema":1,"generator":"g","images":{},"slots":{"s":{"fit":"cover","scales":[1,1.5,2e0,3E+0,0.25e1,-0,1e-2],"size":"1x1"}}}  "#,
        #"{"schema": 1, "generator": "g", "images": {}, "slots": {}, "rendering": null, "shard": null, "slices": null, "output": null}"#,
        #"{"schema": 1, "generator": "g", "images": {"a.jpg": {"bytes": -12, "format": "jpeg", "height": 0, "renditions": {}, "sha256": "", "status": "fits", "width": 0, "error": null, "focus": null, "placeholder": null, "recipe": null}}, "slots": {}}"#,
        "\u{FEFF}{\"schema\": 1, \"generator\": \"g\", \"images\": {}, \"slots\": {}}",
    ])
    func readsEveryFormJSONAllows(_ text: String) throws {
        let data = Data(text.utf8)
        #expect(try RenditionIndex.decode(data) == JSONDecoder().decode(RenditionIndex.self, from: data))
    }

    /// A record's member given twice: the last is taken, as the web client's `JSON.parse` takes it
    /// (JSONDecoder takes the first). A key given twice in a map (two images of one path, two
    /// renditions of one name) is damage: which of the two is meant cannot be known.
    @Test func takesARepeatedMembersLastValueAndRefusesARepeatedKey() throws {
        let repeated = Data(#"{"schema": 1, "schema": 1, "generator": "x", "generator": "g", "images": {}, "slots": {}}"#.utf8)
        #expect(try RenditionIndex.decode(repeated).generator == "g")
        let image = #"{"bytes": 1, "format": "jpeg", "height": 1, "renditions": {}, "sha256": "", "status": "fits", "width": 1}"#
        let twice = Data(#"{"schema": 1, "generator": "g", "images": {"a.jpg": \#(image), "a.jpg": \#(image)}, "slots": {}}"#.utf8)
        #expect(throws: RenditionIndexError(#"index: the index is damaged: images["a.jpg"]: the key is given twice"#)) {
            try RenditionIndex.decode(twice)
        }
    }

    /// Not JSON as RFC 8259 has it (nor as the web client's `JSON.parse` reads it): the reader
    /// refuses it, saying it is no index; so does JSONDecoder, except for a comma before a closing
    /// brace and a number ending in a point, which Foundation's parser lets through.
    @Test(arguments: [
        #"{"schema": 1, "generator": "g", "images": {}, "slots": {},}"#,
        #"{"schema": 01, "generator": "g", "images": {}, "slots": {}}"#,
        #"{"schema": 1, "generator": "\ud83d", "images": {}, "slots": {}}"#,
        #"{"schema": 1, "generator": "\udc00", "images": {}, "slots": {}}"#,
        "{\"schema\": 1, \"generator\": \"a\u{1}b\", \"images\": {}, \"slots\": {}}",
        #"{"schema": 1, "generator": "\x", "images": {}, "slots": {}}"#,
        #"{"schema": 1, "generator": "g", "images": {}, "slots": {}} x"#,
        #"{"schema": 1, "generator": "g", "images": {}, "slots": {}"#,
        #"{"schema": 1, "generator": "g", "images": {}, "slots": {}, "x": NaN}"#,
        #"{"schema": 1, "generator": "g", "images": {}, "slots": {}, "x": [1 2]}"#,
        #"{"schema": 1, "generator": "g", "images": {}, "slots": {}, "x": .5}"#,
        #"{"schema": 1, "generator": "g", "images": {}, "slots": {}, "x": 1.}"#,
        #"{"schema": 1, "generator": "g", "images": {}, "slots": {}, "x": tru}"#,
        #"{"schema": 1 "generator": "g"}"#,
        #"{schema: 1}"#,
        "",
        "[]",
    ])
    func refusesWhatIsNotJSON(_ text: String) {
        let data = Data(text.utf8)
        let foundationTakes = text.hasSuffix(#"{},}"#) || text.hasSuffix(#"1.}"#)
        #expect((try? JSONDecoder().decode(RenditionIndex.self, from: data)) == nil || foundationTakes)
        #expect(throws: RenditionIndexError.self) { try RenditionIndex.decode(data) }
    }

    @Test func refusesBytesThatAreNotUTF8() {
        var bytes = Array(#"{"schema": 1, "generator": "g"#.utf8)
        bytes += [0xC3, 0x28]
        bytes += Array(#"", "images": {}, "slots": {}}"#.utf8)
        #expect((try? JSONDecoder().decode(RenditionIndex.self, from: Data(bytes))) == nil)
        #expect(throws: RenditionIndexError("index: not a thumbgen index (no \"schema\" number)")) { try RenditionIndex.decode(bytes) }
    }

    /// JSON, but not an index: JSONDecoder refuses it, and the reader says where.
    @Test(arguments: [
        (#"{"schema": 1, "generator": "g", "images": {"a.jpg": {"bytes": "9"}}, "slots": {}}"#,
         #"images["a.jpg"].bytes: expected a whole number, found a string"#),
        (#"{"schema": 1, "generator": "g", "images": {"a.jpg": {"bytes": 1.5}}, "slots": {}}"#,
         #"images["a.jpg"].bytes: 1.5 is not a whole number that fits"#),
        (#"{"schema": 1, "generator": "g", "images": {}, "slots": {"s": {"fit": "cover", "scales": [1, "2"], "size": "1x1"}}}"#,
         #"slots["s"].scales[1]: expected a number, found a string"#),
        (#"{"schema": 1, "generator": "g", "images": {"a.jpg": {"bytes": 1, "format": "jpeg", "height": 1, "renditions": {"t@1x": {"bytes": 1, "file": "f", "height": 1}}, "sha256": "", "status": "fits", "width": 1}}, "slots": {}}"#,
         #"images["a.jpg"].renditions["t@1x"]: the member "width" is missing"#),
        (#"{"schema": 1, "generator": "g", "images": {"a.jpg": {"bytes": 1, "format": "jpeg", "height": 1, "renditions": {}, "sha256": "", "status": "lost", "width": 1}}, "slots": {}}"#,
         #"images["a.jpg"].status: 'lost' is not a status"#),
        (#"{"schema": 1, "generator": null, "images": {}, "slots": {}}"#, #"generator: expected a string, found null"#),
        (#"{"schema": 1, "generator": "g", "images": [], "slots": {}}"#, #"images: expected an object, found an array"#),
        (#"{"schema": 1, "generator": "g", "images": {}, "slots": {}, "output": {"jpeg": {"quality": "82"}}}"#,
         #"output.jpeg["quality"]: expected a whole number, found a string"#),
        (#"{"schema": 1, "generator": "g", "images": {}, "slots": {}, "rendering": 99999999999999999999}"#,
         #"rendering: 99999999999999999999 is not a whole number that fits"#),
    ])
    func saysWhereAnIndexIsDamaged(_ text: String, _ place: String) {
        let data = Data(text.utf8)
        #expect((try? JSONDecoder().decode(RenditionIndex.self, from: data)) == nil)
        #expect(throws: RenditionIndexError("r.json: the index is damaged: \(place)")) { try RenditionIndex.decode(data, name: "r.json") }
    }

    /// The schema is judged first, wherever it stands and whatever is damaged before it.
    @Test func judgesTheSchemaBeforeTheDamage() {
        let newer = #"{"generator": 7, "images": {"a": 1}, "schema": 2, "slots": {}}"#
        #expect(throws: RenditionIndexError("r.json: index schema 2 is newer than this reader supports (1); update the Renditions library")) {
            try RenditionIndex.decode(Data(newer.utf8), name: "r.json")
        }
        let broken = #"{"generator": "g", "images": {}, "schema": 1, "slots": {}, "x": [}"#
        #expect(throws: RenditionIndexError("r.json: not a thumbgen index (no \"schema\" number)")) {
            try RenditionIndex.decode(Data(broken.utf8), name: "r.json")
        }
    }

    /// Nesting past 512 levels is refused, not followed down the stack.
    @Test func refusesNestingTooDeep() {
        let deep = #"{"schema": 1, "generator": "g", "images": {}, "slots": {}, "x": "# + String(repeating: "[", count: 100_000)
            + String(repeating: "]", count: 100_000) + "}"
        #expect(throws: RenditionIndexError("index: not a thumbgen index (no \"schema\" number)")) { try RenditionIndex.decode(Data(deep.utf8)) }
        let fine = #"{"schema": 1, "generator": "g", "images": {}, "slots": {}, "x": "# + String(repeating: "[", count: 400)
            + String(repeating: "]", count: 400) + "}"
        #expect(throws: Never.self) { try RenditionIndex.decode(Data(fine.utf8)) }
    }
}
