import Renditions
import Testing

@testable import ThumbgenKit

/// What the markup of one tag holds, each rule on its own (Clients/cases.json holds the whole
/// markup of both clients to each other): a `<picture>` only when needed, the author's attributes
/// as written, `sizes="…"`, versioned URLs, the placeholder as a content-box layer.
@Suite struct TagMarkupTests {
    /// `a.jpg` (400×300) in `thumb` (40×40 at 1× and 2×), JPEG only; `b.jpg` with WebP too.
    static func index(webp: Bool = false, recipe: String? = "89abcdef01234567", placeholder: Bool = true) -> RenditionIndex {
        func entry(_ width: Int, _ height: Int) -> RenditionRecord {
            RenditionRecord(bytes: 1, file: "a.Thumbnail(\(width)x\(height)).jpg", height: height,
                            sources: webp ? [SourceRecord(bytes: 1, file: "a.Thumbnail(\(width)x\(height)).webp", type: "image/webp")] : nil,
                            type: "image/jpeg", width: width)
        }
        let record = ImageRecord(bytes: 1, format: "jpeg", height: 300,
                                 placeholder: placeholder ? PlaceholderRecord(color: "#6f8fa8", thumbhash: "1QcSHQRnh493V4dIh4eXh1h4kJUI") : nil,
                                 recipe: recipe, renditions: ["thumb@1x": entry(40, 30), "thumb@2x": entry(80, 60)],
                                 sha256: "fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210", status: .resized, width: 400)
        return RenditionIndex(generator: "thumbgen", images: ["a.jpg": record], output: OutputRecord(formats: webp ? ["webp"] : [], settings: [:]),
                              slots: ["thumb": SlotRecord(fit: "inside", scales: [1, 2], size: "40x40")])
    }

    static func html(_ attributes: [TagMarkup.Attribute] = [("alt", "A")], index: RenditionIndex = index(), slot: String = "thumb",
                     element: String = "img", web: WebSettings = WebSettings(versioned: false)) -> String {
        TagMarkup.make(index: index, image: "a.jpg", slot: slot, element: element, attributes: attributes, base: "", web: web).html ?? "(none)"
    }

    static let layer = "background-image:linear-gradient(#6f8fa8,#6f8fa8);background-origin:content-box;background-repeat:no-repeat"

    @Test func anImgAloneWhenThereIsNoModernSource() {
        #expect(Self.html() == #"<img alt="A" data-image="a.jpg" src="a.Thumbnail(40x30).jpg" srcset="a.Thumbnail(40x30).jpg 40w, a.Thumbnail(80x60).jpg 80w" sizes="40px" width="40" height="30" loading="lazy" decoding="async" style="\#(Self.layer)" data-thumbhash="1QcSHQRnh493V4dIh4eXh1h4kJUI" data-thumbgen="src srcset sizes width height loading decoding style data-thumbhash">"#)
        let picture = Self.html(index: Self.index(webp: true))
        #expect(picture.hasPrefix(#"<picture data-thumbgen><source type="image/webp" srcset="a.Thumbnail(40x30).webp 40w, a.Thumbnail(80x60).webp 80w" sizes="40px"><img "#))
        #expect(picture.hasSuffix("></picture>"))
    }

    @Test func theAuthorsAttributesStayAsWritten() {
        let html = Self.html([("class", "g"), ("loading", "EAGER"), ("decoding", "sync"), ("fetchpriority", "low"), ("sizes", "50vw"), ("width", "20"), ("style", "border:0")])
        #expect(html.hasPrefix(#"<img class="g" loading="EAGER" decoding="sync" fetchpriority="low" sizes="50vw" width="20" style="border:0;\#(Self.layer)" data-image="a.jpg" src="a.Thumbnail(40x30).jpg" srcset="a.Thumbnail(40x30).jpg 40w, a.Thumbnail(80x60).jpg 80w" height="15" data-thumbhash"#))
        // Eager in any case: no lazy, no auto.
        #expect(!html.contains("lazy") && !html.contains("auto"))
        #expect(html.hasSuffix(#"data-thumbgen="src srcset height style data-thumbhash">"#))
    }

    /// An author style that begins as today's placeholder did is the author's, kept whole.
    @Test func anAuthorStyleLikeAPlaceholderIsTheAuthors() {
        let html = Self.html([("style", "background-color:#ffffff;color:red")])
        #expect(html.contains(#"style="background-color:#ffffff;color:red;\#(Self.layer)""#))
        let again = Self.html(MarkupClientCasesTests.lastTagAttributes(html)!)
        #expect(again == html)
    }

    /// Lazy or eager, the computed sizes alone: `auto, ` before it made Chromium fetch the next
    /// file up in the generator sites' themes.
    @Test func lazyAndEagerImagesGetTheComputedSizes() {
        for loading in [nil, "Lazy", "eager"] {
            let html = Self.html(loading.map { [("loading", $0)] } ?? [])
            #expect(html.contains(#"sizes="40px""#) && !html.contains("auto"), "\(loading ?? "no loading")")
        }
    }

    @Test func versionedURLsCarryTheRecipe() {
        let versioned = Self.html(web: WebSettings())
        #expect(versioned.contains(#"src="a.Thumbnail(40x30).jpg?v=89abcdef" srcset="a.Thumbnail(40x30).jpg?v=89abcdef 40w, a.Thumbnail(80x60).jpg?v=89abcdef 80w""#))
        // No recipe (a failure that is no verdict): the original's bytes version the URL.
        #expect(Self.html(index: Self.index(recipe: nil), web: WebSettings()).contains(#"src="a.Thumbnail(40x30).jpg?v=fedcba98""#))
        #expect(!Self.html().contains("?v="))
    }

    @Test func thePlaceholderSettings() {
        #expect(!Self.html(web: WebSettings(versioned: false, placeholder: .data)).contains("style="))
        #expect(Self.html(web: WebSettings(versioned: false, placeholder: .data)).contains("data-thumbhash="))
        let none = Self.html(web: WebSettings(versioned: false, placeholder: .none))
        #expect(!none.contains("style=") && !none.contains("data-thumbhash"))
        // Never a background-color: the theme's own stays, and the layer ends at the content box.
        #expect(!Self.html().contains("background-color"))
    }

    @Test func artDirectionGivesASourcePerCondition() throws {
        var index = Self.index()
        index.slots["wide"] = SlotRecord(fit: "inside", scales: [1], size: "80x80")
        index.images["a.jpg"]!.renditions["wide@1x"] = RenditionRecord(bytes: 1, file: "a.Thumbnail(80x60).jpg", height: 60, type: "image/jpeg", width: 80)
        let html = Self.html([], index: index, slot: "(min-width: 800px) wide, thumb")
        #expect(html.hasPrefix(#"<picture data-thumbgen><source media="(min-width: 800px)" srcset="a.Thumbnail(80x60).jpg 80w" sizes="80px" width="80" height="60"><img data-image="a.jpg" src="a.Thumbnail(40x30).jpg""#))
        let unknown = TagMarkup.make(index: index, image: "a.jpg", slot: "(min-width: 800px) wid, thumb", element: "img", attributes: [], base: "", web: WebSettings())
        #expect(unknown.html == nil && unknown.warning == "no slot 'wid' in the index (did you mean 'wide'?); the page shows 'a.jpg' as it is")
    }

    @Test func backgroundsGetURLThenImageSet() {
        let html = Self.html([("class", "hero"), ("style", "height:50vh")], index: Self.index(webp: true), element: "div")
        #expect(html == #"<div class="hero" style="height:50vh;background-image:url('a.Thumbnail(40x30).jpg');background-image:image-set(url('a.Thumbnail(40x30).webp') type('image/webp') 1x, url('a.Thumbnail(80x60).webp') type('image/webp') 2x, url('a.Thumbnail(40x30).jpg') 1x, url('a.Thumbnail(80x60).jpg') 2x)" data-image="a.jpg" data-thumbgen="style">"#)
        #expect(Self.html(MarkupClientCasesTests.lastTagAttributes(html)!, index: Self.index(webp: true), element: "div") == html)
    }

    /// Values of a page and of the manifest go into attributes escaped: nothing can end one.
    @Test func everyValueIsEscaped() {
        var index = Self.index()
        index.slots["thumb"]!.sizes = #"40px" onerror="alert(1)"#
        let html = Self.html([("alt", #"x"><script>alert(1)</script>"#)], index: index)
        #expect(html.hasPrefix(#"<img alt="x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" data-image="a.jpg""#))
        #expect(html.contains(#"sizes="40px&quot; onerror=&quot;alert(1)""#))
        #expect(html.filter { $0 == "<" }.count == 1 && html.filter { $0 == ">" }.count == 1)
    }
}

/// An index is untrusted: a value no build writes makes the image unknown to the page (the tag
/// stays, with a warning), and never a crash (a width of 2^63-1 and a scale of 0 stopped the
/// process with SIGILL).
@Suite struct UntrustedIndexMarkupTests {
    /// The index of `TagMarkupTests` with one value no build writes.
    static func index(with value: String) -> RenditionIndex {
        var index = TagMarkupTests.index(webp: true)
        func change(_ body: (inout RenditionRecord) -> Void) { body(&index.images["a.jpg"]!.renditions["thumb@1x"]!) }
        switch value {
        case "a width of 2^63-1": index.images["a.jpg"]!.renditions["thumb@2x"]!.width = Int.max
        case "a scale of 0":
            index.slots["thumb"]!.scales = [0]
            index.images["a.jpg"]!.renditions["thumb@0x"] = index.images["a.jpg"]!.renditions["thumb@1x"]
        case "a scale of infinity": index.slots["thumb"]!.scales = [.infinity, 1]
        case "a type that adds an attribute": change { $0.sources![0].type = #"image/webp" onerror="alert(1)"# }
        case "a colour that is CSS": index.images["a.jpg"]!.placeholder!.color = "red;background:url(//x)"
        case "a file above the folder": change { $0.file = "../secret.jpg" }
        case "an absolute file": change { $0.file = "/etc/passwd" }
        case "a backslash": change { $0.file = #"..\secret.jpg"# }
        case "a control character": change { $0.sources![0].file = "a\u{1B}]8;;x\u{07}.webp" }
        case "a zero height": change { $0.height = 0 }
        case "a recipe that is markup": index.images["a.jpg"]!.recipe = #""><b>"#
        default: break
        }
        return index
    }

    @Test(arguments: ["a width of 2^63-1", "a scale of 0", "a scale of infinity", "a type that adds an attribute", "a colour that is CSS",
                      "a file above the folder", "an absolute file", "a backslash", "a control character", "a zero height", "a recipe that is markup"])
    func nothingOfTheImageIsWritten(_ value: String) {
        let result = TagMarkup.make(index: Self.index(with: value), image: "a.jpg", slot: "thumb", element: "img", attributes: [], base: "", web: WebSettings())
        #expect(result.html == nil, "\(value)")
        #expect(result.warning?.hasPrefix("the index's record of 'a.jpg' may not go into a page: ") == true, "\(value): \(result.warning ?? "")")
        #expect(result.warning?.hasSuffix("; the page shows 'a.jpg' as it is (build again to mend the index)") == true, "\(value)")
        // With the tag's own attributes, as the pages side passes them.
        let tag = TagMarkup.make(index: Self.index(with: value), image: "a.jpg", slot: "thumb", element: "img",
                                 attributes: [("data-image", "a.jpg"), ("data-slot", "thumb")], base: "", web: WebSettings())
        #expect(tag.html == nil && tag.warning == result.warning, "\(value)")
    }

    @Test func theSameIndexUnharmedIsWritten() {
        let result = TagMarkup.make(index: Self.index(with: "nothing"), image: "a.jpg", slot: "thumb", element: "img", attributes: [], base: "", web: WebSettings())
        #expect(result.html != nil && result.warning == nil)
    }
}
