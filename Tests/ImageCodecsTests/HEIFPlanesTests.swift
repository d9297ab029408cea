import Raster
import Testing
import TestSupport
@testable import ImageCodecs

/// An opaque 8-bit 4:2:0 HEIC or AVIF goes to a plane consumer as its own planes (full-range
/// BT.601, chroma at half resolution), as a JPEG's do, whatever range and matrix the file
/// signals (libheif converts them to its default); with alpha, above 8 bits, or cropped on odd
/// coordinates it comes as RGB rows. The planes turned to RGB with JPEG's constants must be
/// libheif's own RGB decode, give or take rounding: a wrong range or matrix moves every pixel
/// by several levels (limited range taken for full: 35 dB, a mean off by 0.9 of a level).
/// With no nclx, or full-range BT.601, they are libheif's RGB exactly (the same conversion).
@Suite struct HEIFPlanesTests {
    let folder = TemporaryFolder()
    static let limits = DecodeLimits(pixels: 1 << 28, memoryBytes: 1 << 30, scans: 100)

    /// Collects a planar decode's planes whole.
    final class PlaneCollector: PlaneConsumer {
        var planes: [Plane] = []

        func begin(planes info: SourceInfo) {
            planes = (info.planes ?? []).map { Plane(width: $0.size.width, height: $0.size.height) }
        }

        func consume(plane: Int, rows: UnsafePointer<UInt8>, stride: Int, first: Int, count: Int) {
            let width = planes[plane].width
            for row in 0..<count {
                for x in 0..<width { planes[plane].bytes[(first + row) * width + x] = rows[row * stride + x] }
            }
        }
    }

    enum Case: String, CaseIterable {
        case noNCLX, bt601Full, bt601Limited, bt470bgLimited, av1Full, av1Limited, bt709, oddSize, grid, alpha, deep
    }

    /// The file, and whether it comes as planes.
    static func file(_ kind: Case) -> (bytes: [UInt8], planar: Bool) {
        var options = HEIFFixtures.Options()
        var picture = Pictures.photo(width: 96, height: 64, seed: 11)
        switch kind {
        case .noNCLX: break
        case .bt601Full: options.nclx = (1, 13)
        case .bt601Limited: options.nclx = (1, 13); options.fullRange = false
        case .bt470bgLimited: options.nclx = (1, 13); options.matrix = 5; options.fullRange = false
        case .av1Full: options.codec = .av1; options.nclx = (1, 13)
        case .av1Limited: options.codec = .av1; options.nclx = (1, 13); options.fullRange = false
        case .bt709: options.nclx = (1, 13); options.matrix = 1
        case .oddSize: picture = Pictures.photo(width: 95, height: 63, seed: 11); options.clapForOddSizes = true
        case .grid:
            let whole = Pictures.photo(width: 128, height: 128, seed: 11)
            let tiles = (0..<4).map { (index: Int) -> [UInt8] in
                let rect = PixelRect(x: Double(index % 2 * 64), y: Double(index / 2 * 64), width: 64, height: 64)
                return HEIFFixtures.encode(Resampler.resample(whole, rect: rect, to: PixelSize(width: 64, height: 64)))
            }
            return (HEIFAssembly.grid(tiles: tiles, columns: 2, rows: 2, output: (120, 100)), true)
        case .alpha: picture.hasAlpha = true
        case .deep:
            let samples = picture.pixels.enumerated().map { UInt16($0.element) * 257 | UInt16($0.offset & 1) }
            return (HEIFFixtures.encode(width: 96, height: 64, samples16: samples, bitDepth: 10, hasAlpha: false), false)
        }
        return (HEIFFixtures.encode(picture, options: options), kind != .alpha)
    }

    @Test(arguments: Case.allCases)
    func opaque8Bit420FilesComeAsTheirOwnPlanes(_ kind: Case) throws {
        let (bytes, planar) = Self.file(kind)
        let path = folder.write(bytes, "\(kind.rawValue).heic")
        let header = try ImageHeader.read(path: path)
        let rows = PixelCollector(), planes = PlaneCollector()
        let info = try ImageDecoders.decode(path: path, header: header, minimumScale: 1, limits: Self.limits, into: rows, planes: planes)
        guard planar else {
            #expect(info.planes == nil && planes.planes.isEmpty && rows.image != nil, "\(kind) should come as RGB rows")
            return
        }
        #expect(rows.image == nil && info.planes?.count == 3)
        #expect(info.decodedSize == header.size && info.fullSize == header.size && info.scaleX == 1 && info.scaleY == 1)
        let image = PlanarImage(planes: planes.planes)
        #expect(image.size == header.size && image.planes[1].size == PlanarImage.chromaSize(header.size))
        let rgb = image.rgb(), reference = HEIFFixtures.referenceDecode(bytes)
        if [.bt601Limited, .bt470bgLimited, .av1Limited, .bt709].contains(kind) {
            // libheif converts to full-range BT.601 in floating point, then rounds: measured
            // 52.4 to 53.0 dB against its RGB, mean signed differences within ±0.06 of a level.
            #expect(Pictures.psnr(rgb, reference) > 50, "\(kind)")
            for channel in 0..<3 {
                var sum = 0
                for index in stride(from: channel, to: rgb.pixels.count, by: 4) { sum += Int(rgb.pixels[index]) - Int(reference.pixels[index]) }
                let mean = Double(sum) / Double(rgb.pixels.count / 4)
                #expect(abs(mean) < 0.2, "\(kind): channel \(channel) is off by \(mean) on average")
            }
        } else {
            #expect(rgb == reference, "full-range BT.601 planes are libheif's RGB exactly")
        }
    }

    /// libheif's 4:2:0 and the planes made here from its RGB are the same planes (libheif 1.15
    /// makes its 4:2:0 from that RGB itself), give or take a level of rounding; a wrong
    /// constant, sign or sample position moves many samples by several levels.
    @Test(arguments: Case.allCases.filter { Self.file($0).planar })
    func planesFromLibheifRGBAreItsOwnPlanes(_ kind: Case) throws {
        let path = folder.write(Self.file(kind).bytes, "\(kind.rawValue).heic")
        let header = try ImageHeader.read(path: path)
        let routes = try [false, true].map { (throughRGB: Bool) throws -> [Plane] in
            let planes = PlaneCollector()
            let info = try HEIFDecoder.decode(file: FileBytes(path: path), header: header, limits: Self.limits, into: PixelCollector(), planes: planes,
                                              planesThroughRGB: throughRGB)
            #expect(info.planes?.count == 3, "\(kind): planes \(throughRGB ? "through RGB" : "as libheif gives them")")
            return planes.planes
        }
        #expect(routes[0].map(\.size) == routes[1].map(\.size))
        for (index, (given, made)) in zip(routes[0], routes[1]).enumerated() {
            let differences = zip(given.bytes, made.bytes).map { abs(Int($0) - Int($1)) }
            #expect(differences.max() ?? 0 <= 1, "\(kind), plane \(index): off by up to \(differences.max() ?? 0)")
        }
    }

    /// Each chroma sample averages the pixels it covers, the last odd column and row included.
    @Test func rgbToYCbCr420AveragesWhatEachChromaSampleCovers() {
        // 3×3: a grey 2×2 block, a red last column, a blue last row, white in the corner.
        let rows: [[(UInt8, UInt8, UInt8)]] = [[(100, 100, 100), (100, 100, 100), (255, 0, 0)],
                                               [(100, 100, 100), (100, 100, 100), (255, 0, 0)],
                                               [(0, 0, 255), (0, 0, 255), (255, 255, 255)]]
        var channels = [[UInt8]](repeating: [], count: 3)
        for row in rows { for pixel in row { channels[0].append(pixel.0); channels[1].append(pixel.1); channels[2].append(pixel.2) } }
        let image = PlanarImage.ycbcr420(red: channels[0], green: channels[1], blue: channels[2], stride: (3, 3, 3),
                                         size: PixelSize(width: 3, height: 3))
        #expect(image.planes[0].bytes == [100, 100, 76, 100, 100, 76, 29, 29, 255])
        #expect(image.planes[1].size == PixelSize(width: 2, height: 2))
        // Grey: 128 exactly. Pure red: Cb 128 − 0.168736·255 = 84.97, Cr 255.5 → 255. Blue:
        // Cb 255.5 → 255, Cr 128 − 0.081312·255 = 107.27. White: 128 both.
        #expect(image.planes[1].bytes == [128, 85, 255, 128])
        #expect(image.planes[2].bytes == [128, 255, 107, 128])
    }

    /// A clean aperture starting on an odd row or column would start its chroma mid-sample.
    @Test func aCropOnOddCoordinatesStaysRGB() {
        var layout = HEIFLayout(codedSize: PixelSize(width: 96, height: 64))
        #expect(HEIFDecoder.PlanarYCbCr(layout: layout) != nil)
        layout.cropX = 1
        #expect(HEIFDecoder.PlanarYCbCr(layout: layout) == nil)
        layout.cropX = 2
        layout.cropY = 3
        #expect(HEIFDecoder.PlanarYCbCr(layout: layout) == nil)
        layout.cropY = 0
        layout.chromaShare = 2
        #expect(HEIFDecoder.PlanarYCbCr(layout: layout) == nil, "4:4:4 stays RGB")
    }
}
