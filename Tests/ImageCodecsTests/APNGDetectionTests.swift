import Testing
import TestSupport

@testable import ImageCodecs

/// An APNG is animated only when it really holds more than one frame with data; the `acTL`
/// chunk's claim alone makes nothing animated (a still PNG claiming to be one would bypass every
/// limit).
@Suite struct APNGDetectionTests {
    static let still = PNGFixture(width: 48, height: 32, colorType: 2, bitDepth: 8) { x, y in [x * 5, y * 7, 90] }.bytes

    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var bytes: [UInt8]
        var animated: Bool
        var frames: Int
    }

    static let cases: [Case] = [
        Case(testDescription: "acTL claims 2, two frames", bytes: AnimationFixtures.apng(still), animated: true, frames: 2),
        Case(testDescription: "acTL claims 3, default image outside the animation, three fdAT frames",
             bytes: AnimationFixtures.apng(still, claiming: 3, defaultImageIsFrame: false, extraFrames: 3), animated: true, frames: 3),
        Case(testDescription: "acTL claims 1, one frame", bytes: AnimationFixtures.apng(still, claiming: 1, extraFrames: 0), animated: false, frames: 1),
        Case(testDescription: "acTL claims 1, two frames", bytes: AnimationFixtures.apng(still, claiming: 1), animated: false, frames: 2),
        Case(testDescription: "acTL claims 2, no fcTL at all",
             bytes: AnimationFixtures.apng(still, defaultImageIsFrame: false, extraFrames: 0), animated: false, frames: 0),
        Case(testDescription: "acTL claims 2, one frame", bytes: AnimationFixtures.apng(still, extraFrames: 0), animated: false, frames: 1),
        Case(testDescription: "acTL claims 2, the second fcTL has no data",
             bytes: AnimationFixtures.apng(still, extraFramesHaveData: false), animated: false, frames: 1),
        Case(testDescription: "acTL claims 2, default image outside, one fdAT frame",
             bytes: AnimationFixtures.apng(still, defaultImageIsFrame: false), animated: false, frames: 1),
        Case(testDescription: "no acTL", bytes: still, animated: false, frames: 0),
    ]

    @Test(arguments: cases)
    func animatedOnlyWithMoreThanOneRealFrame(_ png: Case) throws {
        let folder = ScratchFolder()
        let path = folder.write("a.png", png.bytes)
        #expect(try ImageHeader.read(path: path).isAnimated == png.animated)
        #expect(PNGHeader.framesWithData(try FileBytes(path: path)) == png.frames)
    }

    /// A still PNG that claims to be animated decodes like any other.
    @Test func aFalseClaimDecodesAsTheStillImage() throws {
        let folder = ScratchFolder()
        let path = folder.write("a.png", AnimationFixtures.apng(Self.still, extraFrames: 0))
        let image = try PNGDecoder.decode(path: path, minimumScale: 1, pixelLimit: 1 << 20, memoryLimit: 1 << 20)
        #expect(image.pixels.size.width == 48 && image.pixels[47, 31] == [235, 217, 90, 255])
    }
}
