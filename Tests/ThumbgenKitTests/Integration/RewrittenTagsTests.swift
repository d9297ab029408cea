import Testing

/// The check the generator sites' pages go through: only image tags may change. It must catch
/// a byte changed elsewhere, a tag lost or added, and an author's `alt` dropped.
@Suite struct RewrittenTagsTests {
    static let before = #"<p>Text</p>\#n<p><img alt="The bay" src="/a.jpg" /></p>\#n<img src="b.jpg">end"#

    @Test func imageTagsRewrittenAsImgOrPictureAreAllThatChanged() {
        let after = #"<p>Text</p>\#n<p><img alt="The bay" src="/a.Thumbnail(640x427).jpg?v=1" srcset="…" data-image="/a.jpg" /></p>\#n"#
            + #"<picture data-thumbgen><source type="image/webp" srcset="b.webp 1w"><img src="b.T.jpg" data-image="b.jpg"></picture>end"#
        #expect(RewrittenTags.difference(before: Self.before, after: after) == nil)
        #expect(RewrittenTags.difference(before: Self.before, after: Self.before) == nil)
    }

    @Test(arguments: [
        #"<p>Text!</p>\#n<p><img alt="The bay" src="/a.jpg" /></p>\#n<img src="b.jpg">end"#,  // a byte outside the tags
        #"<p>Text</p>\#n<p><img alt="The bay" src="/a.jpg" /></p>\#n<img src="b.jpg">end\#n"#,  // a byte at the end
        #"<p>Text</p>\#n<p></p>\#n<img src="b.jpg">end"#,  // a tag gone
        #"<p>Text</p>\#n<p><img src="/a.T.jpg" /></p>\#n<img src="b.jpg">end"#,  // its alt gone
        #"<p>Text</p>\#n<p><img alt="The bay" src="/a.jpg" /></p>\#n<picture data-thumbgen><img src="b.jpg">end"#,  // unclosed
    ])
    func anythingElseIsADifference(after: String) {
        #expect(RewrittenTags.difference(before: Self.before, after: after) != nil)
    }
}
