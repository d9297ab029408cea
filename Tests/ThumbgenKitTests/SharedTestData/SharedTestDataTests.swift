import Foundation
import ImageCodecs
import Raster
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// The public test images of ../shared/testdata (EXIF orientations, odd JPEGs, corrupt and
/// animated files), built into a scratch site. Skipped, saying so, when the folder is absent.
@Suite(.enabled(if: SharedTestData.isPresent, "../shared/testdata is not beside the project"))
struct SharedTestDataTests {
    static func site(_ subfolders: [String], slots: String = "thumb: { size: 40x40, scales: [1, 2] }\n  card: { size: 100x, scales: [1, 3] }") -> Site {
        let site = Site(manifest: """
            version: 1
            root: site
            slots:
              \(slots)
            images:
              - path: "**/*"
                slots: [\(slots.contains("thumb") ? "thumb, card" : "card")]
            """)
        for subfolder in subfolders {
            for file in SharedTestData.files(in: subfolder) {
                site.original("site/" + placed(subfolder, file.lastPathComponent), [UInt8](FileManager.default.contents(atPath: file.path)!))
            }
        }
        return site
    }

    /// Where a test image goes under root: beside its kind, but PNGs of the corrupt set in a
    /// folder of their own, since `x.jpg` and `x.png` of one picture would write the same renditions.
    static func placed(_ subfolder: String, _ name: String) -> String {
        subfolder == "corrupt" && name.hasSuffix(".png") ? "corrupt/png/\(name)" : "\(subfolder)/\(name)"
    }

    /// Landscape_N and Portrait_N show the same upright picture for every orientation 0–8.
    @Test func everyOrientationComesOutUpright() throws {
        let site = Self.site(["orientation"], slots: "card: { size: 300x300, scales: [1] }")
        try site.build()
        let index = try site.index("site/renditions.json")
        for shape in ["Landscape", "Portrait"] {
            let reference = try #require(index.entry(image: "orientation/\(shape)_1.jpg", slot: "card", scale: 1))
            let upright = try site.pixels("site/" + reference.file)
            #expect(shape == "Landscape" ? upright.width > upright.height : upright.height > upright.width)
            // The pictures differ only by the digit in their middle: 25 dB tells upright from
            // turned or mirrored, which scores far lower.
            #expect(Pictures.psnr(upright, upright.oriented(.upMirrored)) < 18)
            for value in 0...8 {
                let entry = try #require(index.entry(image: "orientation/\(shape)_\(value).jpg", slot: "card", scale: 1))
                #expect(entry.width == reference.width && entry.height == reference.height, "\(shape)_\(value)")
                let pixels = try site.pixels("site/" + entry.file)
                #expect(Pictures.psnr(pixels, upright) > 25, "\(shape)_\(value) is not upright: \(Pictures.psnr(pixels, upright)) dB")
                #expect(try ImageHeader.read(path: site.folder.path + "/site/" + entry.file).orientation == .up)
            }
        }
    }

    @Test func oddJPEGsAndPNGsMakeRenditions() throws {
        let site = Self.site(["jpeg", "png"])
        try site.build()
        let index = try site.index("site/renditions.json")
        for (path, record) in index.images {
            #expect(record.status == .resized || record.status == .fits, "\(path): \(record.status) \(record.error ?? "")")
            for entry in record.renditions.values where entry.file != path {
                let header = try ImageHeader.read(path: site.folder.path + "/site/" + entry.file)
                #expect(header.size == PixelSize(width: entry.width, height: entry.height))
            }
        }
        let grey = try #require(index.entry(image: "jpeg/sdwebimage__MonochromeTestImage.jpg", slot: "thumb", scale: 1))
        #expect(try JPEGDecoder.inspect(path: site.folder.path + "/site/" + grey.file).components == 1)
        let cmyk = try #require(index.entry(image: "jpeg/sharp__expected_icc-cmyk.jpg", slot: "thumb", scale: 1))
        #expect(try JPEGDecoder.inspect(path: site.folder.path + "/site/" + cmyk.file).components == 3)
        let icc = try #require(index.entry(image: "jpeg/libvips__sample.jpg", slot: "thumb", scale: 2))
        let original = try JPEGDecoder.inspect(path: SharedTestData.folder.path + "/jpeg/libvips__sample.jpg").iccProfile
        #expect(original != nil)
        #expect(try JPEGDecoder.inspect(path: site.folder.path + "/site/" + icc.file).iccProfile == original)
    }

    @Test func corruptFilesAreUnreadableAndAnimatedOnesLeftAsTheyAre() throws {
        let site = Self.site(["corrupt", "animated"])
        let result = site.run(["build", site.manifestPath])
        #expect(result.code == .success)
        let index = try site.index("site/renditions.json")
        for name in ["sharp__corrupt-header.jpg", "sharp__truncated.jpg", "sharp__truncated.png"] {
            let path = Self.placed("corrupt", name)
            let record = try #require(index.images[path])
            #expect(record.status == .unreadable, "\(name)")
            #expect(record.error?.isEmpty == false)
            #expect(record.renditions.values.allSatisfy { $0.file == path })
            #expect(result.err.contains("\(site.folder.path)/site/\(path): warning: "))
        }
        for name in ["sdwebimage__TestImage.gif", "sdwebimage__TestImageAnimated.apng", "sharp__animated-loop-3.gif", "sharp__animated-loop-3.webp"] {
            let record = try #require(index.images["animated/\(name)"])
            #expect(record.status == .animated, "\(name)")
            #expect(record.renditions.values.allSatisfy { $0.file == "animated/\(name)" })
        }
        #expect(site.run(["build", site.manifestPath, "--strict"]).code == .workFound)
    }
}
