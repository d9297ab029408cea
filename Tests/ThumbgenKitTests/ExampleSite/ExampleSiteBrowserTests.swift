import Foundation
import Renditions
import Testing
import TestSupport

/// The example site in headless Chromium at device scale factors 1, 2 and 3: every image loads
/// (but the broken upload, whose fallback is its original), each image's natural size is the
/// index entry for its slot at that scale, and the HTML names no rendition.
@Suite struct ExampleSiteBrowserTests {
    static let site: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // Tests/ThumbgenKitTests/ExampleSite/file → project
        return url.appendingPathComponent("example-site")
    }()

    static var isBuilt: Bool {
        FileManager.default.fileExists(atPath: site.appendingPathComponent("renditions.json").path)
    }

    struct Findings: Decodable {
        struct Image: Decodable {
            var image: String, slot: String, scale: Double, src: String
            var width: Int, height: Int, naturalWidth: Int, naturalHeight: Int, loaded: Bool
        }
        struct Bytes: Decodable { var originals: Int, renditions: Int }
        var devicePixelRatio: Double
        var decodedBytes: Bytes
        var images: [Image]
    }

    static func findings(at scale: Double) throws -> Findings {
        let dom = try Browser.dumpDOM(site.appendingPathComponent("index.html"), deviceScale: scale)
        guard let start = dom.range(of: #"<pre id="findings" hidden="" data-done="true">"#) else {
            throw NSError(domain: "the page did not finish; DOM: \(dom.prefix(400))", code: 1)
        }
        let json = dom[start.upperBound...].prefix { $0 != "<" }
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        return try JSONDecoder().decode(Findings.self, from: Data(json.utf8))
    }

    @Test(.needs("the example site built (make thumbs) and chromium") { isBuilt && Browser.isAvailable },
          arguments: [1.0, 2.0, 3.0])
    func everyImageIsTheRenditionItsSlotNeeds(scale: Double) throws {
        let index = try RenditionIndex.load(from: Self.site.appendingPathComponent("renditions.json"))
        let findings = try Self.findings(at: scale)
        #expect(findings.devicePixelRatio == scale)
        #expect(findings.images.count == 20)
        var shownOriginals = 0, shownRenditions = 0
        for image in findings.images {
            let path = image.image
            let record = try #require(index.images[path], "\(path) is in the index")
            let entry = try #require(index.entry(image: path, slot: image.slot, scale: scale), "\(path) \(image.slot)@\(scale)x")
            #expect(image.scale == scale)
            // width and height in CSS pixels: the entry's pixels over its scale.
            #expect(image.width == Int((Double(entry.width) / scale).rounded()) && image.height == Int((Double(entry.height) / scale).rounded()),
                    "\(path): width and height from the index")
            #expect((image.src.removingPercentEncoding ?? "").hasSuffix("/example-site/" + entry.file), "\(path): \(image.src)")
            if path == "images/broken-upload.jpg" {
                #expect(record.status == .unreadable)
                #expect(entry.file == path)  // the fallback is the original itself
                continue
            }
            #expect(image.loaded, "\(path) loads at \(scale)x")
            #expect(image.naturalWidth == entry.width && image.naturalHeight == entry.height,
                    "\(path) \(image.slot)@\(scale)x is \(image.naturalWidth)x\(image.naturalHeight), the index says \(entry.width)x\(entry.height)")
            shownOriginals += record.width * record.height * 4
            shownRenditions += entry.width * entry.height * 4
        }
        let broken = index.images["images/broken-upload.jpg"]!
        let brokenShown = findings.images.filter { $0.image == "images/broken-upload.jpg" }.count * broken.width * broken.height * 4
        #expect(findings.decodedBytes.originals == shownOriginals + brokenShown)
        #expect(findings.decodedBytes.renditions == shownRenditions + brokenShown)
    }

    @Test(.needs("the example site built (make thumbs)") { isBuilt })
    func theHTMLNamesNoRendition() throws {
        for file in ["index.html", "main.js", "renditions.js", "style.css"] {
            let text = try String(contentsOf: Self.site.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains(".Thumbnail("), "\(file) names a rendition")
        }
    }
}
