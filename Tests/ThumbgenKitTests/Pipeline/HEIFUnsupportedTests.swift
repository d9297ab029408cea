import Foundation
import ImageCodecs
import Raster
import Renditions
import Testing
import TestSupport
import ThumbgenKit

/// HEIF and AVIF files libheif 1.15 cannot decode right are `unsupported`, with the true
/// reason, and never decoded: layered AVIF (libheif shows the full layer's corner at the
/// chosen layer's size), predicted HEIF (a `pred` reference, or an HEVC picture that is not
/// intra: grey), item types only newer libheif reads (named with the version that reads them)
/// and item types no libheif reads. Each file is put together from what libheif wrote.
@Suite struct HEIFUnsupportedTests {
    static var version: String { CodecLibraries.current.versions[.libheif] ?? "" }

    static func single(_ codec: HEIFFixtures.Codec = .hevc) -> [UInt8] {
        HEIFFixtures.encode(Pictures.photo(width: 96, height: 64, seed: 2), options: HEIFFixtures.Options(codec: codec))
    }

    /// An AV1 image with an operating point and a layer selected.
    static func layeredAVIF() -> [UInt8] {
        var file = HEIFItemAssembly()
        file.brands = ["avif", "mif1", "avif", "miaf"]
        file.items = [HEIFItemAssembly.item(1, from: single(.av1), extra: [HEIFAssembly.box("a1op", [0]), HEIFAssembly.box("lsel", [0, 0])])]
        return file.bytes()
    }

    /// Image 1 predicted from image 2 (`pred`), both coded pictures libheif wrote.
    static func predicted() -> [UInt8] {
        var file = HEIFItemAssembly()
        file.brands = ["heic", "mif2", "heic"]
        file.items = [HEIFItemAssembly.item(1, from: single()), HEIFItemAssembly.item(2, from: single())]
        file.references = [("pred", 1, [2])]
        return file.bytes()
    }

    /// An HEVC image whose picture is a trailing one (NAL unit type 1), not an IDR.
    static func trailingPicture() -> [UInt8] {
        var item = HEIFItemAssembly.item(1, from: single())
        for unit in HEIFItemAssembly.nalUnits(item.data) where Int(item.data[unit.lowerBound] >> 1) & 0x3F < 32 {
            item.data[unit.lowerBound] = item.data[unit.lowerBound] & 0x81 | 1 << 1
        }
        var file = HEIFItemAssembly()
        file.items = [item]
        return file.bytes()
    }

    /// A primary image of `type` (96×64 by its ispe) over bytes no decoder is asked to read.
    static func item(_ type: String) -> [UInt8] {
        var file = HEIFItemAssembly()
        file.items = [HEIFItemAssembly.Item(id: 1, type: type, properties: [HEIFItemAssembly.ispe(width: 96, height: 64)], data: [1, 2, 3, 4])]
        return file.bytes()
    }

    /// A one-tile grid whose tile is an `unci` image: the tiles are looked at too.
    static func gridOfUnci() -> [UInt8] {
        var file = HEIFItemAssembly()
        let ispe = HEIFItemAssembly.ispe(width: 96, height: 64)
        file.items = [HEIFItemAssembly.Item(id: 1, type: "grid", properties: [ispe], data: [0, 0, 0, 0, 0, 96, 0, 64]),
                      HEIFItemAssembly.Item(id: 2, type: "unci", properties: [ispe], data: [1, 2, 3, 4])]
        file.references = [("dimg", 1, [2])]
        return file.bytes()
    }

    /// The low-overhead form: no `meta`, one `mini` box.
    static let mini = HEIFAssembly.box("ftyp", Array("mif3avif".utf8) + [0, 0, 0, 0] + Array("mif3avif".utf8))
        + HEIFAssembly.box("mini", [UInt8](repeating: 0x55, count: 40))

    static var cases: [(name: String, bytes: [UInt8], reason: String)] {
        [("layered.avif", layeredAVIF(), "layered AVIF (operating point/layer selection: image 1 has an 'a1op' property) is not supported"),
         ("pred.heic", predicted(), "predictively coded HEIF (image 1 is predicted from image 2, 'pred') is not supported"),
         ("trail.heic", trailingPicture(), "predictively coded HEIF (image 1's HEVC picture is not intra-coded: NAL unit type 1) is not supported"),
         ("unci.heic", item("unci"), "HEIF item type 'unci' (uncompressed, ISO/IEC 23001-17) needs a newer libheif: this system has \(version); a libheif newer than 1.15 built with its uncompressed codec reads it (1.18 does)"),
         ("grid.heic", gridOfUnci(), "HEIF item type 'unci' (uncompressed, ISO/IEC 23001-17) needs a newer libheif: this system has \(version); a libheif newer than 1.15 built with its uncompressed codec reads it (1.18 does)"),
         ("j2k1.heic", item("j2k1"), "HEIF item type 'j2k1' (JPEG 2000) needs a newer libheif: this system has \(version); libheif 1.17 or newer reads it with its OpenJPEG plugin"),
         ("jpeg.heic", item("jpeg"), "HEIF item type 'jpeg' (JPEG) needs a newer libheif: this system has \(version); a libheif newer than 1.15 reads it with its libjpeg plugin (1.17 does)"),
         ("avc1.heic", item("avc1"), "HEIF item type 'avc1' (H.264) needs a newer libheif: this system has \(version); a libheif newer than 1.15 reads it with its OpenH264 plugin (1.19.2 does)"),
         ("vvc1.heic", item("vvc1"), "HEIF item type 'vvc1' (H.266/VVC) needs a newer libheif: this system has \(version); libheif 1.18 or newer reads it with its vvdec plugin"),
         ("zzz9.heic", item("zzz9"), "HEIF item type 'zzz9' is not an image type libheif \(version) reads"),
         ("mini.avif", mini, "this HEIF is in the low-overhead 'mini' form, which needs a libheif newer than 1.18 built with its experimental 'mini' support; this system has \(version)")]
    }

    /// The header says why, and the decoder refuses with the same reason (never decodes).
    @Test func theHeaderSaysWhyAndTheDecoderRefuses() throws {
        #expect(Self.version.hasPrefix("1.15"), "these reasons are written for Debian 12's libheif 1.15")
        let folder = ScratchFolder()
        for (name, bytes, reason) in Self.cases {
            let path = folder.write(name, bytes)
            do {
                let header = try ImageHeader.read(path: path)
                #expect(header.unsupportedReason == reason, "\(name)")
                #expect(header.size == PixelSize(width: 96, height: 64), "\(name)")
                #expect(throws: CodecError.unsupported(reason), "\(name)") {
                    try HEIFDecoder.decode(path: path, header: header, limits: DecodeLimits(pixels: 1 << 28, memoryBytes: 1 << 30, scans: 9),
                                           into: PixelCollector())
                }
            } catch {
                // Only the `mini` form has no header to give.
                #expect(name == "mini.avif" && (error as? CodecError) == .unsupported(reason), "\(name): \(error)")
            }
        }
    }

    /// Through a build: `unsupported`, the reason as the warning, every entry the original, no
    /// rendition written.
    @Test func aBuildShowsTheOriginalsWithTheReason() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.{heic,avif}"))
        for (name, bytes, _) in Self.cases { site.original("site/photos/" + name, bytes) }
        let summary = try site.build()
        let index = try site.index("site/renditions.json")
        for (name, _, reason) in Self.cases {
            let record = try #require(index.images["photos/" + name], "\(name)")
            #expect(record.status == .unsupported && record.error == nil, "\(name)")
            #expect(record.renditions.values.allSatisfy { $0.file == "photos/" + name }, "\(name)")
            #expect(summary.problems.contains { $0.kind == .unsupported && $0.file == "photos/" + name && $0.message == reason }, "\(name)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: site.folder.path + "/site/photos")
        #expect(!files.contains { $0.contains(".Thumbnail(") }, "\(files)")
    }
}
