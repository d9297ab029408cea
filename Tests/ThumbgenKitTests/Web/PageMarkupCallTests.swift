import Renditions
import Testing

@testable import ThumbgenKit

/// What the page side hands the markup side for each tag (`PageMarkup.Maker`): the index key
/// decoded from the author's URL, the raw slot, the element, the author's attributes, the way
/// to the index's folder in the author's form; and what it does with the answer.
@Suite struct PageMarkupCallTests {
    struct Call: Equatable {
        var image, slot, element: String
        var attributes: [String]
        var base: String
    }

    final class Recorder: @unchecked Sendable {
        var calls: [Call] = []
        var answer = TagMarkup.Result(html: "<X>", warning: nil)
    }

    static func run(_ html: String, page: String = "guide/index.html", web: WebSettings = WebSettings(url: "/product/", slot: "thumb"))
        -> (html: String, calls: [Call], warnings: [HTMLRewriter.Warning], recorder: Recorder) {
        let recorder = Recorder()
        let result = HTMLRewriter.rewrite(Array(html.utf8), index: HTMLRewriterTests.index,
                                          links: PageLinks(page: page, indexFolder: "", url: web.url), web: web) { _, image, slot, element, attributes, base, _ in
            recorder.calls.append(Call(image: image, slot: slot, element: element, attributes: attributes.map { "\($0.name)=\($0.value)" }, base: base))
            return recorder.answer
        }
        return (String(decoding: result.html, as: UTF8.self), recorder.calls, result.warnings, recorder)
    }

    @Test func eachFormOfURLAndItsBase() {
        let page = """
            <img src="../a.jpg" alt="A &amp; B"><img SRC="/product/%61.jpg?x#y"><img src="https://example.com/product/a.jpg">
            <img data-image="a.jpg" data-slot="(max-width: 600px) tall, thumb" src="../a.Thumbnail(40x30).jpg">
            <div class=hero data-image="/product/a.jpg" data-slot=thumb style="color:red">text</div>
            """
        let (html, calls, warnings, _) = Self.run(page, web: WebSettings(url: "https://example.com/product/", slot: "thumb"))
        #expect(warnings.isEmpty)
        #expect(html == "<X><X><X>\n<X>\n<X>text</div>")
        #expect(calls == [
            Call(image: "a.jpg", slot: "thumb", element: "img", attributes: ["src=../a.jpg", "alt=A & B"], base: "../"),
            Call(image: "a.jpg", slot: "thumb", element: "img", attributes: ["src=/product/%61.jpg?x#y"], base: "/product/"),
            Call(image: "a.jpg", slot: "thumb", element: "img", attributes: ["src=https://example.com/product/a.jpg"], base: "https://example.com/product/"),
            Call(image: "a.jpg", slot: "(max-width: 600px) tall, thumb", element: "img",
                 attributes: ["data-image=a.jpg", "data-slot=(max-width: 600px) tall, thumb", "src=../a.Thumbnail(40x30).jpg"], base: "../"),
            Call(image: "a.jpg", slot: "thumb", element: "div", attributes: ["class=hero", "data-image=/product/a.jpg", "data-slot=thumb", "style=color:red"], base: "/product/"),
        ])
    }

    /// A nil answer leaves the tag byte for byte; its warning gets the tag's line.
    @Test func aNilAnswerLeavesTheTag() {
        let page = "<p>\n<img src=\"../a.jpg\"  ALT=x >\n"
        let recorder = Recorder()
        recorder.answer = TagMarkup.Result(html: nil, warning: "no")
        let result = HTMLRewriter.rewrite(Array(page.utf8), index: HTMLRewriterTests.index,
                                          links: PageLinks(page: "guide/index.html", indexFolder: "", url: "/"), web: WebSettings(slot: "thumb")) { _, _, _, _, _, _, _ in
            recorder.answer
        }
        #expect(result.html == Array(page.utf8))
        #expect(result.tags == 0)
        #expect(result.warnings == [HTMLRewriter.Warning(line: 2, message: "no")])
    }

    /// Not the markup side's to see: images of other sites, other files, elements without both
    /// data attributes.
    @Test func whatIsNeverAsked() {
        let page = "<img src=\"b.jpg\"><img src=\"https://cdn.example.org/a.jpg\"><img src=\"../../../a.jpg\"><div data-image=\"a.jpg\"></div><source data-image=a.jpg data-slot=thumb>"
        #expect(Self.run(page).calls.isEmpty)
    }
}
