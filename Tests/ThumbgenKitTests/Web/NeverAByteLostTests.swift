import Renditions
import Testing

@testable import ThumbgenKit

/// Only the tags thumbgen rewrites change: a `<picture data-thumbgen>` is replaced only when it
/// holds exactly what thumbgen writes; anything else, and every byte around it, stays. Any page
/// parses without a crash; past a bound the page stays as it is, with a warning.
@Suite struct NeverAByteLostTests {
    static func rewrite(_ html: String) -> (html: String, warnings: [HTMLRewriter.Warning]) {
        HTMLRewriterTests.rewrite(html)
    }

    static let img = #"<img data-image="a.jpg" data-slot="thumb" alt="A">"#

    /// An unclosed `<picture data-thumbgen>` used to swallow everything up to the next
    /// `</picture>` gumbo paired with it: a `</div>`, a `<p>`, the next picture's `<img>`.
    @Test func anUnclosedPictureSwallowsNothing() {
        let page = "<div><picture data-thumbgen>\(Self.img)</div>\n<p>between</p>\n\(HTMLRewriterTests.thumb)\n<p>after</p>"
        let (html, warnings) = Self.rewrite(page)
        #expect(html == page)
        #expect(warnings.map(\.line) == [1])
        #expect(warnings.first?.message.hasPrefix("a <picture data-thumbgen> that holds a </div>: thumbgen replaces only what it wrote") == true)

        let atTheEnd = "<p>x</p>\n<picture data-thumbgen>\(Self.img)\n<p>the rest</p>"
        #expect(Self.rewrite(atTheEnd).html == atTheEnd)
    }

    /// The author's children (a `<source media>`, a `<figcaption>`, a comment) and an author's
    /// own `<img src>` inside used to be dropped or emptied.
    @Test func aPictureWithTheAuthorsChildrenStays() {
        let pages = [
            "<picture data-thumbgen><source media=\"(max-width: 600px)\" srcset=\"tall.jpg\" data-x=1>\(Self.img)</picture>",
            "<figure><picture data-thumbgen>\(Self.img)<figcaption>Caption</figcaption></picture></figure>",
            "<picture data-thumbgen><!-- mine -->\(Self.img)</picture>",
            "<picture data-thumbgen><img src=\"mine.jpg\" alt=\"mine\"></picture>",
            "<picture data-thumbgen>\(Self.img)\(Self.img)</picture>",
            "<picture data-thumbgen>text\(Self.img)</picture>",
        ]
        for page in pages {
            let (html, warnings) = Self.rewrite(page)
            #expect(html == page)
            #expect(warnings.count == 1, "\(page)")
        }
    }

    /// What thumbgen writes is replaced whole: the index no longer has the AVIF, so the new
    /// markup is the `<img>` alone.
    @Test func thumbgensOwnPictureIsReplacedWhole() {
        let own = "<picture data-thumbgen><source type=\"image/avif\" srcset=\"a.avif 40w\" sizes=\"40px\">\(HTMLRewriterTests.thumb)</picture>"
        #expect(Self.rewrite("<p>\(own)</p>").html == "<p>\(HTMLRewriterTests.thumb)</p>")
    }

    /// The rule of which picture is thumbgen's is one (`ThumbgenMark.OwnPicture`, the one
    /// Clients/cases.json holds renditions.js to): a class on the picture used to be dropped
    /// with it; white space, which thumbgen never writes, and an `<img>` without the mark make
    /// it the author's too.
    @Test func aPictureThumbgenDidNotWriteExactlyStays() {
        let source = "<source type=\"image/avif\" srcset=\"a.avif 40w\" sizes=\"40px\">"
        let pages = [
            (#"<picture data-thumbgen class="wide">"# + source + HTMLRewriterTests.thumb + "</picture>", "with attributes of its own (or a value on data-thumbgen)"),
            (#"<picture data-thumbgen="x">"# + HTMLRewriterTests.thumb + "</picture>", "with attributes of its own (or a value on data-thumbgen)"),
            ("<picture data-thumbgen>\n  \(source)\n  \(HTMLRewriterTests.thumb)\n</picture>", "that holds text (white space included)"),
            ("<picture data-thumbgen>\(source)\(Self.img)</picture>", "whose <img> has no data-thumbgen"),
            ("<picture data-thumbgen><source type=\"image/avif\">\(HTMLRewriterTests.thumb)</picture>", "whose <source> has attributes thumbgen does not write, or no srcset"),
            ("<picture data-thumbgen>\(HTMLRewriterTests.thumb)<source srcset=\"a.avif\"></picture>", "that holds a <source> after its <img>"),
        ]
        for (page, why) in pages {
            let (html, warnings) = Self.rewrite(page)
            #expect(html == page)
            #expect(warnings.map(\.message) == ["a <picture data-thumbgen> \(why): thumbgen replaces only what it wrote, so it and what it holds stay as they are (remove data-thumbgen to make it the page's own, or put back a plain <img>)"], "\(page)")
        }
    }

    /// An `<img>` inside the author's own `<picture>` is their art direction: it stays.
    @Test func anAuthorsPictureIsTheirs() {
        let page = "<picture><source srcset=\"a.webp\" type=\"image/webp\">\(Self.img)</picture>\n\(Self.img)"
        #expect(Self.rewrite(page).html == "<picture><source srcset=\"a.webp\" type=\"image/webp\">\(Self.img)</picture>\n\(HTMLRewriterTests.thumb)")
    }

    /// 400,000 nested `<span>` crashed gumbo's recursive free (SIGSEGV).
    @Test func deepNestingIsAWarningNotACrash() {
        let depth = 400_000
        let page = String(repeating: "<span>", count: depth) + Self.img + String(repeating: "</span>", count: depth)
        let (html, warnings) = Self.rewrite(page)
        #expect(html == page)
        #expect(warnings == [HTMLRewriter.Warning(line: nil, message: "the page nests more than 100000 elements (line 1); it is left as it is")])

        let shallower = String(repeating: "<div>", count: 50_000) + Self.img + String(repeating: "</div>", count: 50_000)
        #expect(Self.rewrite(shallower).html.contains(HTMLRewriterTests.thumb))
    }

    /// Huge attributes and megabytes of text cost time in proportion, nothing more.
    @Test func hugeAttributesAndText() {
        let text = String(repeating: "lorem ipsum <b>dolor</b> sit amet &amp; ", count: 100_000)
        let long = String(repeating: "x", count: 4 << 20)
        let page = "<p title=\"\(long)\">\(text)</p>\n<img data-image=\"a.jpg\" data-slot=\"thumb\" alt=\"A\">\n<img src=x \((0..<900).map { "a\($0) " }.joined())>"
        let (html, warnings) = Self.rewrite(page)
        #expect(html == page.replacing(Self.img, with: HTMLRewriterTests.thumb))
        #expect(warnings.isEmpty)
        let many = "<img data-image=a.jpg data-slot=thumb \(String(repeating: "a ", count: 1_001))>"
        #expect(Self.rewrite(many).html == many)
        #expect(Self.rewrite(many).warnings.map(\.message) == ["<img> has more than 1000 attributes; it is left as it is"])
    }

    /// A tag cut off by the end of the page is no tag in a browser: it stays.
    @Test func aTagCutOffByTheEndStays() {
        for page in ["<p>x</p><img data-image=\"a.jpg\" data-slot=\"thumb\"", "<img data-image=\"a.jpg\" data-slot=\"thumb", "<!-- \(Self.img)"] {
            #expect(Self.rewrite(page).html == page)
        }
    }
}
