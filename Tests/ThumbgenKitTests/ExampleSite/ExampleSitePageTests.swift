import Foundation
import Renditions
import Testing

@testable import ThumbgenKit

/// The example page as `make thumbs` leaves it: index.html is its source, index.html.in, with
/// each image's markup written from the index, and the source names no rendition file.
@Suite struct ExampleSitePageTests {
    static let site = ExampleSiteBrowserTests.site

    @Test(.enabled(if: ExampleSiteBrowserTests.isBuilt && !ExampleSiteBrowserTests.isOtherSite, "run `make thumbs` first (make test does)"))
    func theServedPageIsItsSourceWithTheMarkup() throws {
        let index = try RenditionIndex.load(from: Self.site.appendingPathComponent("renditions.json"))
        let source = try Data(contentsOf: Self.site.appendingPathComponent("index.html.in"))
        let served = try Data(contentsOf: Self.site.appendingPathComponent("index.html"))
        let expected = HTMLRewriter.rewrite(Array(source), index: index, base: "")
        #expect(String(decoding: served, as: UTF8.self) == String(decoding: expected.html, as: UTF8.self))
        #expect(expected.tags == 20 && expected.warnings.isEmpty)
        let page = String(decoding: served, as: UTF8.self)
        #expect(page.components(separatedBy: "<picture data-thumbgen>").count == 21)
        #expect(page.contains(#"loading="eager" fetchpriority="high""#))
        // Placeholders: for every image whose pixels the build read, once the index has them.
        for (path, record) in index.images {
            guard let placeholder = record.placeholder else { continue }
            #expect(page.contains(#"data-thumbhash="\#(placeholder.thumbhash)""#), "\(path)")
            if !ThumbHashImage.hasAlpha(hash: ThumbHashImage.bytes(base64: placeholder.thumbhash) ?? []) {
                #expect(page.contains(#"style="background-color:\#(placeholder.color)""#), "\(path)")
            }
        }
    }

    @Test func theSourcesNameNoRendition() throws {
        for file in ["index.html.in", "main.js", "renditions.js", "thumbhash.js", "style.css"] {
            let text = try String(contentsOf: Self.site.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains(".Thumbnail("), "\(file) names a rendition")
        }
    }
}
