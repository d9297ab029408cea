import Foundation
import ImageCodecs
import Raster
import Testing
import TestSupport

/// A CMYK JPEG with an embedded press profile renders as lcms2's own `jpgicc` converts it: its
/// thumbnail against the thumbnail of `jpgicc`'s sRGB conversion of the same file, both made by
/// the same build. Measured: 43.5 dB (the naive formula: 15.4 dB at full size on such a fixture).
@Suite(.needs(CMYKFixtures.requirement) { CMYKFixtures.isAvailable })
struct CMYKBuildTests {
    @Test func aProfiledCMYKJPEGRendersAsJpgiccConvertsIt() throws {
        let folder = ScratchFolder()
        let cmyk = try CMYKFixtures.cmykJPEG(Pictures.photo(width: 400, height: 200, seed: 11), in: folder, name: "cmyk")
        let reference = try CMYKFixtures.referenceJPEG(of: cmyk, in: folder)
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg"))
        site.original("site/photos/cmyk.jpg", folder.read("cmyk.jpg")!)
        site.original("site/photos/reference.jpg", [UInt8](FileManager.default.contents(atPath: reference)!))
        try site.build()
        let made = try site.pixels("site/photos/cmyk.Thumbnail(180x90).jpg")
        let expected = try site.pixels("site/photos/reference.Thumbnail(180x90).jpg")
        let psnr = Pictures.psnr(made, expected)
        print("CMYKBuildTests: thumbnail against jpgicc's conversion's thumbnail: \(String(format: "%.2f", psnr)) dB")
        #expect(psnr >= 40)
        let info = try JPEGDecoder.inspect(path: site.folder.path + "/site/photos/cmyk.Thumbnail(180x90).jpg")
        #expect(info.components == 3)
        #expect(info.iccProfile == nil, "sRGB, untagged: the CMYK profile is not carried")
    }
}
