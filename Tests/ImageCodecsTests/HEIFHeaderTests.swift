import Raster
import Testing
import TestSupport
@testable import ImageCodecs

/// The ISO media boxes read without libheif: formats from brands, sequences, transformations.
@Suite struct HEIFHeaderTests {
    let folder = TemporaryFolder()

    static func ftyp(_ brands: [String]) -> [UInt8] {
        let payload = Array(brands[0].utf8) + [0, 0, 0, 0] + brands.dropFirst().flatMap { Array($0.utf8) }
        return HEIFAssembly.box("ftyp", payload)
    }

    @Test(arguments: [(["heic", "mif1", "heic"], ImageFormat.heif), (["mif1", "mif1", "miaf"], .heif), (["avif", "avif", "mif1"], .avif),
                      (["mif1", "mif1", "miaf", "MA1B", "avif"], .avif), (["msf1", "msf1", "hevc"], .heif), (["avis", "avis", "msf1"], .avif),
                      (["isom", "isom", "mp42"], .unknown), (["crx ", "crx "], .unknown)])
    func theBrandsSayTheFormat(brands: [String], format: ImageFormat) {
        #expect(ImageFormat(magic: Array((Self.ftyp(brands) + [UInt8](repeating: 0, count: 32)).prefix(32))) == format)
    }

    @Test func aSequenceWithoutAStillTakesItsTrackSize() throws {
        let moov = HEIFAssembly.box("moov", HEIFAssembly.box("mvhd", [UInt8](repeating: 0, count: 100))
            + HEIFAssembly.box("trak", HEIFAssembly.box("tkhd", [0, 0, 0, 3] + [UInt8](repeating: 0, count: 72) + [0, 0x50, 0, 0, 0, 0x3C, 0, 0])))
        let header = try ImageHeader.read(path: folder.write(Self.ftyp(["avis", "avis", "msf1"]) + moov, "seq.avif"))
        #expect(header.format == .avif && header.isAnimated && header.size == PixelSize(width: 80, height: 60))
    }

    @Test func aStillWithoutMetaIsDamaged() {
        #expect(throws: CodecError.damaged("corrupt HEIF: no meta box (truncated?)")) {
            try ImageHeader.read(path: folder.write(Self.ftyp(["heic", "mif1", "heic"]), "empty.heic"))
        }
    }

    /// A 64-bit box size far past the end of the file ends the walk (it overflowed the offset).
    @Test func aBoxClaimingMoreThanTheFileIsTheLast() {
        let huge = HEIFAssembly.box("free", [0, 0, 0, 0])
        let bytes = Self.ftyp(["heic", "mif1", "heic"]) + [0, 0, 0, 1] + Array("free".utf8) + [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] + huge
        #expect(throws: CodecError.damaged("corrupt HEIF: no meta box (truncated?)")) {
            try ImageHeader.read(path: folder.write(bytes, "huge.heic"))
        }
    }

    @Test func aHEICCutInsideItsMetaBoxIsDamaged() throws {
        let bytes = HEIFFixtures.encode(Pictures.photo(width: 32, height: 32))
        #expect(throws: CodecError.damaged("corrupt HEIF: no primary image in its meta box")) {
            try ImageHeader.read(path: folder.write(Array(bytes.prefix(120)), "cut.heic"))
        }
    }

    /// A `clap` whose fractions cannot be combined in 64 bits (31-bit denominators that differ)
    /// is damage: it is refused, not computed with trapping or wrapping arithmetic.
    @Test func aCleanApertureTooLargeToComputeIsDamaged() throws {
        var options = HEIFFixtures.Options()
        options.clapForOddSizes = true
        var bytes = HEIFFixtures.encode(Pictures.photo(width: 95, height: 63, seed: 5), options: options)
        let clap = try #require((0..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == Array("clap".utf8) }) + 4
        let fields: [UInt32] = [95, 0x7FFF_FFFF, 63, 1, 1 << 30, 0x7FFF_FFFD, 0, 1]
        for (index, value) in fields.enumerated() {
            bytes.replaceSubrange(clap + index * 4..<clap + index * 4 + 4, with: withUnsafeBytes(of: value.bigEndian) { Array($0) })
        }
        #expect(throws: CodecError.damaged("corrupt HEIF: its clean aperture (clap) leaves no pixel, or its fractions are too large to compute")) {
            try ImageHeader.read(path: folder.write(bytes, "clap.heic"))
        }
    }

    /// A grid that names itself among its tiles made libheif 1.15 recurse, starting threads at each
    /// level, until the process aborted: refused as damage before libheif decodes anything.
    @Test func aGridAmongItsOwnTilesIsDamaged() throws {
        // libheif writes an odd size as a one-tile grid.
        var bytes = HEIFFixtures.encode(Pictures.photo(width: 95, height: 63, seed: 5))
        let dimg = try #require((0..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == Array("dimg".utf8) }) + 4
        #expect(Array(bytes[dimg + 2..<dimg + 4]) == [0, 1])
        #expect(try ImageHeader.read(path: folder.write(bytes, "grid.heic")).size == PixelSize(width: 95, height: 63))
        bytes.replaceSubrange(dimg + 4..<dimg + 6, with: bytes[dimg..<dimg + 2])
        #expect(throws: CodecError.damaged("corrupt HEIF: its primary image is made of derived images (a grid inside a grid, or one that uses itself)")) {
            try ImageHeader.read(path: folder.write(bytes, "loop.heic"))
        }
    }

    /// libheif decodes each decoded image's alpha image too: a grid whose alpha image is a grid
    /// made of the first one loops. A tile repeated in a grid, or an alpha image reached twice,
    /// does not.
    @Test func aLoopThroughAnAlphaImageIsDamaged() throws {
        var items = HEIFItems(meta: [])
        items.primary = 1
        items.types = [1: "grid", 2: "hvc1", 3: "grid", 4: "hvc1"]
        items.propertyBoxes = [ISOBMFFBox(type: "auxC", payload: ([0, 0, 0, 0] + Array("urn:mpeg:hevc:2015:auxid:1".utf8) + [0])[...])]
        items.associations = [3: [0], 4: [0]]
        // Grid 1 of tile 2 twice, its alpha grid 3 of tile 4 twice; 4 is also tile 2's alpha.
        items.references = ["dimg": [1: [2, 2], 3: [4, 4]], "auxl": [3: [1], 4: [2]]]
        #expect(!HEIFHeader.decodingLoops(items, from: 1))
        try HEIFHeader.checkDerivation(items, primary: 1, type: "grid")
        items.references["dimg"]![3] = [4, 1]
        #expect(HEIFHeader.decodingLoops(items, from: 1))
        #expect(throws: CodecError.damaged("corrupt HEIF: its images use each other in a loop (through their tiles or alpha images)")) {
            try HEIFHeader.checkDerivation(items, primary: 1, type: "grid")
        }
    }

    /// An `ispe` of 2^32 − 1 by 2^32 − 1 is damage: its area does not fit in Int (it trapped the
    /// decoder's limit check).
    @Test func aSizeWhoseAreaDoesNotFitIsDamaged() throws {
        var bytes = HEIFFixtures.encode(Pictures.photo(width: 64, height: 64))
        let ispe = try #require((0..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == Array("ispe".utf8) }) + 4
        #expect(Array(bytes[ispe + 4..<ispe + 12]) == [0, 0, 0, 64, 0, 0, 0, 64])
        bytes.replaceSubrange(ispe + 4..<ispe + 12, with: [UInt8](repeating: 0xFF, count: 8))
        #expect(throws: CodecError.damaged("corrupt HEIF: its primary image is 4294967295x4294967295")) {
            try ImageHeader.read(path: folder.write(bytes, "huge.heic"))
        }
    }

    /// irot quarter turns then imir, composed: the same as turning the pixels one after the other.
    @Test func transformationsComposeLikeTurningThePixels() {
        let picture = Pictures.quadrants(width: 6, height: 4)
        for first in Orientation.allCases {
            for second in Orientation.allCases {
                let composed = HEIFGeometry.compose(first, second)
                #expect(picture.oriented(composed) == picture.oriented(first).oriented(second))
            }
        }
    }
}
