import Renditions
import Testing

@testable import ThumbgenKit

/// Rewriting one page: only the tags change, byte for byte; a second run changes nothing; what
/// the index lacks, and what thumbgen did not write, stays as it was with a warning and its line.
@Suite struct HTMLRewriterTests {
    static let index = RenditionIndex(
        generator: "thumbgen 0.2.0",
        images: ["a.jpg": ImageRecord(bytes: 1, format: "jpeg", height: 300, renditions: [
            "thumb@1x": RenditionRecord(bytes: 1, file: "a.Thumbnail(40x30).jpg", height: 30, type: "image/jpeg", width: 40),
            "thumb@2x": RenditionRecord(bytes: 1, file: "a.Thumbnail(80x60).jpg", height: 60, type: "image/jpeg", width: 80),
        ], sha256: "", status: .resized, width: 400)],
        slots: ["thumb": SlotRecord(fit: "inside", scales: [1, 2], size: "40x40")])

    static let thumb = #"<img data-image="a.jpg" data-slot="thumb" alt="A" src="a.Thumbnail(40x30).jpg" srcset="a.Thumbnail(40x30).jpg 40w, a.Thumbnail(80x60).jpg 80w" sizes="40px" width="40" height="30" loading="lazy" decoding="async" data-thumbgen="src srcset sizes width height loading decoding">"#

    static func rewrite(_ html: String, page: String = "index.html", web: WebSettings = WebSettings(),
                        index: RenditionIndex = index) -> (html: String, warnings: [HTMLRewriter.Warning]) {
        let links = PageLinks(page: page, indexFolder: "", url: web.url)
        let result = HTMLRewriter.rewrite(Array(html.utf8), index: index, links: links, web: web)
        return (String(decoding: result.html, as: UTF8.self), result.warnings)
    }

    @Test func onlyTheTagsChange() {
        let page = "<!doctype html>\n<HTML><Body class=x>\n<p>caf\u{E9} &amp; <b>tea</p>\n  <IMG data-image='a.jpg' DATA-SLOT=thumb alt=A />\n<!-- <img data-image=a.jpg data-slot=thumb> -->\n<img src=plain.png>\n"
        let (html, warnings) = Self.rewrite(page)
        #expect(html == "<!doctype html>\n<HTML><Body class=x>\n<p>caf\u{E9} &amp; <b>tea</p>\n  \(Self.thumb)\n<!-- <img data-image=a.jpg data-slot=thumb> -->\n<img src=plain.png>\n")
        #expect(warnings.isEmpty)
    }

    @Test func aSecondRunChangesNothing() {
        let page = "<main>\n<img data-image=\"a.jpg\" data-slot=\"thumb\" alt=\"A\">\n<p>after</p>\n</main>"
        let once = Self.rewrite(page).html
        #expect(once == "<main>\n\(Self.thumb)\n<p>after</p>\n</main>")
        #expect(Self.rewrite(once).html == once)
    }

    /// A rewritten page follows the index when it changes: new files, the same author attributes.
    @Test func aRewrittenPageFollowsTheIndex() {
        var index = Self.index
        index.images["a.jpg"]!.renditions["thumb@2x"] = RenditionRecord(bytes: 1, file: "a.Thumbnail(80x61).jpg", height: 61, width: 80)
        #expect(Self.rewrite(Self.thumb, index: index).html == Self.thumb.replacing("a.Thumbnail(80x60).jpg", with: "a.Thumbnail(80x61).jpg"))
    }

    /// An unknown image or slot leaves the tag byte for byte (it used to replace the author's
    /// working src, srcset and width with the original's path), with a warning and its line.
    @Test func unknownImagesAndSlotsLeaveTheTagAsItWas() {
        let page = "<p>\n<img data-image=\"a.jpg\" data-slot=\"thumbs\" alt=\"\">\n\n<img data-image=\"b.jpg\" data-slot=\"thumb\" src=\"b-480.jpg\" srcset=\"b-480.jpg 480w, b-960.jpg 960w\" width=\"480\">\n</p>"
        let (html, warnings) = Self.rewrite(page)
        #expect(warnings == [
            HTMLRewriter.Warning(line: 2, message: "no slot 'thumbs' in the index (did you mean 'thumb'?); the page shows 'a.jpg' as it is"),
            HTMLRewriter.Warning(line: 4, message: "no image 'b.jpg' in the index (did you mean 'a.jpg'?); the page shows it as it is"),
        ])
        // Neither tag changes: the page shows what it showed.
        #expect(html == page)
    }

    /// A tag thumbgen wrote for an image the index no longer has shows the original: its `src`
    /// is a path, never a scheme (`javascript:`), and a key that is no path is left as it was.
    @Test func aMarkedTagOfAnImageGoneShowsTheOriginalByItsPath() {
        let marked = #"<img alt="X" data-image="javascript:alert(1)" src="x.T.jpg" srcset="x.T.jpg 40w" data-thumbgen="src srcset">"#
        let (html, warnings) = Self.rewrite(marked)
        #expect(html == #"<img alt="X" data-image="javascript:alert(1)" src="./javascript:alert(1)" data-thumbgen="src">"#)
        #expect(warnings.map(\.line) == [1])
        #expect(Self.rewrite(marked, page: "guide/index.html").html.contains(#" src="../javascript:alert(1)" "#))
        let notAPath = marked.replacing("javascript:alert(1)", with: "https://example.com/x.jpg")
        #expect(Self.rewrite(notAPath).html == notAPath)
    }

    /// A tag thumbgen wrote in a slot the index no longer has, or no longer has for its image,
    /// shows the original, art direction included (no other slot is guessed); unmarked, it stays.
    @Test func aMarkedTagOfASlotGoneShowsTheOriginal() {
        var cards = Self.index.images["a.jpg"]!
        cards.renditions = Dictionary(uniqueKeysWithValues: cards.renditions.map { ($0.key.replacing("thumb", with: "card"), $0.value) })
        let slotGone = RenditionIndex(generator: "thumbgen 0.2.0", images: ["a.jpg": cards], slots: ["card": Self.index.slots["thumb"]!])
        var imageLeft = slotGone
        imageLeft.slots["thumb"] = Self.index.slots["thumb"]
        imageLeft.images["b.jpg"] = Self.index.images["a.jpg"]
        let original = #"<img data-image="a.jpg" data-slot="thumb" alt="A" src="a.jpg" data-thumbgen="src">"#
        for index in [slotGone, imageLeft] {
            let (html, warnings) = Self.rewrite(Self.thumb, index: index)
            #expect(html == original)
            #expect(warnings.map(\.message) == ["'a.jpg' has no slot 'thumb' in the index any more, so a build removes the renditions thumbgen wrote for it here; the tag shows the original instead (give the image that slot in the manifest again and build, or the tag another data-slot, or remove data-thumbgen to make the tag the page's own)"])
            #expect(Self.rewrite(html, index: index).html == html)
            #expect(Self.rewrite(html).html == Self.thumb)
        }
        let directed = #"data-slot="(max-width: 600px) card, thumb""#
        #expect(Self.rewrite(Self.thumb.replacing(#"data-slot="thumb""#, with: directed), index: slotGone).html == original.replacing(#"data-slot="thumb""#, with: directed))
        let unmarked = #"<img data-image="a.jpg" data-slot="thumb" alt="A" src="mine.jpg">"#
        #expect(Self.rewrite(unmarked, index: slotGone).html == unmarked)
    }

    /// Markdown images come out of every generator as `<img src>`: an original named by its URL
    /// is rewritten with the slot `web.slot` gives; without one it stays, as a note for --strict.
    @Test func anImgSrcThatNamesAnOriginal() {
        let page = "<p><img src=\"a.jpg\" alt=\"A\"></p>\n<img src=\"logo.svg\">"
        let (html, warnings) = Self.rewrite(page, web: WebSettings(slot: "thumb"))
        // The author's attributes in their order (the src replaced), data-image naming the original.
        #expect(html == #"<p><img alt="A" data-image="a.jpg" src="a.Thumbnail(40x30).jpg" srcset="a.Thumbnail(40x30).jpg 40w, a.Thumbnail(80x60).jpg 80w" sizes="40px" width="40" height="30" loading="lazy" decoding="async" data-thumbgen="src srcset sizes width height loading decoding"></p>"# + "\n<img src=\"logo.svg\">")
        #expect(warnings.isEmpty)
        let (left, notes) = Self.rewrite(page)
        #expect(left == page)
        #expect(notes == [HTMLRewriter.Warning(line: 1, message: "<img> shows 'a.jpg' but names no slot; add data-slot=\"…\", or web.slot in the manifest for every such image; it is left as it is", isNote: true)])
    }

    /// Tags a tokenizer sees differently from a regular expression: in a comment, a script, an
    /// attribute value, a textarea, a title, a style.
    @Test func onlyRealTagsAreRewritten() {
        let page = """
            <script>let s = '<img data-image="a.jpg" data-slot="thumb">';</script>
            <textarea><img data-image="a.jpg" data-slot="thumb"></textarea>
            <title><img data-image="a.jpg" data-slot="thumb"></title>
            <style>/* <img data-image="a.jpg" data-slot="thumb"> */</style>
            <div title='<img data-image="a.jpg" data-slot="thumb">'></div>
            <script><!-- <script> </script> <img data-image="a.jpg" data-slot="thumb"> --></script>
            """
        #expect(Self.rewrite(page).html == page)
    }

    @Test func emptyAndTaglessPagesStayAsTheyAre() {
        #expect(Self.rewrite("").html == "")
        #expect(Self.rewrite("just text, no tags\u{0}\u{FF}").html == "just text, no tags\u{0}\u{FF}")
    }
}
