import Raster
import Testing
import TestSupport
@testable import ImageCodecs

/// Issue 29: the limits see what `ispe` says, the decoder allocates what the codec's headers say.
/// A file whose coded frames disagree with its `ispe` is damage, refused from its header; a grid
/// is counted at every decode it costs, whatever its first tile says. Each bomb is refused in
/// under a second of CPU, with the issue's `memory_mb: 16`.
@Suite struct HEIFSizeLieTests {
    let folder = TemporaryFolder()
    static let limits = DecodeLimits(pixels: 268_402_689, memoryBytes: 16 << 20, scans: 500)

    /// A flat image: fast to encode at any size.
    static func flat(_ side: Int, alpha: Bool = false) -> PixelBuffer {
        var pixels = PixelBuffer(width: side, height: side, hasAlpha: alpha)
        for index in stride(from: 0, to: pixels.pixels.count, by: 4) { pixels.pixels[index..<index + 4] = [90, 120, 150, 255] }
        return pixels
    }

    /// The header read and the decode under the limits: the error, and the CPU seconds.
    func refusal(_ bytes: [UInt8], _ name: String) -> (error: CodecError?, seconds: Double) {
        let path = folder.write(bytes, name)
        var error: CodecError?
        let seconds = ThreadCPU.seconds {
            do {
                let header = try ImageHeader.read(path: path)
                try HEIFDecoder.decode(path: path, header: header, limits: Self.limits, into: PixelCollector())
            } catch let failure as CodecError {
                error = failure
            }
        }
        return (error, seconds)
    }

    @Test func aHEICWhoseISPEIsSmallerThanItsHEVCFrameIsDamage() throws {
        let honest = HEIFFixtures.encode(Self.flat(1024))
        let header = try ImageHeader.read(path: folder.write(honest, "honest.heic"))
        #expect(header.heifLayout?.largestFrame == PixelSize(width: 1024, height: 1024))
        let (error, seconds) = refusal(HEIFSizeLies.lyingISPE(honest, width: 64, height: 64), "lie.heic")
        #expect(error == .damaged("corrupt HEIF: image 1 claims 64x64 (ispe) but its HEVC frames are 1024x1024 (its sequence parameter set); the decoder would allocate those"))
        #expect(seconds < 1)
    }

    /// The alpha image is decoded too: its frames must agree with its own ispe.
    @Test func anAlphaImageWhoseISPELiesIsDamage() throws {
        let honest = HEIFFixtures.encode(Self.flat(512, alpha: true))
        // libheif writes one ispe for the colour image, then one for the alpha image.
        let positions = (0..<honest.count - 4).filter { honest[$0..<$0 + 4].elementsEqual("ispe".utf8) }
        try #require(positions.count == 2)
        var bytes = honest
        bytes.replaceSubrange(positions[1] + 8..<positions[1] + 16, with: [0, 0, 0, 64, 0, 0, 0, 64])
        let (error, seconds) = refusal(bytes, "alpha.heic")
        #expect(error == .damaged("corrupt HEIF: image 2 claims 64x64 (ispe) but its HEVC frames are 512x512 (its sequence parameter set); the decoder would allocate those"))
        #expect(seconds < 1)
    }

    /// 8×8 tiles that each claim 64×64 over 256×256 AV1 frames (the took 869 MB).
    @Test func anAVIFGridWhoseTilesClaimLessThanTheirFramesIsDamage() throws {
        try #require(HEIFFixtures.canEncode(.av1), "libheif has no AV1 encoder (install libheif's aom plugin)")
        let tile = HEIFFixtures.encode(Self.flat(256), options: HEIFFixtures.Options(codec: .av1))
        let bomb = HEIFSizeLies.grid(tiles: [HEIFSizeLies.lyingISPE(tile, width: 64, height: 64)], columns: 8, rows: 8,
                                     output: (512, 512), tileOrder: Array(repeating: 0, count: 64))
        let (error, seconds) = refusal(bomb, "grid.avif")
        #expect(error == .damaged("corrupt HEIF: image 2 claims 64x64 (ispe) but its AV1 frames are 256x256 (its sequence header); the decoder would allocate those"))
        #expect(seconds < 1)
    }

    /// A 16×16 grid whose first tile is 64×64 and whose 255 others all name one 2048×2048
    /// frame: the first tile's size no longer stands for the rest; every decode counts.
    @Test func aGridWhoseTilesAllNameOneBigFrameIsOverThePixelLimit() {
        let bomb = HEIFSizeLies.grid(tiles: [HEIFFixtures.encode(Self.flat(64)), HEIFFixtures.encode(Self.flat(2048))],
                                     columns: 16, rows: 16, output: (1024, 1024), tileOrder: [0] + Array(repeating: 1, count: 255))
        let (error, seconds) = refusal(bomb, "tiles.heic")
        let pixels = 65536 + 255 * 2048 * 2048
        #expect(error == .overLimit("decoding it takes 256 decodes of \(pixels) pixels in all (each tile and alpha image at its coded size, at least 65536 a decode), over the limit of 268402689 (limits.pixels)"))
        #expect(seconds < 1)
    }

    /// The memory budget counts what the codec allocates: an honest grid's tiles add their
    /// frames (a few decoded at once) to the grid's own planes.
    @Test func aGridsBudgetCountsItsTilesFrames() throws {
        let tile = HEIFFixtures.encode(Self.flat(64))
        let path = folder.write(HEIFSizeLies.grid(tiles: [tile], columns: 2, rows: 2, output: (128, 128), tileOrder: [0, 0, 0, 0]), "grid.heic")
        let layout = try #require(try ImageHeader.read(path: path).heifLayout)
        #expect(layout.decodes == 4 && layout.decodedPixels == 4 * 65536 && layout.largestFrame == PixelSize(width: 64, height: 64))
        #expect(layout.decodeBytes(hasAlpha: false) == 128 * 128 * 7 + 4 * 64 * 64 * 3)
    }

    /// A frame may exceed ispe by the codec's padding (less than 64 pixels a side), never more,
    /// and never fall short.
    @Test func paddingUpToSixtyThreePixelsAgrees() {
        let ispe = PixelSize(width: 95, height: 63)
        #expect(HEIFCodedFrames.agrees(frame: PixelSize(width: 96, height: 64), ispe: ispe))
        #expect(HEIFCodedFrames.agrees(frame: PixelSize(width: 158, height: 126), ispe: ispe))
        #expect(!HEIFCodedFrames.agrees(frame: PixelSize(width: 159, height: 64), ispe: ispe))
        #expect(!HEIFCodedFrames.agrees(frame: PixelSize(width: 94, height: 64), ispe: ispe))
    }

    /// An SPS inside the item's data is handed to libde265 as well as the hvcC's: it counts.
    @Test func aSequenceParameterSetInTheItemsDataCounts() throws {
        let big = HEIFFixtures.encode(Self.flat(1024))
        let sps = try #require(Self.parameterSets(big).first { Int($0[0] >> 1) & 0x3F == 33 })
        #expect(HEVCFrames.pictureSize(sps: sps) == PixelSize(width: 1024, height: 1024))
        let data = UInt32(sps.count).bigEndian4 + sps + UInt32(3).bigEndian4 + [0x26, 0x01, 0x80]
        var units = 10
        let walked = try #require(HEVCFrames.walk(HEIFItemBytes(data), units: &units))
        #expect(walked.sizes == [PixelSize(width: 1024, height: 1024)] && walked.frames == 1 && units == 8)
    }

    /// The NAL units of a HEIC's hvcC.
    static func parameterSets(_ file: [UInt8]) -> [[UInt8]] {
        guard let start = (0..<file.count - 4).first(where: { file[$0..<$0 + 4].elementsEqual("hvcC".utf8) }) else { return [] }
        var reader = ByteReader(file[(start + 4)...])
        guard reader.skip(22), let arrays = reader.uint8() else { return [] }
        var units: [[UInt8]] = []
        for _ in 0..<arrays {
            guard reader.skip(1), let count = reader.uint16() else { break }
            for _ in 0..<count {
                guard let length = reader.uint16() else { break }
                units.append(Array(reader.remaining.prefix(length)))
                _ = reader.skip(length)
            }
        }
        return units
    }
}
