import Renditions
import Testing

@testable import ThumbgenKit

/// A page not in UTF-8 is rewritten in its own encoding (the markup written in ASCII, anything
/// else as character references) or left as it is with a warning, never mixed.
@Suite struct PageEncodingTests {
    static func rewrite(_ bytes: [UInt8]) -> HTMLRewriter.Result {
        HTMLRewriter.rewrite(bytes, index: HTMLRewriterTests.index, links: PageLinks(page: "index.html", indexFolder: "", url: "/"),
                             web: WebSettings())
    }

    static let tag = Array(#"<img data-image="a.jpg" data-slot="thumb" alt="A">"#.utf8)

    @Test func windows1252IsRewrittenInWindows1252() {
        let head = Array("<meta charset=\"iso-8859-1\"><p>caf".utf8) + [0xE9] + Array("</p>\n".utf8)
        let tag = Array(#"<img data-image="a.jpg" data-slot="thumb" alt="caf"#.utf8) + [0xE9, 0x80] + Array(#"">"#.utf8)
        let result = Self.rewrite(head + tag)
        let expected = HTMLRewriterTests.thumb.replacing(#"alt="A""#, with: #"alt="caf&#xE9;&#x20AC;""#)
        #expect(result.html == head + Array(expected.utf8))
        #expect(result.warnings.isEmpty)
    }

    @Test func otherASCIICompatibleEncodingsRewriteASCIITagsOnly() {
        let head = Array("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=Shift_JIS\">\n".utf8)
        let japanese = Array(#"<img data-image="a.jpg" data-slot="thumb" alt=""#.utf8) + [0x93, 0xFA, 0x96, 0x7B] + Array(#"">"#.utf8)
        let result = Self.rewrite(head + Self.tag + Array("\n".utf8) + japanese)
        #expect(result.html == head + Array(HTMLRewriterTests.thumb.utf8) + Array("\n".utf8) + japanese)
        #expect(result.warnings.map(\.line) == [3])
    }

    @Test func pagesThatCannotBeReadAreLeftAlone() {
        let utf16: [UInt8] = [0xFF, 0xFE] + Array("<img data-image=\"a.jpg\">".utf8).flatMap { [$0, 0] as [UInt8] }
        let invalid = Self.tag + [0xE9]
        let declared = Array("<meta charset=utf-8>".utf8) + Self.tag + [0xC3]
        let iso2022 = Array("<meta charset=\"ISO-2022-JP\">".utf8) + Self.tag
        for page in [utf16, invalid, declared, iso2022] {
            let result = Self.rewrite(page)
            #expect(result.html == page)
            #expect(result.warnings.count == 1 && result.warnings[0].line == nil)
        }
        #expect(Self.rewrite(invalid).warnings[0].message == "the page is not valid UTF-8 and names no charset (add <meta charset=\"…\">); it is left as it is rather than mixing encodings")
    }

    @Test func utf8WithAByteOrderMark() {
        let result = Self.rewrite([0xEF, 0xBB, 0xBF] + Self.tag)
        #expect(result.html == [0xEF, 0xBB, 0xBF] + Array(HTMLRewriterTests.thumb.utf8))
    }
}
