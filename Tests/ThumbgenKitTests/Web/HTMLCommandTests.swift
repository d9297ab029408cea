import Foundation
import Glibc
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// `thumbgen html` as a user runs it: pages in the manifest's root and in a built site beside it,
/// the summary, warnings with file and line, a second run that changes nothing, and bad paths.
@Suite struct HTMLCommandTests {
    /// A built site; `web` the manifest's web: line (none: the pages are in the root).
    static func site(_ web: String = "") throws -> Site {
        let site = Site(manifest: """
            version: 1
            root: site
            \(web)
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

    static let tag = #"<img data-image="photos/a.jpg" data-slot="thumb" alt="A">"#
    static let page = "<!doctype html>\n<title>t</title>\n<p>Hello</p>\n<img data-image=\"photos/a.jpg\" data-slot=\"thumb\" alt=\"A\">\n"

    /// The `<img>` alone (no modern file), lazy, its URLs versioned by the image's recipe.
    static func markup(_ base: String, site: Site) throws -> String {
        let recipe = try #require(try site.index("site/renditions.json").images["photos/a.jpg"]?.recipe)
        let v = "?v=" + recipe.prefix(8)
        return #"<img data-image="photos/a.jpg" data-slot="thumb" alt="A" src="\#(base)photos/a.Thumbnail(40x30).jpg\#(v)" srcset="\#(base)photos/a.Thumbnail(40x30).jpg\#(v) 40w, \#(base)photos/a.Thumbnail(80x60).jpg\#(v) 80w" sizes="40px" width="40" height="30" loading="lazy" decoding="async" data-thumbgen="src srcset sizes width height loading decoding">"#
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

    /// A built site beside the root (Hugo's public/), named as web.site: `html` with no PATH
    /// rewrites it, each page's links starting from its place in it.
    static func builtSite(_ web: String = "web: { site: public }") throws -> Site {
        try site(web)
    }

    @Test func aBuiltSiteBesideTheRoot() throws {
        let site = try Self.builtSite()
        site.folder.write("public/index.html", text: Self.page)
        site.folder.write("public/posts/hello/index.html", text: Self.page)
        site.folder.write("public/notes.txt", text: Self.page)
        let result = site.run(["html", "--manifest", site.manifestPath])
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

    /// `html site/guide/` used to write ../img where ../../img was right, and
    /// `html site/guide/setup/index.html` img/: links ran from the folder named.
    @Test func linksRunFromThePagesPlaceNotTheFolderNamed() throws {
        let site = try Self.builtSite()
        site.folder.write("public/guide/setup/index.html", text: Self.page)
        site.folder.write("public/guide/index.html", text: Self.page)
        #expect(site.run(["html", site.folder.path + "/public/guide/", "--manifest", site.manifestPath]).code == .success)
        #expect(String(decoding: site.folder.read("public/guide/setup/index.html")!, as: UTF8.self) == Self.page.replacing(Self.tag, with: (try Self.markup("../../", site: site))))
        #expect(String(decoding: site.folder.read("public/guide/index.html")!, as: UTF8.self) == Self.page.replacing(Self.tag, with: (try Self.markup("../", site: site))))
        site.folder.write("public/guide/setup/index.html", text: Self.page)
        #expect(site.run(["html", site.folder.path + "/public/guide/setup/index.html", "--manifest", site.manifestPath]).code == .success)
        #expect(String(decoding: site.folder.read("public/guide/setup/index.html")!, as: UTF8.self) == Self.page.replacing(Self.tag, with: (try Self.markup("../../", site: site))))
    }

    /// Markdown's `![A](…)` comes out as `<img src>`: relative, root-relative, encoded or not,
    /// each rewritten in its own form, with `web.slot`.
    @Test func markdownImagesWithWebSlot() throws {
        let site = try Self.builtSite("web: { site: public, slot: thumb, url: /product/ }")
        let page = "<p><img src=\"../photos/a.jpg\" alt=\"A\"></p>\n<p><img src=\"/product/photos/%61.jpg\" alt=\"A\"></p>\n<img src=\"/photos/a.jpg\">\n"
        site.folder.write("public/guide/index.html", text: page)
        let result = site.run(["html", "--manifest", site.manifestPath])
        #expect(result.err == "thumbgen: 2 image tags in 1 page, 1 page rewritten\n")
        let rewritten = String(decoding: site.folder.read("public/guide/index.html")!, as: UTF8.self)
        let v = "?v=" + (try #require(try site.index("site/renditions.json").images["photos/a.jpg"]?.recipe)).prefix(8)
        #expect(rewritten.hasPrefix(#"<p><img alt="A" data-image="photos/a.jpg" src="../photos/a.Thumbnail(40x30).jpg\#(v)" srcset="../photos/a.Thumbnail(40x30).jpg\#(v) 40w, ../photos/a.Thumbnail(80x60).jpg\#(v) 80w" sizes="40px" width="40" height="30" loading="lazy" decoding="async" data-thumbgen="src srcset sizes width height loading decoding"></p>"#))
        #expect(rewritten.contains(#"src="/product/photos/a.Thumbnail(40x30).jpg\#(v)""#))
        #expect(rewritten.hasSuffix("<img src=\"/photos/a.jpg\">\n"))
        #expect(site.run(["html", "--manifest", site.manifestPath]).err == "thumbgen: 2 image tags in 1 page, 0 pages rewritten\n")
    }

    @Test func aPageOutsideTheSiteIsAnError() throws {
        let site = try Self.builtSite()
        let page = site.folder.write("elsewhere/index.html", text: Self.page)
        site.folder.write("public/index.html", text: Self.page)
        let result = site.run(["html", page, "--manifest", site.manifestPath])
        #expect(result.code == .usage)
        #expect(result.err == "thumbgen: error: \(page): not in the built site \(site.folder.path)/public; its links would have nowhere to start from (give --site-root, or web.site in the manifest)\n")
        #expect(String(decoding: site.folder.read("elsewhere/index.html")!, as: UTF8.self) == Self.page)
    }

    /// `html public/linkdir/` (a trailing slash) used to rewrite the pages the link leads to.
    @Test func noLinkIsFollowed() throws {
        let site = try Self.builtSite()
        site.folder.write("outside/index.html", text: Self.page)
        site.folder.write("public/real/index.html", text: Self.page)
        try FileManager.default.createSymbolicLink(atPath: site.folder.path + "/public/linkdir", withDestinationPath: site.folder.path + "/outside")
        for path in ["/public/linkdir/", "/public/linkdir", "/public/linkdir/index.html"] {
            let result = site.run(["html", site.folder.path + path, "--manifest", site.manifestPath])
            #expect(result.code == .usage, "\(path)")
            #expect(result.err == "thumbgen: error: \(site.folder.path + path): a symbolic link, or inside one; name the page itself (nothing is written through a link)\n")
        }
        #expect(site.run(["html", "--manifest", site.manifestPath]).err == "thumbgen: 1 image tag in 1 page, 1 page rewritten\n")
        #expect(String(decoding: site.folder.read("outside/index.html")!, as: UTF8.self) == Self.page)
    }

    /// A folder swapped for a link after the pages were found: the write goes through folders
    /// opened with no link followed, so it fails instead of landing in the link's target.
    @Test func aFolderSwappedForALinkMidRun() throws {
        let site = try Self.builtSite()
        site.folder.write("public/guide/index.html", text: Self.page)
        site.folder.write("outside/index.html", text: Self.page)
        let root = try RootDirectory(path: site.folder.path + "/public")
        let pages = try HTMLPages.find([site.folder.path + "/public"], site: root)
        #expect(pages.map(\.relative) == ["guide/index.html"])
        try FileManager.default.moveItem(atPath: site.folder.path + "/public/guide", toPath: site.folder.path + "/guide-moved")
        try FileManager.default.createSymbolicLink(atPath: site.folder.path + "/public/guide", withDestinationPath: site.folder.path + "/outside")
        #expect(throws: WriteError.self) {
            try root.writeAtomically(Array("x".utf8), to: pages[0].relative, temporaryName: ".thumbgen-1234abcd-1", keepingModeAndOwner: true)
        }
        #expect(String(decoding: site.folder.read("outside/index.html")!, as: UTF8.self) == Self.page)
    }

    /// A 0600 page used to come back 0644; its owner is kept too.
    @Test func theModeAndOwnerAreKept() throws {
        let site = try Self.builtSite()
        let page = site.folder.write("public/index.html", text: Self.page)
        chmod(page, 0o600)
        let isRoot = getuid() == 0
        if isRoot { chown(page, 4321, 4322) }
        #expect(site.run(["html", "--manifest", site.manifestPath]).code == .success)
        var info = stat()
        stat(page, &info)
        #expect(info.st_mode & 0o7777 == 0o600)
        if isRoot { #expect(info.st_uid == 4321 && info.st_gid == 4322) }
        #expect(String(decoding: site.folder.read("public/index.html")!, as: UTF8.self).contains((try Self.markup("", site: site))))
    }

    /// A killed run's temporary, recorded in the journal, is removed by the next run.
    @Test func aKilledRunsTemporariesAreRemoved() throws {
        let site = try Self.builtSite()
        site.folder.write("public/guide/index.html", text: Self.page)
        let leftover = site.folder.write("public/guide/.thumbgen-1234abcd-1", text: "half a page")
        site.folder.write(".thumbgen/temporaries.html", text: "T 1234abcd\nP \"\(leftover)\"\n")
        #expect(site.run(["html", "--manifest", site.manifestPath]).code == .success)
        #expect(!site.folder.exists("public/guide/.thumbgen-1234abcd-1"))
        #expect(site.folder.files().filter { $0.hasPrefix("public/") } == ["public/guide/index.html"])
    }

    /// An original named with no slot to show it in stays; `--strict` lists it and fails.
    @Test func noSlotIsANoteThatStrictFails() throws {
        let site = try Self.builtSite()
        let page = site.folder.write("public/index.html", text: "<img src=\"photos/a.jpg\">\n")
        let result = site.run(["html", "--manifest", site.manifestPath])
        #expect(result.code == .success)
        #expect(result.err == "\(page):1: note: <img> shows 'photos/a.jpg' but names no slot; add data-slot=\"…\", or web.slot in the manifest for every such image; it is left as it is\nthumbgen: 0 image tags in 1 page, 0 pages rewritten\n")
        #expect(site.run(["html", "--manifest", site.manifestPath, "--strict"]).code == .workFound)
    }

    /// An unknown image or slot leaves the tag byte for byte (it used to get the original's path).
    @Test func unknownImagesAndSlotsAreWarningsWithFileAndLine() throws {
        let site = try Self.site()
        let text = "<p>\n<img data-image=\"photos/a.jpg\" data-slot=\"thumbs\">\n<img data-image=\"photos/b.jpg\" data-slot=\"thumb\" src=\"b.jpg\" width=\"300\">\n"
        let page = site.folder.write("site/typo.html", text: text)
        let result = site.run(["html", page, "--manifest", site.manifestPath])
        #expect(result.code == .success)
        #expect(result.err == """
            \(page):2: warning: no slot 'thumbs' in the index (did you mean 'thumb'?); the page shows 'photos/a.jpg' as it is
            \(page):3: warning: no image 'photos/b.jpg' in the index (did you mean 'photos/a.jpg'?); the page shows it as it is
            thumbgen: 0 image tags in 1 page, 0 pages rewritten; 2 warnings

            """)
        #expect(String(decoding: site.folder.read("site/typo.html")!, as: UTF8.self) == text)
        #expect(site.run(["html", page, "--manifest", site.manifestPath, "--strict"]).code == .workFound)
    }

    @Test func whatCannotBeDone() throws {
        let site = try Self.site()
        let missing = site.run(["html", site.folder.path + "/site/nope.html", "--manifest", site.manifestPath])
        #expect(missing.code == .usage)
        #expect(missing.err == "thumbgen: error: \(site.folder.path)/site/nope.html: no such file or folder\n")
        let page = site.folder.write("site/real.html", text: Self.page)
        try FileManager.default.createSymbolicLink(atPath: site.folder.path + "/site/link.html", withDestinationPath: page)
        let link = site.run(["html", site.folder.path + "/site/link.html", "--manifest", site.manifestPath])
        #expect(link.code == .usage)
        #expect(link.err == "thumbgen: error: \(site.folder.path)/site/link.html: a symbolic link, or inside one; name the page itself (nothing is written through a link)\n")
        #expect(String(decoding: site.folder.read("site/real.html")!, as: UTF8.self) == Self.page)
        #expect(site.run(["html", "--manifest", site.manifestPath]).err == "thumbgen: error: usage: thumbgen html PATH... [--manifest MANIFEST] [--site-root DIR], or name the built site as web.site in the manifest\n")
        try FileManager.default.removeItem(atPath: site.folder.path + "/site/renditions.json")
        let unbuilt = site.run(["html", site.folder.write("site/x.html", text: Self.page), "--manifest", site.manifestPath])
        #expect(unbuilt.code == .usage)
        #expect(unbuilt.err == "thumbgen: error: renditions.json: cannot read the index: there is no such file; run 'thumbgen build \(site.manifestPath)' first: the pages get what a build wrote\n")
    }
}
