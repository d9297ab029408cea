import Foundation
import Testing
import TestSupport

/// A slot taken from an image after `html` rewrote its tags (the image stays in the index under
/// another slot): the next build prunes the slot's renditions, and the next `html` must not
/// leave the page naming them (the tags it marked used to stay as they were, with a warning:
/// every one a broken image). They show the original, as for an image gone from the index, and
/// no other slot is guessed. And scales taken from a slot: the page names only what is left.
@Suite struct PrunedSlotPagesTests {
    /// The manifest before: `b.jpg` (and `a.jpg`) in both slots, `web.slot` the one that goes.
    static let before = """
        version: 1
        root: site
        web: { slot: thumb }
        slots:
          thumb: { size: 40x40, scales: [1, 2] }
          card: { size: 60x30, scales: [1, 2] }
        output: { formats: [webp], placeholder: none }
        images:
          - path: photos/*.jpg
            slots: [thumb, card]
        """

    /// How `thumb` goes: the image alone leaves it (a.jpg keeps it, `web.slot` still names it),
    /// the slot leaves the manifest (`web.slot` moves to `card`), or it leaves with `web.slot`.
    enum Gone: String, CaseIterable, CustomTestStringConvertible {
        case imageLeftTheSlot, slotLeftTheManifest, slotLeftWithWebSlot
        var testDescription: String { rawValue }

        var manifest: String {
            let web = ["imageLeftTheSlot": "web: { slot: thumb }", "slotLeftTheManifest": "web: { slot: card }"][rawValue] ?? ""
            let thumb = self == .imageLeftTheSlot ? "  thumb: { size: 40x40, scales: [1, 2] }\n" : ""
            let images = self == .imageLeftTheSlot
                ? "  - path: photos/a.jpg\n    slots: [thumb, card]\n  - path: photos/b.jpg\n    slots: [card]"
                : "  - path: photos/*.jpg\n    slots: [card]"
            return "version: 1\nroot: site\n\(web)\nslots:\n\(thumb)  card: { size: 60x30, scales: [1, 2] }\n"
                + "output: { formats: [webp], placeholder: none }\nimages:\n\(images)\n"
        }

        /// The lines whose tags show b in `thumb`: the `<img src>` follows `web.slot`, when there is one.
        var lines: [Int] { self == .slotLeftTheManifest ? [2, 3, 4] : [1, 2, 3, 4] }
    }

    /// b in `thumb` every way a page names it: Markdown's `<img src>` (by `web.slot`), an
    /// `<img data-image>` with the author's attributes, a background, art direction with `card`;
    /// and a in `card`, which stays.
    static let page = """
        <p><img src="../../photos/b.jpg" alt="B"></p>
        <img data-image="photos/b.jpg" data-slot="thumb" alt="B again" style="border:0" width="20">
        <div class="hero" data-image="photos/b.jpg" data-slot="thumb" style="height:9px"></div>
        <img data-image="photos/b.jpg" data-slot="(max-width: 600px) card, thumb" alt="B directed">
        <p><img data-image="photos/a.jpg" data-slot="card" alt="A"></p>

        """

    @Test(arguments: Gone.allCases)
    func aPageNamesNoRenditionOfASlotThePruneRemoved(_ gone: Gone) throws {
        let (site, page, html, rewritten) = try Self.rewritten(manifest: Self.before)
        let thumbsOfB = try Self.listed(site, image: "photos/b.jpg", slot: "thumb")
        let named = try PrunedImagePagesTests.urls(in: rewritten, page: page)
        #expect(thumbsOfB.count >= 2 && thumbsOfB.isSubset(of: named), "the rewrite names b's thumb renditions: \(named)")

        site.folder.write("manifest.yaml", text: gone.manifest)
        try site.build()
        #expect(thumbsOfB.filter { FileManager.default.fileExists(atPath: $0) } == [], "the build prunes b's thumb renditions")
        let cardsOfB = try Self.listed(site, image: "photos/b.jpg", slot: "card")

        let again = site.run(html)
        #expect(again.code == .success)
        let warnings = gone.lines.map { line in
            let now = line == 3 ? "the <div> loses the background thumbgen gave it" : "the tag shows the original instead"
            let why = line == 1 && gone == .slotLeftWithWebSlot
                ? "has no slot to show it in any more (the tag has no data-slot, and the manifest no web.slot), so the renditions thumbgen wrote for it here may be pruned; \(now) (set web.slot again, or data-slot"
                : "has no slot 'thumb' in the index any more, so a build removes the renditions thumbgen wrote for it here; \(now) (give the image that slot in the manifest again and build, or the tag another data-slot"
            return "\(page):\(line): warning: 'photos/b.jpg' \(why), or remove data-thumbgen to make the tag the page's own)\n"
        }
        #expect(again.err == warnings.joined() + "thumbgen: 5 image tags in 1 page, 1 page rewritten; \(warnings.count) warnings\n")
        let shown = try String(contentsOfFile: page, encoding: .utf8)
        let urls = try PrunedImagePagesTests.urls(in: shown, page: page)
        #expect(urls.count >= 5)
        for url in urls { #expect(FileManager.default.fileExists(atPath: url), "\(url), named by the page, is not on disk") }
        let listed = try Self.listed(site)
        #expect(Set(urls).isSubset(of: listed), "the page names only files the index lists")
        // b's tags show the original in the author's form, with their own attributes as written.
        let lines = shown.split(separator: "\n").map(String.init)
        if gone.lines.contains(1) {
            #expect(lines[0] == #"<p><img alt="B" data-image="photos/b.jpg" src="../../photos/b.jpg" data-thumbgen="src"></p>"#)
        } else {
            let cards = try PrunedImagePagesTests.urls(in: lines[0], page: page)
            #expect(!cards.isEmpty && Set(cards).isSubset(of: cardsOfB), "the <img src> follows web.slot to card: \(cards)")
        }
        #expect(lines[1] == #"<img data-image="photos/b.jpg" data-slot="thumb" alt="B again" style="border:0" width="20" src="../../photos/b.jpg" data-thumbgen="src">"#)
        #expect(lines[2] == #"<div class="hero" data-image="photos/b.jpg" data-slot="thumb" style="height:9px" data-thumbgen></div>"#)
        #expect(lines[3] == #"<img data-image="photos/b.jpg" data-slot="(max-width: 600px) card, thumb" alt="B directed" src="../../photos/b.jpg" data-thumbgen="src">"#)
        #expect(lines[4].contains("srcset="))

        // The same bytes from every later run; and the slot back, the first rewrite again.
        let third = site.run(html)
        #expect(third.err == warnings.joined() + "thumbgen: 5 image tags in 1 page, 0 pages rewritten; \(warnings.count) warnings\n")
        #expect(try String(contentsOfFile: page, encoding: .utf8) == shown)
        site.folder.write("manifest.yaml", text: Self.before)
        try site.build()
        #expect(site.run(html).err == "thumbgen: 5 image tags in 1 page, 1 page rewritten\n")
        #expect(try String(contentsOfFile: page, encoding: .utf8) == rewritten)
    }

    /// A slot that loses a scale: the build prunes those renditions, and the page, rewritten
    /// again, names only files the index lists (every one on disk), none of the pruned.
    @Test func aSlotThatLostAScaleNamesOnlyWhatIsLeft() throws {
        let (site, page, html, rewritten) = try Self.rewritten(manifest: Self.before.replacing("scales: [1, 2] }\n  card", with: "scales: [1, 2, 3] }\n  card"))
        let first = try PrunedImagePagesTests.urls(in: rewritten, page: page)

        site.folder.write("manifest.yaml", text: Self.before.replacing("scales: [1, 2] }\n  card", with: "scales: [1] }\n  card"))
        try site.build()
        let pruned = first.filter { !FileManager.default.fileExists(atPath: $0) }
        #expect(Set(pruned).count >= 2, "the build prunes thumb's 2x and 3x renditions the page named: \(pruned)")
        #expect(site.run(html).err == "thumbgen: 5 image tags in 1 page, 1 page rewritten\n")
        let shown = try String(contentsOfFile: page, encoding: .utf8)
        let urls = try PrunedImagePagesTests.urls(in: shown, page: page)
        #expect(urls.count >= 10)
        for url in urls { #expect(FileManager.default.fileExists(atPath: url), "\(url), named by the page, is not on disk") }
        #expect(Set(urls).isDisjoint(with: pruned))
        let listed = try Self.listed(site)
        #expect(Set(urls).isSubset(of: listed), "the page names only files the index lists")
    }

    /// A site built from `manifest` with a.jpg and b.jpg, and the page rewritten once: the site,
    /// the page's path, the command that rewrites it, and what it holds then.
    static func rewritten(manifest: String) throws -> (Site, String, [String], String) {
        let site = Site(manifest: manifest)
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 400, height: 300)))
        site.original("site/photos/b.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 300, height: 400)))
        try site.build()
        let page = site.folder.write("site/posts/hello/index.html", text: Self.page)
        let html = ["html", page, "--manifest", site.manifestPath]
        #expect(site.run(html).err == "thumbgen: 5 image tags in 1 page, 1 page rewritten\n")
        let rewritten = try String(contentsOfFile: page, encoding: .utf8)
        return (site, page, html, rewritten)
    }

    /// Every file the site's index lists (originals, renditions, their modern sources), or those
    /// of one image in one slot, as paths on disk.
    static func listed(_ site: Site, image: String? = nil, slot: String? = nil) throws -> Set<String> {
        let index = try site.index("site/renditions.json")
        var files: [String] = image == nil ? Array(index.images.keys) : []
        for (key, record) in index.images where image == nil || key == image {
            for (name, rendition) in record.renditions where slot.map({ name.hasPrefix($0 + "@") }) ?? true {
                files += [rendition.file] + (rendition.sources ?? []).map(\.file)
            }
        }
        return Set(files.map { ((site.folder.path + "/site/" + $0) as NSString).standardizingPath })
    }
}
