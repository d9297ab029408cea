import Foundation
import Raster
import Testing
import TestSupport
@testable import ImageCodecs

/// libheif 1.15 checks its size limit against every item when it reads a file, so a limit set
/// from the primary image refused files whose primary is small beside a larger item (a
/// thumbnail-sized primary, a second layer). The limit now passes every item; thumbgen holds
/// what it decodes to its own limits: a grid's canvas to its `ispe`, the decoded image to the
/// header's size.
@Suite struct HEIFSmallPrimaryTests {
    let folder = TemporaryFolder()
    static let limits = DecodeLimits(pixels: 1 << 28, memoryBytes: 1 << 30, scans: 500)

    /// A 96×64 primary image beside a 640×480 image that is not shown.
    static func smallPrimary() -> [UInt8] {
        var file = HEIFItemAssembly()
        file.items = [HEIFItemAssembly.item(1, from: HEIFFixtures.encode(Pictures.photo(width: 96, height: 64, seed: 8))),
                      HEIFItemAssembly.item(2, from: HEIFFixtures.encode(Pictures.photo(width: 640, height: 480, seed: 9)))]
        return file.bytes()
    }

    @Test(.needs(HEIFTools.requirement) { HEIFTools.isAvailable })
    func aSmallPrimaryBesideALargerItemDecodesAsHeifConvertDoes() throws {
        let path = folder.write(Self.smallPrimary(), "small.heic")
        let header = try ImageHeader.read(path: path)
        #expect(header.size == PixelSize(width: 96, height: 64))
        #expect(header.heifLayout?.largestClaimedSide == 640)
        let made = try HEIFDecoder.decode(path: path, limits: Self.limits).pixels
        // heif-convert writes both top-level images; the primary image is the first item.
        let reference = try HEIFTools.referenceDecode(path, image: 1)
        let psnr = Pictures.psnr(made, reference)
        print("HEIFSmallPrimaryTests: 96x64 primary beside a 640x480 item against heif-convert: \(String(format: "%.2f", psnr)) dB")
        #expect(psnr > 40)
    }

    /// A file whose primary item is itself a thumbnail (`thmb`) of a larger image, as in
    /// pillow_heif's `invalid_id.heic`: the image it is a thumbnail of is the picture, as newer
    /// libheif and Pillow show it; heif-convert 1.15 writes only that image (a thumbnail is no
    /// top-level image), where libheif 1.15's primary handle gives the thumbnail.
    @Test(.needs(HEIFTools.requirement) { HEIFTools.isAvailable })
    func aPrimaryItemThatIsAThumbnailShowsTheImageItIsAThumbnailOf() throws {
        var file = HEIFItemAssembly()
        file.items = [HEIFItemAssembly.item(1, from: HEIFFixtures.encode(Pictures.photo(width: 96, height: 64, seed: 8))),
                      HEIFItemAssembly.item(2, from: HEIFFixtures.encode(Pictures.photo(width: 320, height: 256, seed: 9)))]
        file.references = [("thmb", 1, [2])]
        let path = folder.write(file.bytes(), "thumbnail-primary.heic")
        let header = try ImageHeader.read(path: path)
        #expect(header.size == PixelSize(width: 320, height: 256))
        let made = try HEIFDecoder.decode(path: path, limits: Self.limits).pixels
        let reference = try HEIFTools.referenceDecode(path)
        #expect(made.size == reference.size)
        let psnr = made.size == reference.size ? Pictures.psnr(made, reference) : 0
        print("HEIFSmallPrimaryTests: a primary item that is a thumbnail of a 320x256 image against heif-convert: \(String(format: "%.2f", psnr)) dB")
        #expect(psnr > 40)
    }

    /// The grid's descriptor is what libheif allocates: a canvas larger than the `ispe` that
    /// the limits saw is damage.
    @Test func aGridWhoseCanvasIsNotItsISPEIsDamage() throws {
        var bytes = HEIFSizeLies.grid(tiles: [HEIFFixtures.encode(HEIFSizeLieTests.flat(64))], columns: 2, rows: 2,
                                      output: (128, 128), tileOrder: [0, 0, 0, 0])
        // The first ispe is the grid's: 128×128 becomes 64×64, the canvas stays 128×128.
        let ispe = try #require((0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual("ispe".utf8) })
        bytes.replaceSubrange(ispe + 8..<ispe + 16, with: [0, 0, 0, 64, 0, 0, 0, 64])
        #expect(throws: CodecError.damaged("corrupt HEIF: its grid's canvas is 128x128 but its ispe says 64x64; the decoder would allocate the canvas")) {
            try ImageHeader.read(path: folder.write(bytes, "canvas.heic"))
        }
    }

    /// Tiles that leave part of the canvas unwritten (or whose last row shows nothing).
    @Test(arguments: [(200, 128), (128, 60)])
    func aGridWhoseTilesDoNotFitItsCanvasIsDamage(width: Int, height: Int) throws {
        let bytes = HEIFSizeLies.grid(tiles: [HEIFFixtures.encode(HEIFSizeLieTests.flat(64))], columns: 2, rows: 2,
                                      output: (width, height), tileOrder: [0, 0, 0, 0])
        #expect(throws: CodecError.damaged("corrupt HEIF: its grid's 2x2 tiles of 64x64 do not match its canvas of \(width)x\(height) (its ispe)")) {
            try ImageHeader.read(path: folder.write(bytes, "cover.heic"))
        }
    }

    /// An `iden` whose `ispe` says 16×16 over a 96×64 coded image: the header's claim is held
    /// to what libheif decoded (beyond the codec's padding of less than 64 pixels a side).
    @Test func aDecodedImageOfAnotherSizeThanTheHeaderIsRefused() throws {
        var file = HEIFItemAssembly()
        file.items = [HEIFItemAssembly.Item(id: 1, type: "iden", properties: [HEIFItemAssembly.ispe(width: 16, height: 16)], data: []),
                      HEIFItemAssembly.item(2, from: HEIFFixtures.encode(Pictures.photo(width: 96, height: 64, seed: 8)))]
        file.references = [("dimg", 1, [2])]
        let path = folder.write(file.bytes(), "iden.heic")
        let header = try ImageHeader.read(path: path)
        #expect(header.size == PixelSize(width: 16, height: 16))
        #expect(throws: CodecError.damaged("corrupt HEIF: the decoded image is 96x64, not the 16x16 its ispe gives")) {
            try HEIFDecoder.decode(path: path, header: header, limits: Self.limits, into: PixelCollector())
        }
    }

    /// libheif's bound passes the largest item and adds the codec's padding.
    @Test func libheifsBoundPassesEveryItem() {
        var layout = HEIFLayout(codedSize: PixelSize(width: 96, height: 64))
        layout.largestClaimedSide = 640
        #expect(HEIFDecoder.libheifSizeLimit(layout) == 640 + 64 + 1)
    }
}
