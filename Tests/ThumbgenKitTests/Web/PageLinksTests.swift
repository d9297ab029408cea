import Testing

@testable import ThumbgenKit

/// Which original a URL names, seen from a page's place in the built site, and the way back to
/// the index's folder in the author's form, encoded once.
@Suite struct PageLinksTests {
    static func key(_ url: String, page: String = "index.html", folder: String = "", site: String = "/") -> String? {
        PageLinks(page: page, indexFolder: folder, url: site).key(url)?.key
    }

    /// The cases: `../img/Wood Sample.jpg` came out as ../../../img/…, `img/Wood%20Sample.jpg`
    /// as %2520, `/img/a.jpg` as `../..//img/a.jpg`.
    @Test func relativeRootRelativeEncodedOrNot() {
        #expect(Self.key("../img/Wood Sample.jpg", page: "guide/index.html") == "img/Wood Sample.jpg")
        #expect(Self.key("img/Wood%20Sample.jpg") == "img/Wood Sample.jpg")
        #expect(Self.key("../../img/Wood%20Sample.jpg?v=1#top", page: "guide/setup/index.html") == "img/Wood Sample.jpg")
        #expect(Self.key("/img/a.jpg", page: "guide/setup/index.html") == "img/a.jpg")
        #expect(Self.key("./img/./a.jpg") == "img/a.jpg")
        #expect(Self.key("%2e%2e/img/caf%C3%A9.jpg", page: "guide/x.html") == "img/café.jpg")
        #expect(Self.key(" img/a.jpg\n") == "img/a.jpg")
        #expect(Self.key("img\\a.jpg") == "img/a.jpg")
        #expect(Self.key("img/100%.jpg") == "img/100%.jpg")
        #expect(Self.key("img/") == nil)
        #expect(Self.key("") == nil)
        #expect(Self.key("img/%FF.jpg") == nil)
    }

    @Test func underABasePathAndAFullURL() {
        #expect(Self.key("/product/img/a.jpg", site: "/product/") == "img/a.jpg")
        #expect(Self.key("/img/a.jpg", site: "/product/") == nil)
        #expect(Self.key("../img/a.jpg", page: "guide/index.html", site: "/product/") == "img/a.jpg")
        #expect(Self.key("../../img/a.jpg", page: "guide/index.html", site: "/product/") == nil)
        let full = "https://example.com/product/"
        #expect(Self.key("https://EXAMPLE.com:443/product/img/a.jpg", site: full) == "img/a.jpg")
        #expect(Self.key("//example.com/product/img/a.jpg", site: full) == "img/a.jpg")
        #expect(Self.key("/product/img/a.jpg", site: full) == "img/a.jpg")
        #expect(Self.key("https://other.com/product/img/a.jpg", site: full) == nil)
        #expect(Self.key("http://example.com/product/img/a.jpg", site: full) == nil)
        #expect(Self.key("https://example.com/product/img/a.jpg", site: "/product/") == nil)
        #expect(Self.key("data:image/png;base64,AAAA", site: full) == nil)
        #expect(Self.key("https://user@example.com/product/img/a.jpg", site: full) == nil)
    }

    @Test func theIndexFolderIsWhereKeysStart() {
        #expect(Self.key("media/a.jpg", folder: "media") == "a.jpg")
        #expect(Self.key("a.jpg", folder: "media") == nil)
        #expect(Self.key("../media/v1/a.jpg", page: "posts/index.html", folder: "media/v1") == "a.jpg")
    }

    @Test func theWayBackInTheAuthorsForm() {
        let links = PageLinks(page: "guide/setup/index.html", indexFolder: "", url: "/")
        #expect(links.base(.relative) == "../../")
        #expect(links.base(.rootRelative) == "/")
        #expect(PageLinks(page: "index.html", indexFolder: "", url: "/").base(.relative) == "")
        #expect(PageLinks(page: "posts/index.html", indexFolder: "my media", url: "/product/").base(.relative) == "../my%20media/")
        #expect(PageLinks(page: "posts/index.html", indexFolder: "my media", url: "/product/").base(.rootRelative) == "/product/my%20media/")
        #expect(PageLinks(page: "media/page.html", indexFolder: "media", url: "/").base(.relative) == "")
        let full = PageLinks(page: "a/b.html", indexFolder: "", url: "https://example.com/product/")
        #expect(full.key("https://Example.com/product/x.jpg")?.form == .absolute(origin: "https://Example.com"))
        #expect(full.base(.absolute(origin: "https://Example.com")) == "https://Example.com/product/")
        #expect(full.base(full.form("//example.com/product/x.jpg")) == "//example.com/product/")
        #expect(full.form("../x.jpg") == .relative)
    }
}
