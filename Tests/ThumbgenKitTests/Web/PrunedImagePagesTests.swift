import Foundation
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// An image taken out of the manifest after `html` rewrote its tags: the next build prunes its
/// renditions, and the next `html` must not leave the page naming them (the tags it marked used
/// to stay as they were, with a warning: every one a broken image). They show the original.
@Suite struct PrunedImagePagesTests {
    static func manifest(images: String) -> String {
        """
        version: 1
        root: site
        web: { slot: thumb }
        slots:
          thumb: { size: 40x40, scales: [1, 2] }
        output: { formats: [webp], placeholder: none }
        images:
          - path: \(images)
            slots: [thumb]
        """
    }

    /// Every way a page names `b.jpg`: Markdown's `<img src>` relative and root-relative, an
    /// `<img data-image>` with the author's own attributes, a background; and `a.jpg`, which stays.
    static let page = """
        <p><img src="../../photos/b.jpg" alt="B"></p>
        <p><img src="/photos/b.jpg" alt="B at the root" class="wide"></p>
        <img data-image="photos/b.jpg" data-slot="thumb" alt="B again" style="border:0" width="20">
        <div class="hero" data-image="photos/b.jpg" data-slot="thumb" style="height:9px"></div>
        <p><img src="../../photos/a.jpg" alt="A"></p>

        """

    @Test func aPageNamesNoRenditionThePruneRemoved() throws {
        let site = Site(manifest: Self.manifest(images: "photos/*.jpg"))
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 400, height: 300)))
        site.original("site/photos/b.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 300, height: 400)))
        try site.build()
        let page = site.folder.write("site/posts/hello/index.html", text: Self.page)
        #expect(site.run(["html", page, "--manifest", site.manifestPath]).err == "thumbgen: 5 image tags in 1 page, 1 page rewritten\n")
        let rewritten = try String(contentsOfFile: page, encoding: .utf8)
        let renditionsOfB = try Self.urls(in: rewritten, page: page).filter { $0.contains("/photos/b.") && !$0.hasSuffix("/photos/b.jpg") }
        #expect(renditionsOfB.count >= 8, "b's renditions, as the rewrite names them: \(renditionsOfB)")

        site.folder.write("manifest.yaml", text: Self.manifest(images: "photos/a.jpg"))
        try site.build()
        let pruned = renditionsOfB.filter { !FileManager.default.fileExists(atPath: $0) }
        #expect(pruned == renditionsOfB, "the build prunes every rendition of b.jpg")

        let again = site.run(["html", page, "--manifest", site.manifestPath])
        #expect(again.code == .success)
        let warning = "is no longer in the index, so a build removes the renditions thumbgen wrote for it here"
        #expect(again.err == """
            \(page):1: warning: 'photos/b.jpg' \(warning); the tag shows the original instead (put the image back in the manifest and build again, or remove data-thumbgen to make the tag the page's own)
            \(page):2: warning: 'photos/b.jpg' \(warning); the tag shows the original instead (put the image back in the manifest and build again, or remove data-thumbgen to make the tag the page's own)
            \(page):3: warning: 'photos/b.jpg' \(warning); the tag shows the original instead (put the image back in the manifest and build again, or remove data-thumbgen to make the tag the page's own)
            \(page):4: warning: 'photos/b.jpg' \(warning); the <div> loses the background thumbgen gave it (put the image back in the manifest and build again, or remove data-thumbgen to make the tag the page's own)
            thumbgen: 5 image tags in 1 page, 1 page rewritten; 4 warnings

            """)
        let shown = try String(contentsOfFile: page, encoding: .utf8)
        let urls = try Self.urls(in: shown, page: page)
        #expect(urls.count >= 5)
        for url in urls { #expect(FileManager.default.fileExists(atPath: url), "\(url), named by the page, is not on disk") }
        // b's tags in the author's form, showing the original; their own attributes as written.
        let lines = shown.split(separator: "\n").map(String.init)
        #expect(lines[0] == #"<p><img alt="B" data-image="photos/b.jpg" src="../../photos/b.jpg" data-thumbgen="src"></p>"#)
        #expect(lines[1] == #"<p><img alt="B at the root" class="wide" data-image="photos/b.jpg" src="/photos/b.jpg" data-thumbgen="src"></p>"#)
        #expect(lines[2] == #"<img data-image="photos/b.jpg" data-slot="thumb" alt="B again" style="border:0" width="20" src="../../photos/b.jpg" data-thumbgen="src">"#)
        #expect(lines[3] == #"<div class="hero" data-image="photos/b.jpg" data-slot="thumb" style="height:9px" data-thumbgen></div>"#)
        #expect(lines[4].contains("a.Thumbnail("))

        // The same bytes from every later run; and the image back, its markup again.
        #expect(site.run(["html", page, "--manifest", site.manifestPath]).err.hasSuffix("thumbgen: 5 image tags in 1 page, 0 pages rewritten; 4 warnings\n"))
        site.folder.write("manifest.yaml", text: Self.manifest(images: "photos/*.jpg"))
        try site.build()
        #expect(site.run(["html", page, "--manifest", site.manifestPath]).err == "thumbgen: 5 image tags in 1 page, 1 page rewritten\n")
        #expect(try String(contentsOfFile: page, encoding: .utf8) == rewritten)
    }

    /// Every URL the page names in `src`, `srcset` and `url('…')`, as the file it is on disk:
    /// relative to the page's folder, root-relative from the site's root (the page's folder's
    /// grandparent here), query dropped, percent-decoded.
    static func urls(in html: String, page: String) throws -> [String] {
        let folder = (page as NSString).deletingLastPathComponent
        let root = ((folder as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        var found: [String] = []
        for match in html.matches(of: /\b(src|srcset)="([^"]*)"/) {
            let value = String(match.2)
            found += match.1 == "srcset" ? value.split(separator: ",").compactMap { $0.split(separator: " ").first.map(String.init) } : [value]
        }
        found += html.matches(of: /url\('([^']*)'\)/).map { String($0.1) }
        return try found.map { url in
            let path = try #require(String(url.prefix { $0 != "?" }).removingPercentEncoding, "\(url)")
            return ((path.hasPrefix("/") ? root + path : folder + "/" + path) as NSString).standardizingPath
        }
    }
}
