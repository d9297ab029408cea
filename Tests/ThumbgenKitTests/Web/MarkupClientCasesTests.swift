import Foundation
import Renditions
import Testing

@testable import ThumbgenKit

/// `thumbgen html`'s markup against the shared client cases (Clients/cases.json), which
/// renditions.js answers too: the same attributes, index and settings, the same markup and
/// warning; the same author attributes back from a mark; the same verdict on a `<picture>`.
@Suite struct MarkupClientCasesTests {
    struct Cases: Decodable {
        struct Markup: Decodable {
            struct Web: Decodable { var versioned: Bool?, placeholder: String? }
            struct Expect: Decodable, Equatable { var html: String?, warning: String? }
            var about: String, base: String, attributes: [[String]]
            var image: String?, slot: String?, element: String?, web: Web?
            var expect: Expect
        }
        struct Author: Decodable {
            var about: String, element: String, attributes: [[String]], expect: [[String]]
        }
        struct OwnPicture: Decodable {
            struct Child: Decodable {
                var name: String, attributes: [[String]]
                init(from decoder: Decoder) throws {
                    var container = try decoder.unkeyedContainer()
                    name = try container.decode(String.self)
                    attributes = try container.decode([[String]].self)
                }
            }
            var about: String, attributes: [[String]], children: [Child], expect: Bool
        }
        var index: RenditionIndex
        var markup: [Markup]
        var author: [Author]
        var ownPicture: [OwnPicture]
    }

    static let cases: Cases = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // Tests/ThumbgenKitTests/Web/file → project
        return try! JSONDecoder().decode(Cases.self, from: Data(contentsOf: url.appendingPathComponent("Clients/cases.json")))
    }()

    static func pairs(_ attributes: [[String]]) -> [TagMarkup.Attribute] { attributes.map { ($0[0], $0[1]) } }

    static func markup(_ question: Cases.Markup, attributes: [TagMarkup.Attribute], image: String? = nil) -> TagMarkup.Result {
        func value(_ name: String) -> String { attributes.first { $0.name == name }?.value ?? "" }
        var web = WebSettings()
        if let versioned = question.web?.versioned { web.versioned = versioned }
        if let placeholder = question.web?.placeholder { web.placeholder = WebSettings.Placeholder(rawValue: placeholder)! }
        return TagMarkup.make(index: cases.index, image: image ?? question.image ?? value("data-image"), slot: question.slot ?? value("data-slot"),
                              element: question.element ?? "img", attributes: attributes, base: question.base, web: web)
    }

    @Test func sameMarkupAndWarningsAsRenditionsJS() {
        #expect(Self.cases.markup.count >= 40)
        for question in Self.cases.markup {
            let result = Self.markup(question, attributes: Self.pairs(question.attributes))
            #expect(Cases.Markup.Expect(html: result.html, warning: result.warning) == question.expect, "\(question.about)")
        }
    }

    /// The author attributes recovered from the markup give the markup again.
    @Test func markupIsItsOwnFixedPoint() throws {
        for question in Self.cases.markup {
            guard let html = question.expect.html else { continue }
            let again = Self.markup(question, attributes: try #require(Self.lastTagAttributes(html)), image: nil)
            #expect(again.html == html, "\(question.about)")
        }
    }

    @Test func theAuthorAttributesAMarkGivesBack() {
        for question in Self.cases.author {
            let kept = ThumbgenMark.authorAttributes(Self.pairs(question.attributes), element: question.element)
            #expect(kept.map { [$0.name, $0.value] } == question.expect, "\(question.about)")
        }
    }

    @Test func aPictureIsReplacedOnlyWhenItHoldsWhatThumbgenWrites() {
        for question in Self.cases.ownPicture {
            let children = question.children.map { (name: $0.name, attributes: Self.pairs($0.attributes)) }
            #expect(ThumbgenMark.isOwnPicture(attributes: Self.pairs(question.attributes), children: children) == question.expect, "\(question.about)")
        }
    }

    /// The attributes of the last start tag of `html`, as a parser reads them: thumbgen writes
    /// only `name` and `name="value"`, values escaped.
    static func lastTagAttributes(_ html: String) -> [TagMarkup.Attribute]? {
        guard let tag = html.matches(of: /<[a-z][a-z0-9-]*((?: [^ =>"]+(?:="[^"]*")?)*)>/).last else { return nil }
        return String(tag.1).matches(of: #/ ([^ =>"]+)(?:="([^"]*)")?/#).map { match in
            let value = String(match.2 ?? "").replacing("&quot;", with: "\"").replacing("&lt;", with: "<")
                .replacing("&gt;", with: ">").replacing("&amp;", with: "&")
            return (String(match.1), value)
        }
    }
}
