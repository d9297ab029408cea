import Foundation
import Renditions
import Testing
import TestSupport

/// The example site served on 127.0.0.1 and opened in headless Chromium at a phone's, a tablet's,
/// a laptop's and a desktop's viewport, with JavaScript on and off: every image is the file its
/// slot needs on that screen, never blurry and never wasteful, and the page carries its markup
/// without JavaScript. `THUMBGEN_EXAMPLE_SITE=/other/example-site` measures another build of the
/// site (the bytes a phone downloads, printed) without checking it.
@Suite(.serialized) struct ExampleSiteBrowserTests {
    static let site: URL = {
        if let other = ProcessInfo.processInfo.environment["THUMBGEN_EXAMPLE_SITE"] { return URL(fileURLWithPath: other) }
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // Tests/ThumbgenKitTests/ExampleSite/file → project
        return url.appendingPathComponent("example-site")
    }()

    static var isBuilt: Bool {
        FileManager.default.fileExists(atPath: site.appendingPathComponent("renditions.json").path)
            && FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path)
    }

    static var isOtherSite: Bool { ProcessInfo.processInfo.environment["THUMBGEN_EXAMPLE_SITE"] != nil }

    struct Viewport: CustomTestStringConvertible, Sendable {
        var width: Int, height: Int, scale: Double
        var testDescription: String { "\(width)x\(height)@\(ScaleKey.format(scale))" }
    }

    static let viewports = [Viewport(width: 390, height: 844, scale: 3), Viewport(width: 768, height: 1024, scale: 2),
                            Viewport(width: 1280, height: 800, scale: 1), Viewport(width: 1920, height: 1080, scale: 2)]

    struct Results: Decodable {
        struct Image: Decodable {
            var image: String, slot: String, currentSrc: String, loaded: Bool, cssWidth: Double, rewritten: Bool
        }
        var innerWidth: Int, devicePixelRatio: Double, images: [Image]
    }

    /// Opens the page at `viewport` and returns what each image shows, and the response bodies the
    /// page loaded before it was scrolled (the first screen, with what the browser fetched ahead).
    static func open(_ viewport: Viewport, javaScript: Bool, page: String = "/index.html") throws -> (Results, [(path: String, bytes: Int)]) {
        let server = try SiteServer(root: site)
        defer { server.stop() }
        let url = server.harness(page: page, width: viewport.width, height: viewport.height, javaScript: javaScript)
        let dom = try Browser.dumpDOM(url, deviceScale: viewport.scale, width: max(500, viewport.width),
                                      height: viewport.height, virtualTime: 30000)
        guard let start = dom.range(of: #"<pre id="results">"#), dom[start.upperBound...].hasPrefix("{") else {
            throw NSError(domain: "the harness did not finish; DOM: \(dom.prefix(400))", code: 1)
        }
        let json = dom[start.upperBound...].prefix { $0 != "<" }
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        let responses = server.responses()
        return (try JSONDecoder().decode(Results.self, from: Data(json.utf8)), Array(responses.all.prefix(responses.beforeMark)))
    }

    @Test(.needs("the example site built (make thumbs) and chromium") { isBuilt && Browser.isAvailable }, .enabled(if: !isOtherSite, "measuring another site"),
          arguments: viewports, [true, false])
    func everyImageIsTheFileItsSlotNeeds(viewport: Viewport, javaScript: Bool) throws {
        try Self.check(try Self.open(viewport, javaScript: javaScript).0, at: viewport)
    }

    /// A page no build step rewrote (the source, index.html.in): renditions.js writes the same
    /// markup in the browser, and the same checks hold.
    @Test(.needs("the example site built (make thumbs) and chromium") { isBuilt && Browser.isAvailable }, .enabled(if: !isOtherSite, "measuring another site"),
          arguments: [viewports[0], viewports[3]])
    func theJavaScriptClientWritesTheMarkupOfAPageNotRewritten(viewport: Viewport) throws {
        try Self.check(try Self.open(viewport, javaScript: true, page: "/index.html.in").0, at: viewport)
    }

    static func check(_ results: Results, at viewport: Viewport) throws {
        let index = try RenditionIndex.load(from: Self.site.appendingPathComponent("renditions.json"))
        #expect(results.innerWidth == viewport.width && results.devicePixelRatio == viewport.scale)
        #expect(results.images.count == 20)
        for shown in results.images {
            let name = "\(shown.image) \(shown.slot)"
            #expect(shown.rewritten, "\(name): not rewritten (no data-thumbgen)")
            let record = try #require(index.images[shown.image], "\(name) is in the index")
            if record.status == .unreadable { continue }  // the broken upload: its fallback is itself, and fails
            #expect(shown.loaded, "\(name) loads")
            let candidates = index.candidates(image: shown.image, slot: shown.slot)
            let path = URL(string: shown.currentSrc)?.path.dropFirst() ?? ""
            let chosen = try #require(candidates.first { $0.file == path || $0.sources.contains { $0.file == path } },
                                      "\(name): \(shown.currentSrc) is a file of the slot")
            let needed = shown.cssWidth * viewport.scale
            // Never blurry: at least the pixels the screen shows, unless the original itself is smaller.
            let originalIsSmaller = chosen.file == shown.image && Double(chosen.width) < needed
            #expect(Double(chosen.width) + 0.5 >= needed || originalIsSmaller,
                    "\(name): \(chosen.width) px for \(needed) device pixels")
            // Never wasteful: no wider than the narrowest file that is wide enough.
            let nextUp = candidates.first { Double($0.width) + 0.5 >= needed } ?? candidates.last!
            #expect(chosen.width <= nextUp.width, "\(name): \(chosen.width) px where \(nextUp.width) would do")
        }
    }

    /// What a phone downloads for the page: printed for the README, and the hero is the
    /// 1200-pixel file (a 390-point-wide screen at scale 3 shows 1170 pixels), not the 3600.
    @Test(.needs("the example site built (make thumbs) and chromium") { isBuilt && Browser.isAvailable },
          arguments: [true, false])
    func bytesAPhoneDownloads(javaScript: Bool) throws {
        let phone = Self.viewports[0]
        let (results, responses) = try Self.open(phone, javaScript: javaScript)
        let total = responses.reduce(0) { $0 + $1.bytes }
        let images = responses.filter { $0.path.hasPrefix("/images/") }.reduce(0) { $0 + $1.bytes }
        print("example page at \(phone.testDescription), JavaScript \(javaScript ? "on" : "off"): \(total) bytes in \(responses.count) responses (images \(images)) from \(Self.site.path)")
        guard !Self.isOtherSite else { return }
        let hero = try #require(results.images.first { $0.slot == "hero" })
        // The example writes AVIF first: Chromium shows it wherever it was kept.
        // URLs end in the image's version (`?v=`), which the path leaves out.
        func path(_ url: String) -> String { URL(string: url)?.path ?? url }
        #expect(path(hero.currentSrc).hasSuffix("/images/lake.Thumbnail(1200x800).avif"), "\(hero.currentSrc)")
        #expect(results.images.filter { path($0.currentSrc).hasSuffix(".avif") }.count >= 10)
    }
}
