import Raster
import Testing
@testable import ThumbgenKit

/// `<name>.Thumbnail(<W>x<H>).<ext>` beside the original, W×H the rendition's own pixels.
struct RenditionNamingTests {
    @Test(arguments: [
        ("photos/beach.jpg", 180, 135, "photos/beach.Thumbnail(180x135).jpg"),
        ("beach.jpg", 1, 1, "beach.Thumbnail(1x1).jpg"),
        ("a/b/c/photo.PNG", 640, 480, "a/b/c/photo.Thumbnail(640x480).PNG"),
        ("README", 10, 20, "README.Thumbnail(10x20)"),
        ("photos/scan", 10, 20, "photos/scan.Thumbnail(10x20)"),
        (".hidden", 10, 20, ".hidden.Thumbnail(10x20)"),
        ("photos/.hidden", 10, 20, "photos/.hidden.Thumbnail(10x20)"),
        (".hidden.jpg", 10, 20, ".hidden.Thumbnail(10x20).jpg"),
        ("archive.tar.gz", 10, 20, "archive.tar.Thumbnail(10x20).gz"),
        ("a.b.c.png", 10, 20, "a.b.c.Thumbnail(10x20).png"),
        ("photos.d/beach", 10, 20, "photos.d/beach.Thumbnail(10x20)"),
        ("photos.d/beach.jpg", 10, 20, "photos.d/beach.Thumbnail(10x20).jpg"),
        ("my photos/a b, c#1.jpeg", 3, 2, "my photos/a b, c#1.Thumbnail(3x2).jpeg"),
        ("café/été.jpg", 3, 2, "café/été.Thumbnail(3x2).jpg"),
    ])
    func namesTheRenditionByItsOwnSize(_ original: String, _ width: Int, _ height: Int, _ expected: String) {
        #expect(RenditionNaming.path(for: original, size: PixelSize(width: width, height: height)) == expected)
    }
}
