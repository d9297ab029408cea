import Raster
import Testing
import TestSupport
@testable import ImageCodecs

/// Still GIFs through giflib: colour tables, transparency, interlacing, images smaller than the
/// screen, damage and limits.
@Suite struct GIFDecoderTests {
    let folder = TemporaryFolder()
    static let palette: [SIMD3<UInt8>] = (0..<16).map { (index: Int) -> SIMD3<UInt8> in
        SIMD3(UInt8(index * 16), UInt8(255 - index * 15), UInt8(index * 77 & 255))
    }
    static let local: [SIMD3<UInt8>] = (0..<16).map { (index: Int) -> SIMD3<UInt8> in SIMD3(UInt8(255 - index * 9), UInt8(index * 3), 128) }

    static func frame(width: Int = 40, height: Int = 30) -> GIFFixtures.Frame {
        GIFFixtures.Frame(width: width, height: height, indexes: (0..<width * height).map { UInt8(($0 % width / 3 + $0 / width / 2) % 16) })
    }

    /// The screen as a browser shows it: the image's colours where it lies, transparent elsewhere.
    static func expected(_ frame: GIFFixtures.Frame, palette: [SIMD3<UInt8>], screen: PixelSize) -> PixelBuffer {
        let covers = frame.x == 0 && frame.y == 0 && frame.width >= screen.width && frame.height >= screen.height
        var image = PixelBuffer(width: screen.width, height: screen.height, hasAlpha: frame.transparentIndex != nil || !covers)
        for y in 0..<frame.height where frame.y + y < screen.height {
            for x in 0..<frame.width where frame.x + x < screen.width {
                let index = Int(frame.indexes[y * frame.width + x])
                let colour = (frame.localPalette ?? palette)[index]
                image[frame.x + x, frame.y + y] = index == frame.transparentIndex ? .zero : SIMD4(colour, 255)
            }
        }
        return image
    }

    func decode(_ bytes: [UInt8], pixelLimit: Int = 1 << 28, memoryLimit: Int = 1 << 30) throws(CodecError) -> (ImageHeader, DecodedImage) {
        let path = folder.write(bytes, "image.gif")
        let header = try ImageHeader.read(path: path)
        let collector = PixelCollector()
        try ImageDecoders.decode(path: path, header: header, minimumScale: 0.5,
                                 limits: DecodeLimits(pixels: pixelLimit, memoryBytes: memoryLimit, scans: 100), into: collector)
        return (header, collector.image!)
    }

    @Test func theGlobalColourTableGivesTheColours() throws {
        let frame = Self.frame()
        let (header, image) = try decode(GIFFixtures.gif(width: 40, height: 30, palette: Self.palette, frames: [frame]))
        #expect(header.format == .gif && !header.isAnimated && !header.hasAlpha && !header.needsWholeImage)
        #expect(image.info.decodedSize == PixelSize(width: 40, height: 30) && image.info.scaleX == 1)
        #expect(!image.info.hasAlpha)
        #expect(image.pixels == Self.expected(frame, palette: Self.palette, screen: header.size))
    }

    @Test func aLocalColourTableWinsOverTheGlobalOne() throws {
        var frame = Self.frame()
        frame.localPalette = Self.local
        let (_, image) = try decode(GIFFixtures.gif(width: 40, height: 30, palette: Self.palette, frames: [frame]))
        #expect(image.pixels == Self.expected(frame, palette: Self.palette, screen: PixelSize(width: 40, height: 30)))
    }

    @Test func aLocalColourTableAloneIsEnough() throws {
        var frame = Self.frame()
        frame.localPalette = Self.local
        let (_, image) = try decode(GIFFixtures.gif(width: 40, height: 30, palette: nil, frames: [frame]))
        #expect(image.pixels == Self.expected(frame, palette: Self.local, screen: PixelSize(width: 40, height: 30)))
    }

    @Test func theTransparentIndexIsTransparent() throws {
        var frame = Self.frame()
        frame.transparentIndex = 3
        let (header, image) = try decode(GIFFixtures.gif(width: 40, height: 30, palette: Self.palette, frames: [frame]))
        #expect(header.hasAlpha && image.info.hasAlpha)
        #expect(image.pixels == Self.expected(frame, palette: Self.palette, screen: header.size))
        #expect(image.pixels.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element == 0 })
    }

    @Test(arguments: [(40, 30), (40, 1), (40, 2), (40, 5), (40, 9), (13, 17)])
    func interlacedRowsLandInPlace(width: Int, height: Int) throws {
        var frame = Self.frame(width: width, height: height)
        frame.interlaced = true
        let (header, image) = try decode(GIFFixtures.gif(width: width, height: height, palette: Self.palette, frames: [frame]))
        #expect(header.needsWholeImage && header.wholeImageBytes == width * height)
        #expect(image.pixels == Self.expected(frame, palette: Self.palette, screen: header.size))
    }

    @Test func anImageSmallerThanTheScreenLeavesTheRestTransparent() throws {
        var frame = Self.frame(width: 20, height: 10)
        (frame.x, frame.y) = (5, 4)
        let (header, image) = try decode(GIFFixtures.gif(width: 40, height: 30, palette: Self.palette, frames: [frame]))
        #expect(header.hasAlpha && image.info.hasAlpha)
        #expect(image.pixels == Self.expected(frame, palette: Self.palette, screen: header.size))
    }

    @Test func anImageReachingPastTheScreenIsClipped() throws {
        var frame = Self.frame(width: 30, height: 30)
        (frame.x, frame.y) = (20, 10)
        let (header, image) = try decode(GIFFixtures.gif(width: 40, height: 30, palette: Self.palette, frames: [frame]))
        #expect(image.pixels == Self.expected(frame, palette: Self.palette, screen: header.size))
    }

    /// An image placed right of or below the screen (giflib does not check) shows nothing.
    @Test(arguments: [(50, 4), (100, 0), (5, 40), (40, 30)])
    func anImageOutsideTheScreenShowsNothing(x: Int, y: Int) throws {
        var frame = Self.frame(width: 20, height: 10)
        (frame.x, frame.y) = (x, y)
        let (header, image) = try decode(GIFFixtures.gif(width: 40, height: 30, palette: Self.palette, frames: [frame]))
        #expect(header.size == PixelSize(width: 40, height: 30) && image.info.hasAlpha)
        #expect(image.pixels == PixelBuffer(width: 40, height: 30, hasAlpha: true))
    }

    @Test func twoFramesAreAnAnimation() throws {
        let bytes = GIFFixtures.gif(width: 40, height: 30, palette: Self.palette, frames: [Self.frame(), Self.frame()])
        #expect(try ImageHeader.read(path: folder.write(bytes, "animated.gif")).isAnimated)
    }

    /// Cut in its header, or before a line of its image decodes (GIFPartialTests: after one has).
    @Test(arguments: [13, 420])
    func aTruncatedGIFIsDamaged(length: Int) throws {
        let bytes = GIFFixtures.gif(width: 40, height: 30, palette: Self.palette, frames: [Self.frame()])
        let reason = length == 13 ? "the GIF ends inside its header (truncated?)" : "corrupt or truncated GIF data (Failed to read from given file)"
        #expect(throws: CodecError.damaged(reason)) { _ = try GIFDecoder.decode(path: folder.write(Array(bytes.prefix(length)), "cut.gif"), pixelLimit: 1 << 28, memoryLimit: 1 << 30) }
    }

    @Test func aGIFWithoutColoursIsDamaged() throws {
        let bytes = GIFFixtures.gif(width: 40, height: 30, palette: nil, frames: [Self.frame()])
        #expect(throws: CodecError.damaged("corrupt GIF: no colour table for its image")) { try decode(bytes) }
    }

    @Test func theScreenIsCheckedAgainstThePixelLimit() throws {
        let bytes = GIFFixtures.gif(width: 40, height: 30, palette: Self.palette, frames: [Self.frame()])
        #expect(throws: CodecError.overLimit("the GIF's screen is 40x30, 1200 pixels, over the limit of 1000 (limits.pixels)")) { try decode(bytes, pixelLimit: 1000) }
    }

    @Test func anInterlacedImageMustFitTheMemoryLimit() throws {
        var frame = Self.frame()
        frame.interlaced = true
        let bytes = GIFFixtures.gif(width: 40, height: 30, palette: Self.palette, frames: [frame])
        #expect(throws: CodecError.overLimit("this interlaced GIF must be held whole to decode, 1 MiB, over the limit of 0 MiB (limits.memory_mb)")) { try decode(bytes, memoryLimit: 1000) }
    }
}
