import Foundation
import Renditions
import Testing
import TestSupport

@testable import ThumbgenCLI
@testable import ThumbgenKit

/// A real static site generator: the tiny Hugo site in Tests/HugoSite, built as its README
/// snippet says (`thumbgen build`, `hugo`, `thumbgen html public/`), gets its markup from the
/// index. Needs Debian's `hugo` (scripts/install-deps.sh --test); under `CI=true` its absence fails.
@Suite struct HugoSiteTests {
    static let hugo = Subprocess.find(["/usr/bin/hugo", "/usr/local/bin/hugo"])

    static let source: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // Tests/ThumbgenKitTests/Integration/file → Tests
        return url.appendingPathComponent("HugoSite")
    }()

    @Test(.enabled(if: hugo != nil || ProcessInfo.processInfo.environment["CI"] == "true",
                   "needs hugo (scripts/install-deps.sh --test installs Debian's)"))
    func aHugoSiteGetsItsMarkupFromTheIndex() throws {
        let hugo = try #require(Self.hugo, "CI=true and there is no hugo")
        let folder = ScratchFolder("thumbgen-hugo")
        try FileManager.default.removeItem(at: folder.url)
        try FileManager.default.copyItem(at: Self.source, to: folder.url)
        folder.write("static/photos/sunset.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 3000, height: 2000)))
        let manifest = folder.path + "/manifest.yaml"
        let console = (out: Captured(), err: Captured())
        func thumbgen(_ arguments: [String]) -> ExitCode {
            Thumbgen.run(arguments, environment: [:], console: Console(out: { console.out.append($0) }, err: { console.err.append($0) }))
        }
        #expect(thumbgen(["build", manifest, "--quiet"]) == .success)

        let built = try Subprocess.run(hugo, ["--quiet", "--source", folder.path, "--destination", folder.path + "/public"])
        try #require(built.status == 0, "hugo failed: \(built.output)")

        #expect(thumbgen(["html", folder.path + "/public", "--manifest", manifest, "--site-root", folder.path + "/public"]) == .success)
        #expect(console.err.text == "thumbgen: 2 image tags in 2 pages, 2 pages rewritten\n")
        let home = String(decoding: folder.read("public/index.html")!, as: UTF8.self)
        let post = String(decoding: folder.read("public/posts/hello/index.html")!, as: UTF8.self)
        // The defaults: a WebP source where WebP saved bytes (the 300-pixel card's did not, so
        // the JPEG stands in for it), the placeholder's colour layer and ThumbHash, URLs
        // versioned by the image's recipe; the post's hero is eager, as its template says.
        let recipe = try #require(try RenditionIndex.load(from: folder.url.appendingPathComponent("static/renditions.json")).images["photos/sunset.jpg"]?.recipe)
        let v = "?v=" + recipe.prefix(8)
        let placeholder = #"style="background-image:linear-gradient(#7b686c,#7b686c);background-origin:content-box;background-repeat:no-repeat" data-thumbhash="HCgGHYZApmd8aZWId6dnhYUwFW9F""#
        #expect(home.contains(#"<picture data-thumbgen><source type="image/webp" srcset="photos/sunset.Thumbnail(300x200).jpg\#(v) 300w, photos/sunset.Thumbnail(600x400).webp\#(v) 600w" sizes="auto, 300px"><img data-image="photos/sunset.jpg" data-slot="card" alt="Sunset" src="photos/sunset.Thumbnail(300x200).jpg\#(v)" srcset="photos/sunset.Thumbnail(300x200).jpg\#(v) 300w, photos/sunset.Thumbnail(600x400).jpg\#(v) 600w" sizes="auto, 300px" width="300" height="200" loading="lazy" decoding="async" \#(placeholder) data-thumbgen="src srcset sizes width height loading decoding style data-thumbhash"></picture>"#))
        #expect(post.contains(#"<picture data-thumbgen><source type="image/webp" srcset="../../photos/sunset.Thumbnail(600x400).webp\#(v) 600w, ../../photos/sunset.Thumbnail(1200x800).webp\#(v) 1200w, ../../photos/sunset.Thumbnail(2400x1600).webp\#(v) 2400w" sizes="(max-width: 1200px) 100vw, 1200px"><img data-image="photos/sunset.jpg" data-slot="hero" loading="eager" alt="Hello" src="../../photos/sunset.Thumbnail(1200x800).jpg\#(v)" srcset="../../photos/sunset.Thumbnail(600x400).jpg\#(v) 600w, ../../photos/sunset.Thumbnail(1200x800).jpg\#(v) 1200w, ../../photos/sunset.Thumbnail(2400x1600).jpg\#(v) 2400w" sizes="(max-width: 1200px) 100vw, 1200px" width="1200" height="800" fetchpriority="high" \#(placeholder) data-thumbgen="src srcset sizes width height fetchpriority style data-thumbhash"></picture>"#))
        // Every file the markup names is in the built site, where the page's links lead.
        for (page, base) in [("public/index.html", "public/"), ("public/posts/hello/index.html", "public/posts/hello/")] {
            let html = String(decoding: folder.read(page)!, as: UTF8.self)
            for match in html.matches(of: /(?:src|srcset)="([^"]+)"/) {
                for candidate in match.1.split(separator: ",") {
                    let url = candidate.split(separator: " ").first.map { String($0.split(separator: "?")[0]) } ?? ""
                    #expect(folder.exists(URL(fileURLWithPath: folder.path + "/" + base + url).standardized.path
                        .replacing(folder.url.standardized.path + "/", with: "")), "\(page): \(url)")
                }
            }
        }
        // thumbgen again: the same pages, byte for byte.
        #expect(thumbgen(["html", folder.path + "/public", "--manifest", manifest, "--site-root", folder.path + "/public", "--quiet"]) == .success)
        #expect(String(decoding: folder.read("public/posts/hello/index.html")!, as: UTF8.self) == post)
    }
}
