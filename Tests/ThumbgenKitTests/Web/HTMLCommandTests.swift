import Foundation
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// `thumbgen html` as a user runs it: pages in the manifest's root and in a built site beside it,
/// the summary, warnings with file and line, a second run that changes nothing, and bad paths.
@Suite struct HTMLCommandTests {
    static func site() throws -> Site {
        let site = Site(manifest: """
            version: 1
            root: site
            slots:
              thumb: { size: 40x40, scales: [1, 2] }
            output: { formats: [], placeholder: none }
            images:
              - path: photos/*.jpg
                slots: [thumb]
            """)
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 400, height: 300)))
        try site.build()
        return site
    }

    static let page = "<!doctype html>\n<title>t</title>\n<p>Hello</p>\n<img data-image=\"photos/a.jpg\" data-slot=\"thumb\" alt=\"A\">\n"

    /// The `<img>` alone (no modern file), lazy, its URLs versioned by the image's recipe.
    static func markup(_ base: String, site: Site) throws -> String {
        let recipe = try #require(try site.index("site/renditions.json").images["photos/a.jpg"]?.recipe)
        let v = "?v=" + recipe.prefix(8)
        return #"<img data-image="photos/a.jpg" data-slot="thumb" alt="A" src="\#(base)photos/a.Thumbnail(40x30).jpg\#(v)" srcset="\#(base)photos/a.Thumbnail(40x30).jpg\#(v) 40w, \#(base)photos/a.Thumbnail(80x60).jpg\#(v) 80w" sizes="auto, 40px" width="40" height="30" loading="lazy" decoding="async" data-thumbgen="src srcset sizes width height loading decoding">"#
    }

    @Test func rewritesAPageInTheRootOnceAndOnlyOnce() throws {
        let site = try Self.site()
        let page = site.folder.write("site/index.html", text: Self.page)
        let first = site.run(["html", page, "--manifest", site.manifestPath])
        #expect(first.code == .success)
        #expect(first.err == "thumbgen: 1 image tag in 1 page, 1 page rewritten\n")
        let rewritten = try String(contentsOfFile: page, encoding: .utf8)
        let markup = try Self.markup("", site: site)
        #expect(rewritten == Self.page.replacing(#"<img data-image="photos/a.jpg" data-slot="thumb" alt="A">"#, with: markup))
        let before = try FileManager.default.attributesOfItem(atPath: page)
        let second = site.run(["html", page, "--manifest", site.manifestPath])
        #expect(second.err == "thumbgen: 1 image tag in 1 page, 0 pages rewritten\n")
        let after = try FileManager.default.attributesOfItem(atPath: page)
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date && before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int)
        #expect(site.folder.files().filter { $0.hasPrefix("site/") && !$0.hasPrefix("site/photos/") } == ["site/.thumbgen.json", "site/index.html", "site/renditions.json"])
    }

    /// A built site outside the root (Hugo's public/): links run from each page to the index's
    /// folder in the folder named on the command line, or in --site-root.
    @Test func aBuiltSiteBesideTheRoot() throws {
        let site = try Self.site()
        site.folder.write("public/index.html", text: Self.page)
        site.folder.write("public/posts/hello/index.html", text: Self.page)
        site.folder.write("public/notes.txt", text: Self.page)
        let result = site.run(["html", site.folder.path + "/public", "--manifest", site.manifestPath])
        #expect(result.err == "thumbgen: 2 image tags in 2 pages, 2 pages rewritten\n")
        let (top, down) = (try Self.markup("", site: site), try Self.markup("../../", site: site))
        #expect(String(decoding: site.folder.read("public/index.html")!, as: UTF8.self).contains(top))
        #expect(String(decoding: site.folder.read("public/posts/hello/index.html")!, as: UTF8.self).contains(down))
        #expect(String(decoding: site.folder.read("public/notes.txt")!, as: UTF8.self) == Self.page)

        site.folder.write("public/posts/other.html", text: Self.page)
        let named = site.run(["html", site.folder.path + "/public/posts/other.html", "--manifest", site.manifestPath,
                              "--site-root", site.folder.path + "/public"])
        #expect(named.code == .success)
        let one = try Self.markup("../", site: site)
        #expect(String(decoding: site.folder.read("public/posts/other.html")!, as: UTF8.self).contains(one))
    }

    @Test func unknownImagesAndSlotsAreWarningsWithFileAndLine() throws {
        let site = try Self.site()
        let page = site.folder.write("site/typo.html", text: "<p>\n<img data-image=\"photos/a.jpg\" data-slot=\"thumbs\">\n<img data-image=\"photos/b.jpg\" data-slot=\"thumb\">\n")
        let result = site.run(["html", page, "--manifest", site.manifestPath])
        #expect(result.code == .success)
        #expect(result.err == """
            \(page):2: warning: no slot 'thumbs' in the index (did you mean 'thumb'?); the page shows 'photos/a.jpg' as it is
            \(page):3: warning: no image 'photos/b.jpg' in the index (did you mean 'photos/a.jpg'?); the page shows it as it is
            thumbgen: 2 image tags in 1 page, 0 pages rewritten; 2 warnings

            """)
        #expect(site.run(["html", page, "--manifest", site.manifestPath, "--strict"]).code == .workFound)
    }

    @Test func whatCannotBeDone() throws {
        let site = try Self.site()
        let missing = site.run(["html", site.folder.path + "/nope.html", "--manifest", site.manifestPath])
        #expect(missing.code == .usage)
        #expect(missing.err == "thumbgen: error: \(site.folder.path)/nope.html: no such file or folder\n")
        let page = site.folder.write("site/real.html", text: Self.page)
        try FileManager.default.createSymbolicLink(atPath: site.folder.path + "/site/link.html", withDestinationPath: page)
        let link = site.run(["html", site.folder.path + "/site/link.html", "--manifest", site.manifestPath])
        #expect(link.code == .usage)
        #expect(link.err == "thumbgen: error: \(site.folder.path)/site/link.html: a symbolic link; name the page itself (nothing is written through a link)\n")
        #expect(String(decoding: site.folder.read("site/real.html")!, as: UTF8.self) == Self.page)
        #expect(site.run(["html"]).err == "thumbgen: error: usage: thumbgen html PATH... [--manifest MANIFEST] [--site-root DIR]\n")
        try FileManager.default.removeItem(atPath: site.folder.path + "/site/renditions.json")
        let unbuilt = site.run(["html", site.folder.write("site/x.html", text: Self.page), "--manifest", site.manifestPath])
        #expect(unbuilt.code == .usage)
        #expect(unbuilt.err == "thumbgen: error: renditions.json: cannot read the index: there is no such file; run 'thumbgen build \(site.manifestPath)' first: the pages get what a build wrote\n")
    }
}
