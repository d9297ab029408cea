import Foundation
import Renditions
import Testing

@testable import ThumbgenKit

/// `thumbgen html`'s markup against the shared client cases (Clients/cases.json), which
/// renditions.js answers too: the same attributes and index, the same markup and warning.
@Suite struct PictureMarkupCasesTests {
    struct Cases: Decodable {
        struct Markup: Decodable {
            struct Expect: Decodable { var html: String, warning: String? }
            var base: String, attributes: [[String]], expect: Expect
        }
        var index: RenditionIndex
        var markup: [Markup]
    }

    static let cases: Cases = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // Tests/ThumbgenKitTests/Web/file → project
        return try! JSONDecoder().decode(Cases.self, from: Data(contentsOf: url.appendingPathComponent("Clients/cases.json")))
    }()

    @Test func sameMarkupAndWarningsAsRenditionsJS() {
        for question in Self.cases.markup {
            let markup = PictureMarkup(index: Self.cases.index, attributes: question.attributes.map { ($0[0], $0[1]) }, base: question.base)
            #expect(markup.html == question.expect.html)
            #expect(markup.warning == question.expect.warning)
        }
    }

    /// The author attributes recovered from the markup give the markup again.
    @Test func markupIsItsOwnFixedPoint() {
        for question in Self.cases.markup {
            let first = PictureMarkup(index: Self.cases.index, attributes: question.attributes.map { ($0[0], $0[1]) }, base: question.base)
            let tag = HTMLTags.find(in: Array(first.html.utf8))
            #expect(tag.count == 1)
            let again = PictureMarkup(index: Self.cases.index, attributes: tag.first?.attributes ?? [], base: question.base)
            #expect(again.html == first.html)
        }
    }
}
