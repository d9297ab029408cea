import Foundation
import Testing

@testable import Renditions

/// Paths are split and compared by bytes, as the file system and renditions.js read them. Swift's
/// characters would join a `/` with a combining mark after it, and its string comparison calls
/// `é` (one scalar) and `e` with a combining accent the same name, where the file system sees two.
@Suite struct PathBytesTests {
    static let accent = "\u{301}"
    static let composed = "caf\u{E9}", decomposed = "cafe\u{301}"

    @Test func aSlashBeforeACombiningMarkStillSeparates() {
        let image = "photos/" + Self.accent + "a.jpg"
        #expect(IndexSlice.folder(of: image) == "photos")
        #expect(IndexSlice.file(for: image) == "photos/renditions.json")
        #expect(RenditionIndex.path(image, layout: .flattened).utf8.elementsEqual((Self.accent + "a.jpg").utf8))
        #expect(PathBytes.parts("a/" + Self.accent + "b/c") == ["a", Self.accent + "b", "c"])
        let url = RenditionIndex.url(image, in: URL(fileURLWithPath: "/site"))
        #expect(url?.deletingLastPathComponent().path == "/site/photos")
    }

    /// `./` before a combining mark is a `.` part all the same: refused.
    @Test func aDotPartBeforeACombiningMarkIsRefused() {
        #expect(RenditionIndex.url("photos/./" + Self.accent + "a.jpg", in: URL(fileURLWithPath: "/site")) == nil)
    }

    /// A slice of the folder `café` (composed) gives an image of `café` (decomposed, another
    /// folder on disk) by climbing out and in again, not as if it lay in the slice's folder.
    @Test func namesThatDifferInTheirBytesAreDifferentFolders() {
        #expect(Self.composed == Self.decomposed)  // as Swift compares them
        #expect(!PathBytes.same(Self.composed, Self.decomposed))
        let path = IndexSlice.path("photos/" + Self.decomposed + "/a.jpg", from: "photos/" + Self.composed)
        #expect(path.utf8.elementsEqual(("../" + Self.decomposed + "/a.jpg").utf8))
        let back = IndexSlice.path(path, in: "photos/" + Self.composed)
        #expect(back.utf8.elementsEqual(("photos/" + Self.decomposed + "/a.jpg").utf8))
    }
}
