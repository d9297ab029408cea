import Renditions
import Testing

@testable import ThumbgenKit

/// Rewriting one page: only the tags change, byte for byte; a second run changes nothing; what
/// the index lacks is a warning with its line.
@Suite struct HTMLRewriterTests {
    static let index = RenditionIndex(
        generator: "thumbgen 0.2.0",
        images: ["a.jpg": ImageRecord(bytes: 1, format: "jpeg", height: 300, renditions: [
            "thumb@1x": RenditionRecord(bytes: 1, file: "a.Thumbnail(40x30).jpg", height: 30, type: "image/jpeg", width: 40),
            "thumb@2x": RenditionRecord(bytes: 1, file: "a.Thumbnail(80x60).jpg", height: 60, type: "image/jpeg", width: 80),
        ], sha256: "", status: .resized, width: 400)],
        slots: ["thumb": SlotRecord(fit: "inside", scales: [1, 2], size: "40x40")])

    static let thumb = #"<img data-image="a.jpg" data-slot="thumb" alt="A" src="a.Thumbnail(40x30).jpg" srcset="a.Thumbnail(40x30).jpg 40w, a.Thumbnail(80x60).jpg 80w" sizes="auto, 40px" width="40" height="30" loading="lazy" decoding="async" data-thumbgen="src srcset sizes width height loading decoding">"#

    static func rewrite(_ html: String, base: String = "") -> (html: String, warnings: [HTMLRewriter.Warning]) {
        let result = HTMLRewriter.rewrite(Array(html.utf8), index: index, base: base)
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
        let again = String(decoding: HTMLRewriter.rewrite(Array(Self.thumb.utf8), index: index, base: "").html, as: UTF8.self)
        #expect(again == Self.thumb.replacing("a.Thumbnail(80x60).jpg", with: "a.Thumbnail(80x61).jpg"))
    }

    @Test func unknownImagesAndSlotsAreWarningsWithTheirLine() {
        let page = "<p>\n<img data-image=\"a.jpg\" data-slot=\"thumbs\" alt=\"\">\n\n<img data-image=\"b.jpg\" data-slot=\"thumb\">\n</p>"
        let (html, warnings) = Self.rewrite(page)
        #expect(warnings == [
            HTMLRewriter.Warning(line: 2, message: "no slot 'thumbs' in the index (did you mean 'thumb'?); the page shows 'a.jpg' as it is"),
            HTMLRewriter.Warning(line: 4, message: "no image 'b.jpg' in the index (did you mean 'a.jpg'?); the page shows it as it is"),
        ])
        // Neither tag changes: the page shows what it showed.
        #expect(html == page)
    }

    /// Tags a parser sees differently from a regular expression: in a comment, a script, an
    /// attribute value, a textarea; and a <picture data-thumbgen> a person left unclosed.
    @Test func onlyRealTagsAreRewritten() {
        let page = """
            <script>let s = '<img data-image="a.jpg" data-slot="thumb">';</script>
            <textarea><img data-image="a.jpg" data-slot="thumb"></textarea>
            <div title='<img data-image="a.jpg" data-slot="thumb">'></div>
            <picture data-thumbgen><img data-image="a.jpg" data-slot="thumb">
            """
        #expect(Self.rewrite(page).html == page)
    }

    @Test func linksLeadFromThePageToTheIndexFolder() {
        #expect(Self.rewrite("<img data-image=a.jpg data-slot=thumb alt=A>", base: "../").html
            == Self.thumb.replacing("a.Thumbnail(", with: "../a.Thumbnail("))
        #expect(HTMLRewriter.base(fromPage: "index.html", toIndexFolder: "") == "")
        #expect(HTMLRewriter.base(fromPage: "posts/hello/index.html", toIndexFolder: "") == "../../")
        #expect(HTMLRewriter.base(fromPage: "posts/index.html", toIndexFolder: "media/v1") == "../media/v1/")
        #expect(HTMLRewriter.base(fromPage: "media/page.html", toIndexFolder: "media") == "")
    }

    @Test func emptyAndTaglessPagesStayAsTheyAre() {
        #expect(Self.rewrite("").html == "")
        #expect(Self.rewrite("just text, no tags\u{0}\u{FF}").html == "just text, no tags\u{0}\u{FF}")
    }
}
