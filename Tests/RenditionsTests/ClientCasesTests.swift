import Foundation
import Renditions
import Testing

/// The shared client cases (Clients/cases.json), which renditions.js answers too
/// (Clients/web/renditions.test.mjs): the same index and questions, the same answers.
@Suite struct ClientCasesTests {
    struct Cases: Decodable {
        struct Resolve: Decodable {
            struct Expect: Decodable, Equatable {
                var file: String, scale: Double, pixelWidth: Int, pixelHeight: Int, type: String?, kind: String
            }
            var image: String, slot: String, scale: Double, expect: Expect
        }
        struct Accepting: Decodable {
            struct Expect: Decodable, Equatable { var file: String, type: String? }
            var image: String, slot: String, scale: Double, types: [String], expect: Expect
        }
        struct Web: Decodable {
            struct Size: Decodable, Equatable { var width: Double, height: Double }
            struct Expect: Decodable, Equatable {
                var srcset: String, sizes: String?, cssSize: Size?, sourceTypes: [String], sourceSrcsets: [String: String]
            }
            var image: String, slot: String, expect: Expect
        }
        struct ThumbHash: Decodable {
            struct Average: Decodable, Equatable { var red: Double, green: Double, blue: Double, alpha: Double }
            struct Expect: Decodable, Equatable { var width: Int, height: Int, rgba: String, average: Average }
            var base64: String, expect: Expect?
        }
        var index: RenditionIndex
        var resolve: [Resolve]
        var accepting: [Accepting]
        var web: [Web]
        var thumbhash: [ThumbHash]
    }

    /// Clients/cases.json, found from this file.
    static let url: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // Tests/RenditionsTests/file → project
        return url.appendingPathComponent("Clients/cases.json")
    }()

    static let cases: Cases = try! JSONDecoder().decode(Cases.self, from: Data(contentsOf: url))

    @Test func resolveGivesTheFileItsScaleSizeTypeAndKind() {
        for question in Self.cases.resolve {
            let found = Self.cases.index.resolve(image: question.image, slot: question.slot, screenScale: question.scale)
            let answer = Cases.Resolve.Expect(file: found.file, scale: found.scale, pixelWidth: found.pixelWidth,
                                              pixelHeight: found.pixelHeight, type: found.type, kind: found.kind.rawValue)
            #expect(answer == question.expect, "\(question.image) \(question.slot)@\(question.scale)")
        }
    }

    @Test func theBestFileForAcceptedTypes() {
        for question in Self.cases.accepting {
            let found = Self.cases.index.resolve(image: question.image, slot: question.slot, screenScale: question.scale)
                .file(accepting: Set(question.types))
            #expect(Cases.Accepting.Expect(file: found.file, type: found.type) == question.expect, "\(question.image) \(question.types)")
        }
    }

    @Test func srcsetSizesAndSources() {
        let index = Self.cases.index
        for question in Self.cases.web {
            let (image, slot) = (question.image, question.slot)
            let types = index.sourceTypes(image: image, slot: slot)
            let answer = Cases.Web.Expect(
                srcset: index.widthSrcset(image: image, slot: slot), sizes: index.sizes(image: image, slot: slot),
                cssSize: index.cssSize(image: image, slot: slot).map { Cases.Web.Size(width: $0.width, height: $0.height) },
                sourceTypes: types,
                sourceSrcsets: Dictionary(uniqueKeysWithValues: types.map { ($0, index.widthSrcset(image: image, slot: slot, type: $0)) }))
            #expect(answer == question.expect, "\(image) \(slot)")
        }
    }

    @Test func thumbHashDecoding() {
        for question in Self.cases.thumbhash {
            let answer = ThumbHashImage(base64: question.base64).map { image in
                let average = ThumbHashImage.averageColor(hash: ThumbHashImage.bytes(base64: question.base64)!)!
                return Cases.ThumbHash.Expect(width: image.width, height: image.height, rgba: Data(image.rgba).base64EncodedString(),
                                              average: .init(red: average.red, green: average.green, blue: average.blue, alpha: average.alpha))
            }
            #expect(answer == question.expect, "\(question.base64)")
        }
    }
}
