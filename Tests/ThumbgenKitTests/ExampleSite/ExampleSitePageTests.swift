import Foundation
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// The example page as `make thumbs` leaves it: index.html is its source, index.html.in, with
/// each image's markup written from the index, and the source names no rendition file.
@Suite struct ExampleSitePageTests {
    static let site = ExampleSiteBrowserTests.site

    @Test(.needs("the example site built (make thumbs)") { ExampleSiteBrowserTests.isBuilt }, .enabled(if: !ExampleSiteBrowserTests.isOtherSite, "measuring another site"))
    func theServedPageIsItsSourceWithTheMarkup() throws {
        let index = try RenditionIndex.load(from: Self.site.appendingPathComponent("renditions.json"))
        let source = try Data(contentsOf: Self.site.appendingPathComponent("index.html.in"))
        let served = try Data(contentsOf: Self.site.appendingPathComponent("index.html"))
        let expected = HTMLRewriter.rewrite(Array(source), index: index, links: PageLinks(page: "index.html", indexFolder: "", url: "/"), web: WebSettings())
        #expect(String(decoding: served, as: UTF8.self) == String(decoding: expected.html, as: UTF8.self))
        #expect(expected.tags == 20 && expected.warnings.isEmpty)
        let page = String(decoding: served, as: UTF8.self)
        #expect(page.components(separatedBy: "<picture data-thumbgen>").count == 21)
        #expect(page.contains(#"loading="eager" fetchpriority="high""#))
        // Placeholders: for every image whose pixels the build read (resized, or fitting).
        for (path, record) in index.images where record.status == .resized || record.status == .fits {
            let placeholder = try #require(record.placeholder, "\(path) has a placeholder")
            #expect(page.contains(#"data-thumbhash="\#(placeholder.thumbhash)""#), "\(path)")
            if !ThumbHashImage.hasAlpha(hash: ThumbHashImage.bytes(base64: placeholder.thumbhash) ?? []) {
                #expect(page.contains(#"style="background-color:\#(placeholder.color)""#), "\(path)")
            }
        }
    }

    /// Every placeholder the build wrote decodes with the reference decoder (PyPI `thumbhash`) to
    /// the colour the index gives, within what ThumbHash holds (6/255, Tests/RasterTests/
    /// ThumbHashPhotoTests.swift), and decodes in Swift to a picture of the image's shape.
    @Test(.enabled(if: ExampleSiteBrowserTests.isBuilt && PythonThumbHash.mustRun, "run `make thumbs` first, and install \(PythonThumbHash.missing)"))
    func theIndexPlaceholdersDecodeWithTheReference() throws {
        guard PythonThumbHash.isAvailable else {
            Issue.record("CI=true and there is no \(PythonThumbHash.missing)")
            return
        }
        let index = try RenditionIndex.load(from: Self.site.appendingPathComponent("renditions.json"))
        let placeholders = index.images.sorted { $0.key < $1.key }.compactMap { path, record in record.placeholder.map { (path, record, $0) } }
        #expect(placeholders.count == index.images.values.filter { $0.status == .resized || $0.status == .fits }.count)
        #expect(placeholders.count >= 10)
        let hashes = try placeholders.map { try #require(ThumbHashImage.bytes(base64: $0.2.thumbhash), "\($0.0): base64") }
        let averages = try PythonThumbHash.averageColors(hashes)
        for ((path, record, placeholder), average) in zip(placeholders, averages) {
            let hex = placeholder.color.dropFirst()
            #expect(placeholder.color.count == 7, "\(path): \(placeholder.color)")
            let colour = stride(from: 0, to: 6, by: 2).map { Double(Int(hex.dropFirst($0).prefix(2), radix: 16) ?? -999) / 255 }
            #expect(zip(colour, average.prefix(3)).allSatisfy { abs($0 - $1) <= 6.0 / 255 }, "\(path): \(placeholder.color) against \(average)")
            let picture = try #require(ThumbHashImage(base64: placeholder.thumbhash), "\(path) decodes")
            #expect((picture.width >= picture.height) == (record.width >= record.height) || abs(record.width - record.height) * 10 < record.width, "\(path)")
        }
    }

    @Test func theSourcesNameNoRendition() throws {
        let client = Self.site.deletingLastPathComponent().appendingPathComponent("Clients/web")
        for file in ["index.html.in", "main.js", "style.css"].map(Self.site.appendingPathComponent)
            + ["renditions.js", "thumbhash.js"].map(client.appendingPathComponent) {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains(".Thumbnail("), "\(file.path) names a rendition")
        }
    }
}
