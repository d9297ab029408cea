import Foundation
import Renditions
import RenditionsBundle
import Testing

/// A path the index gives as a URL in a folder or a `Bundle` (this test bundle's Resources: an
/// `images/` folder kept, and a file at the top as an Xcode group leaves it), folders kept or
/// flattened.
@Suite struct RenditionLocationTests {
    static let folder = URL(fileURLWithPath: "/srv/app/media")

    @Test(arguments: [
        ("images/a.Thumbnail(96x72).jpg", FolderLayout.kept, "/srv/app/media/images/a.Thumbnail(96x72).jpg"),
        ("images/a.Thumbnail(96x72).jpg", .flattened, "/srv/app/media/a.Thumbnail(96x72).jpg"),
        ("my photos/é 1.jpg", .kept, "/srv/app/media/my photos/é 1.jpg"),
        ("../photos/a.jpg", .kept, "/srv/app/media/../photos/a.jpg"),  // an index in a folder of its own
    ])
    func inAFolder(_ file: String, _ layout: FolderLayout, _ expected: String) throws {
        #expect(try #require(RenditionIndex.url(file, in: Self.folder, layout: layout)).path == expected)
    }

    @Test func pathsAnIndexMustNotHold() {
        #expect(RenditionIndex.url("/etc/passwd", in: Self.folder) == nil)
        #expect(RenditionIndex.url("a//b.jpg", in: Self.folder) == nil)
        #expect(RenditionIndex.url("", in: Self.folder) == nil)
    }

    @Test func inABundleWithItsFoldersKept() throws {
        let url = try #require(Bundle.module.renditionURL("images/a.Thumbnail(96x72).jpg", layout: .kept, subdirectory: "Resources"))
        #expect(url.path.hasSuffix("/Resources/images/a.Thumbnail(96x72).jpg"))
        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(Bundle.module.renditionURL("images/missing.jpg", layout: .kept, subdirectory: "Resources") == nil)
        #expect(Bundle.module.renditionURL("../Resources/images/a.Thumbnail(96x72).jpg", layout: .kept) == nil)
        // A path no build writes is refused, as `RenditionIndex.url` refuses it, though the
        // bundle would find the file: an empty or `.` part, or `..` behind a combining mark.
        for file in ["images/./a.Thumbnail(96x72).jpg", "images//a.Thumbnail(96x72).jpg", "images/../\u{301}images/a.Thumbnail(96x72).jpg"] {
            #expect(Bundle.module.renditionURL(file, layout: .kept, subdirectory: "Resources") == nil, "\(file)")
        }
    }

    /// An Xcode group copies `photos/b.Thumbnail(60x60).jpg` to the bundle's top level.
    @Test func inABundleThatFlattenedThem() throws {
        let url = try #require(Bundle.module.renditionURL("photos/b.Thumbnail(60x60).jpg", layout: .flattened, subdirectory: "Resources"))
        #expect(url.path.hasSuffix("/Resources/b.Thumbnail(60x60).jpg"))
        #expect(Bundle.module.renditionURL("photos/b.Thumbnail(60x60).jpg", layout: .kept, subdirectory: "Resources") == nil)
    }

    @Test func aResolvedImageInABundle() throws {
        let index = RenditionIndex(generator: "thumbgen", images: ["images/a.jpg": ImageRecord(
            bytes: 1, format: "jpeg", height: 3000, renditions: [
                "thumb@1x": RenditionRecord(bytes: 1, file: "images/a.Thumbnail(96x72).jpg", height: 72, type: "image/jpeg", width: 96),
            ], sha256: "", status: .resized, width: 4000)],
            slots: ["thumb": SlotRecord(fit: "inside", scales: [1], size: "96x96")])
        let shown = index.resolve(image: "images/a.jpg", slot: "thumb", screenScale: 2)
        #expect(Bundle.module.url(for: shown, layout: .kept, subdirectory: "Resources") != nil)
        #expect(shown.url(in: Self.folder)?.path == "/srv/app/media/images/a.Thumbnail(96x72).jpg")
        // An image the index does not know is usually not in the bundle either: the app can tell.
        let unknown = index.resolve(image: "images/new.jpg", slot: "thumb", screenScale: 2)
        #expect(!unknown.isKnown && Bundle.module.url(for: unknown, layout: .kept, subdirectory: "Resources") == nil)
    }
}
