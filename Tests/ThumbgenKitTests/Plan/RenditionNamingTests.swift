import ImageCodecs
import Raster
import Testing
@testable import ThumbgenKit

/// `<name>.Thumbnail(<W>x<H>).<ext>` beside the original, W×H the rendition's own pixels; the
/// extension is the original's own when it names the fallback's format, else the format's.
struct RenditionNamingTests {
    @Test(arguments: [
        ("photos/beach.jpg", OutputFormat.jpeg, 180, 135, "photos/beach.Thumbnail(180x135).jpg"),
        ("beach.jpg", .jpeg, 1, 1, "beach.Thumbnail(1x1).jpg"),
        ("Beach.JPG", .jpeg, 1, 1, "Beach.Thumbnail(1x1).JPG"),
        ("garden.jpeg", .jpeg, 4, 3, "garden.Thumbnail(4x3).jpeg"),
        ("a/b/c/photo.PNG", .png, 640, 480, "a/b/c/photo.Thumbnail(640x480).PNG"),
        ("misnamed.png", .jpeg, 8, 6, "misnamed.Thumbnail(8x6).jpg"),
        ("IMG_4821.HEIC", .jpeg, 8, 6, "IMG_4821.Thumbnail(8x6).jpg"),
        ("spinner.gif", .png, 8, 6, "spinner.Thumbnail(8x6).png"),
        ("README", .jpeg, 10, 20, "README.Thumbnail(10x20).jpg"),
        ("photos/scan", .png, 10, 20, "photos/scan.Thumbnail(10x20).png"),
        (".hidden", .jpeg, 10, 20, ".hidden.Thumbnail(10x20).jpg"),
        ("photos/.hidden", .jpeg, 10, 20, "photos/.hidden.Thumbnail(10x20).jpg"),
        (".hidden.jpg", .jpeg, 10, 20, ".hidden.Thumbnail(10x20).jpg"),
        ("archive.tar.gz", .png, 10, 20, "archive.tar.Thumbnail(10x20).png"),
        ("a.b.c.png", .png, 10, 20, "a.b.c.Thumbnail(10x20).png"),
        ("photos.d/beach", .jpeg, 10, 20, "photos.d/beach.Thumbnail(10x20).jpg"),
        ("photos.d/beach.jpg", .jpeg, 10, 20, "photos.d/beach.Thumbnail(10x20).jpg"),
        ("my photos/a b, c#1.jpeg", .jpeg, 3, 2, "my photos/a b, c#1.Thumbnail(3x2).jpeg"),
        ("café/été.jpg", .jpeg, 3, 2, "café/été.Thumbnail(3x2).jpg"),
    ])
    func namesTheRenditionByItsOwnSize(_ original: String, _ format: OutputFormat, _ width: Int, _ height: Int, _ expected: String) {
        let path = RenditionNaming.path(for: original, size: PixelSize(width: width, height: height),
                                        extension: format.fileExtension(for: original))
        #expect(path == expected)
        #expect(RenditionNaming.isRenditionName(path))
        #expect(!RenditionNaming.isRenditionName(original))
    }
}

/// Index paths are read byte for byte, as the file system reads them: a `/` or `.` followed by a
/// combining mark is still a separator or a dot (Swift's Characters would join them), so a
/// hand-edited index cannot name a file by a string no other listing of it matches.
struct IndexPathBytesTests {
    @Test func aSeparatorBeforeACombiningMarkStillSeparates() {
        let paths = IndexPaths(indexPath: "sub/renditions.json")
        #expect(paths.rootRelative("../\u{301}x.Thumbnail(1x1).jpg") == "\u{301}x.Thumbnail(1x1).jpg")
        #expect(paths.rootRelative("./a/../b.jpg") == "sub/b.jpg")
        #expect(paths.rootRelative("../../x.jpg") == nil)
        #expect(paths.rootRelative("photos/a.jpg") == "sub/photos/a.jpg")
        #expect(IndexPaths(indexPath: "renditions.json").rootRelative("a//b.jpg") == "a/b.jpg")
    }

    @Test func renditionNamesAreMatchedByBytes() {
        #expect(RenditionNaming.couldBeRendition("photos/a.Thumbnail(60x40).jpg", of: "photos/a.jpg"))
        #expect(RenditionNaming.couldBeRendition("photos/a.Thumbnail(60x40).avif", of: "photos/a.JPG"))
        #expect(RenditionNaming.couldBeRendition("photos/a.Thumbnail(60x40).JPG", of: "photos/a.JPG"))
        #expect(!RenditionNaming.couldBeRendition("photos/a.Thumbnail(060x40).jpg", of: "photos/a.jpg"))
        #expect(!RenditionNaming.couldBeRendition("photos/a.Thumbnail(0x40).jpg", of: "photos/a.jpg"))
        #expect(!RenditionNaming.couldBeRendition("photos/a.Thumbnail(3000000000x40).jpg", of: "photos/a.jpg"))
        #expect(!RenditionNaming.couldBeRendition("photos/a.Thumbnail(60x40)/x.jpg", of: "photos/a.jpg"))
        #expect(!RenditionNaming.couldBeRendition("other/a.Thumbnail(60x40).jpg", of: "photos/a.jpg"))
        #expect(!RenditionNaming.couldBeRendition("photos/a.Thumbnail(60x40).txt", of: "photos/a.jpg"))
        // é as one code point and as e + combining acute are two names on disk.
        #expect(!RenditionNaming.couldBeRendition("caf\u{65}\u{301}.Thumbnail(1x1).jpg", of: "caf\u{e9}.jpg"))
    }
}
