import Foundation
import Renditions
import Testing
import TestSupport

/// A screen the generator sites are opened at: CSS pixels and device scale.
struct Viewport: Hashable, Sendable, CustomStringConvertible {
    var width: Int, height: Int, scale: Double
    var description: String { "\(width)x\(height)@\(ScaleKey.format(scale))" }

    static let phone = Viewport(width: 390, height: 844, scale: 3)
    static let all = [phone, Viewport(width: 768, height: 1024, scale: 2), Viewport(width: 1280, height: 800, scale: 1),
                      Viewport(width: 1920, height: 1080, scale: 2)]
}

/// What one page showed in one frame of Tests/BrowserHarness/pages.html, JavaScript off.
struct ShownPage: Decodable {
    struct Image: Decodable {
        /// `src` and `data-image` as written; `currentSrc` as a full URL.
        var src: String?, currentSrc: String, dataImage: String?, dataSlot: String?
        var loaded: Bool, cssWidth: Double, cssHeight: Double
    }
    var page: String, width: Int, height: Int, innerWidth: Int, devicePixelRatio: Double, images: [Image]
}

extension GeneratorSite {
    /// Serves the built site at its URL path and opens every page at each viewport, one Chromium
    /// run per viewport (a scale is the process's), every page in a frame. Not two viewports in
    /// one run: Chromium takes a larger file it already holds for a srcset over the one the
    /// narrower frame's sizes picks, so one screen's choice would decide another's.
    func show(_ folder: ScratchFolder, at viewports: [Viewport]) throws -> [ShownPage] {
        // The server's root holds the built site at its URL path (`product/` for `/product/`).
        let served = ScratchFolder("thumbgen-served")
        var place = served.url
        for component in basePath.split(separator: "/") { place.appendPathComponent(String(component)) }
        if basePath == "/" { try FileManager.default.removeItem(at: place) }
        try FileManager.default.createDirectory(at: place.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: place, withDestinationURL: folder.url.appendingPathComponent(site))
        let server = try SiteServer(root: served.url, harness: "pages.html")
        defer { server.stop() }
        var shown: [ShownPage] = []
        for viewport in viewports {
            let frames = pages.map { "\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0)~\(viewport.width)~\(viewport.height)" }
            let url = URL(string: "http://127.0.0.1:\(server.port)/__thumbgen__/harness.html?frames=\(frames.joined(separator: ","))")!
            // A picture still loading when the browser's time ran out (a machine busy with other
            // tests) is asked again, twice at most; what it shows once loaded is what is checked.
            var results: [ShownPage] = []
            for _ in 0..<3 {
                let dom = try Browser.dumpDOM(url, deviceScale: viewport.scale, width: 1200, height: 900, virtualTime: 30000,
                                              hosts: host.map { [$0] } ?? [], server: "127.0.0.1:\(server.port)")
                results = try Self.results(dom)
                if results.allSatisfy({ $0.images.allSatisfy(\.loaded) }) { break }
            }
            shown += results
        }
        return shown
    }

    static func results(_ dom: String) throws -> [ShownPage] {
        guard let start = dom.range(of: #"<pre id="results">"#), dom[start.upperBound...].hasPrefix("{") else {
            throw NSError(domain: "the harness did not finish; DOM: \(dom.prefix(400))", code: 1)
        }
        let json = dom[start.upperBound...].prefix { $0 != "<" }
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        struct Results: Decodable { var frames: [ShownPage] }
        return try JSONDecoder().decode(Results.self, from: Data(json.utf8)).frames
    }

    /// Every image of a rewritten page, as a browser showed it at one viewport: a rendition of the
    /// slot (the original only when it is the file that fits), at least the pixels the screen
    /// shows and no wider than the next file up, in the theme's proportions. `before` is the same
    /// page as the generator wrote it, which names the same originals in the same order.
    func check(_ shown: ShownPage, before: ShownPage, index: RenditionIndex) {
        let at = "\(name) \(shown.page) at \(shown.width)x\(shown.height)@\(ScaleKey.format(shown.devicePixelRatio))"
        #expect(shown.innerWidth == shown.width, "\(at): the frame is \(shown.innerWidth) wide")
        #expect(shown.images.count == before.images.count && !shown.images.isEmpty, "\(at): \(shown.images.count) images")
        for (number, (image, original)) in zip(shown.images, before.images).enumerated() {
            let name = "\(at), image \(number + 1) (\(original.src ?? ""))"
            // The original is the one the generator's page showed in the same place.
            guard let path = file(original.currentSrc) else {
                Issue.record("\(name): the generator's page shows \(original.currentSrc), not a file of root")
                continue
            }
            guard image.dataImage != nil else {
                Issue.record("\(name): not rewritten (src \(image.src ?? "none"))")
                continue
            }
            // A rewritten tag's data-image names its original as the index does (its path from the
            // index's folder, root here), so a second run and renditions.js find it without a URL.
            #expect(image.dataImage == path, "\(name): data-image is \(image.dataImage ?? "nothing"), not \(path)")
            #expect(image.loaded, "\(name) loads")
            let candidates = index.candidates(image: path, slot: image.dataSlot ?? slot)
            let shownFile = file(image.currentSrc) ?? image.currentSrc
            guard let chosen = candidates.first(where: { $0.file == shownFile || $0.sources.contains { $0.file == shownFile } }) else {
                Issue.record("\(name): shows \(image.currentSrc), not a file of the slot (\(candidates.map(\.file)))")
                continue
            }
            let needed = image.cssWidth * shown.devicePixelRatio
            // Never blurry: at least the pixels the screen shows, unless the original itself is smaller.
            let originalIsSmaller = chosen.file == path && Double(chosen.width) < needed
            #expect(Double(chosen.width) + 0.5 >= needed || originalIsSmaller, "\(name): \(chosen.width) px for \(needed) device pixels")
            // Never wasteful: no wider than the narrowest file that is wide enough.
            let nextUp = candidates.first { Double($0.width) + 0.5 >= needed } ?? candidates.last!
            #expect(chosen.width <= nextUp.width, "\(name): \(shownFile), \(chosen.width) px where \(nextUp.width) would do")
            // The theme's layout holds: the picture keeps the original's proportions (within 2%: a
            // theme's padding inside a width given as the border box costs a pixel or two).
            if let record = index.images[path], record.width > 0, image.cssWidth > 0 {
                let height = image.cssWidth * Double(record.height) / Double(record.width)
                #expect(abs(image.cssHeight - height) <= 1.5 + 0.02 * height,
                        "\(name): shown \(image.cssWidth)x\(image.cssHeight), the original is \(record.width)x\(record.height)")
            }
        }
    }

    /// The bytes a browser downloads for a page's images: the files its images show (scripts off,
    /// every image loads, each file once).
    func imageBytes(_ shown: ShownPage, in folder: ScratchFolder) -> Int {
        Set(shown.images.compactMap { file($0.currentSrc) }).reduce(0) { $0 + bytes($1, in: folder) }
    }
}
