import Raster
import Testing
import TestSupport
@testable import ImageCodecs

/// Issue 29: an embedded ICC profile goes into every rendition, so one that lcms2 cannot read,
/// or one over 1 MiB, is dropped with a warning that says why: in every format that carries one
/// (JPEG APP2, PNG iCCP, WebP ICCP, HEIF colr prof). A JPEG never gets more than 255 APP2
/// segments.
@Suite struct EmbeddedProfileTests {
    let folder = TemporaryFolder()
    static let photo = Pictures.photo(width: 32, height: 32)

    /// A profile lcms2 reads (the minimal header), padded with zeros to `count` bytes, its size
    /// field saying so: sound but for its size.
    static func padded(_ count: Int) -> [UInt8] {
        var profile = ICCFixture.minimal() + [UInt8](repeating: 0, count: count - 132)
        profile.replaceSubrange(0..<4, with: UInt32(count).bigEndian4)
        return profile
    }

    static let tooLarge = "its embedded ICC profile is 2 MiB, over the 1 MiB a rendition carries; the renditions go without it (shown as sRGB)"
    static let damaged = "its embedded ICC profile is damaged (lcms2 cannot read it); the renditions go without it (shown as sRGB)"

    @Test func theRuleKeepsASoundProfileAndSaysWhyOthersGo() {
        #expect(EmbeddedProfile.vetted(ICCFixture.minimal()) == (ICCFixture.minimal(), nil))
        #expect(EmbeddedProfile.vetted(Self.padded(1 << 20)).profile?.count == 1 << 20)
        #expect(EmbeddedProfile.vetted(Self.padded(2 << 20)) == (nil, Self.tooLarge))
        #expect(EmbeddedProfile.vetted([UInt8](repeating: 0, count: 4000)) == (nil, Self.damaged))
        #expect(EmbeddedProfile.vetted(nil) == (nil, nil))
    }

    /// The file: a WebP whose ICCP is 20 MiB of zeros put 20 MB into each 32×32 rendition.
    @Test func aWebPWithTwentyMebibytesOfZerosAsItsProfileIsDecodedWithout() throws {
        let bytes = WebPFixtures.encode(Self.photo, quality: 80, iccProfile: [UInt8](repeating: 0, count: 20 << 20))
        let path = folder.write(bytes, "zeros.webp")
        var image: DecodedImage?
        let seconds = ThreadCPU.seconds {
            image = try WebPDecoder.decode(path: path, minimumScale: 1, pixelLimit: 1 << 28, memoryLimit: 1 << 30)
        }
        #expect(image?.iccProfile == nil)
        #expect(image?.info.warnings == ["its embedded ICC profile is 20 MiB, over the 1 MiB a rendition carries; the renditions go without it (shown as sRGB)"])
        #expect(seconds < 1)
    }

    @Test func aWebPsDamagedProfileIsDropped() throws {
        let path = folder.write(WebPFixtures.encode(Self.photo, iccProfile: [UInt8](repeating: 7, count: 500)), "bad.webp")
        let image = try WebPDecoder.decode(path: path, minimumScale: 1, pixelLimit: 1 << 28, memoryLimit: 1 << 30)
        #expect(image.iccProfile == nil && image.info.warnings == [Self.damaged])
    }

    @Test func aJPEGsOversizedProfileIsDropped() throws {
        var options = JPEGFixtures.Options()
        options.iccProfile = Self.padded(2 << 20)
        let path = folder.write("big.jpg", JPEGFixtures.jpeg(Self.photo, options))
        #expect(try JPEGDecoder.inspect(path: path).iccProfile?.count == 2 << 20)
        let image = try JPEGDecoder.decode(path: path, minimumScale: 1, memoryLimit: 1 << 30)
        #expect(image.iccProfile == nil && image.info.warnings == [Self.tooLarge])
        options.iccProfile = ICCFixture.minimal()
        let sound = try JPEGDecoder.decode(path: folder.write("sound.jpg", JPEGFixtures.jpeg(Self.photo, options)), minimumScale: 1, memoryLimit: 1 << 30)
        #expect(sound.iccProfile == ICCFixture.minimal() && sound.info.warnings.isEmpty)
    }

    @Test func aPNGsOversizedProfileIsDropped() throws {
        var fixture = PNGFixture(width: 2, height: 2, colorType: 2, bitDepth: 8) { _, _ in [1, 2, 3] }
        fixture.chunks = [("iCCP", ICCFixture.iccpPayload(Self.padded(2 << 20)))]
        let image = try PNGDecoder.decode(path: folder.write(fixture.bytes, "big.png"), minimumScale: 1, pixelLimit: 1 << 28, memoryLimit: 1 << 30)
        #expect(image.iccProfile == nil && image.info.warnings == [Self.tooLarge])
    }

    @Test func aHEICsOversizedProfileIsDropped() throws {
        var options = HEIFFixtures.Options()
        options.iccProfile = Self.padded(2 << 20)
        let path = folder.write(HEIFFixtures.encode(Self.photo, options: options), "big.heic")
        let image = try HEIFDecoder.decode(path: path, limits: DecodeLimits(pixels: 1 << 28, memoryBytes: 1 << 30, scans: 500))
        #expect(image.iccProfile == nil && image.info.warnings == [Self.tooLarge])
    }

    /// 255 APP2 segments hold 255 × 65,519 bytes: a profile one byte longer is not written at all
    /// (its one-byte segment count would wrap).
    @Test func aJPEGNeverGetsMoreThan255ProfileSegments() {
        #expect(JPEGEncoder.carriedProfile([UInt8](repeating: 1, count: 255 * 65_519)).count == 255 * 65_519)
        #expect(JPEGEncoder.carriedProfile([UInt8](repeating: 1, count: 255 * 65_519 + 1)).isEmpty)
        #expect(JPEGEncoder.carriedProfile(nil).isEmpty)
    }
}
