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
