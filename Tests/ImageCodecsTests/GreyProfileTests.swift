import Foundation
import Raster
import Testing
import TestSupport
@testable import ImageCodecs

/// A grey profile never lands on colour pixels: a grey original's WebP and AVIF files (which are
/// never grey here) carry no profile and their levels go through the grey profile's curve to
/// sRGB, so they show what the grey fallback with its profile shows; the fallback stays grey
/// with the profile. Checked against lcms2's own conversion through Pillow's ImageCms, with
/// Ghostscript's real grey profiles (Debian's libgs-common). A profile for other pixels than
/// the image's is dropped with a warning. Measured here: 63.7–73.5 dB against Pillow (whose
/// lcms2 8-bit transform is optimised; thumbgen's 256-level curve is not), untagged grey as
/// before: 11.8 dB (PS Gray) and 22.6 dB (sGray).
@Suite(.needs(ColourReference.missing + " and libgs-common's profiles") { ColourReference.isAvailable && GhostscriptProfiles.isAvailable })
struct GreyProfileTests {
    /// sGray shows 64 as 81, PS Gray (linear light) as 137.
    static let sGray = GhostscriptProfiles.sGray, psGray = GhostscriptProfiles.psGray, adobeRGB = GhostscriptProfiles.adobeRGB
    static let minimumPSNR = 45.0
    let scratch = ScratchFolder()

    static func profile(_ path: String) -> [UInt8] { GhostscriptProfiles.bytes(path) }

    /// A grey JPEG at quality 100 with the profile at `path`, decoded.
    func greyOriginal(_ path: String) throws -> DecodedImage {
        var options = JPEGFixtures.Options()
        options.quality = 100
        options.grey = true
        options.iccProfile = Self.profile(path)
        let file = scratch.write("grey-\(UUID().uuidString).jpg", JPEGFixtures.jpeg(Pictures.photo(width: 96, height: 64, seed: 9), options))
        return try JPEGDecoder.decode(path: file, minimumScale: 1, memoryLimit: 1 << 30)
    }

    static func settings(_ format: OutputFormat, _ changes: [(String, SettingValue)]) -> FormatSettings {
        var settings = format.defaults
        for (key, value) in changes { settings[key] = value }
        return settings
    }

    @Test(arguments: [GreyProfileTests.sGray, GreyProfileTests.psGray])
    func aGreyOriginalsWebPShowsWhatLcms2MakesOfItsProfile(_ path: String) throws {
        let image = try greyOriginal(path)
        #expect(image.isGrey && image.iccProfile == Self.profile(path) && image.info.greyCurve != nil)
        let reference = try ColourReference.lcms2(image.pixels, profile: Self.profile(path), grey: true)
        let lossless = Self.settings(.webp, [("lossless", .flag(true))])
        for pixels: EncoderPixels in [.rgba(image.pixels), .planar(PlanarImage(planes: [Plane(width: 96, height: 64, bytes: image.pixels.planes()[1].bytes)]))] {
            let file = scratch.write("grey-\(UUID().uuidString).webp", try OutputFormat.webp.encode(pixels, lossless, image.info))
            let shown = try ColourReference.shown(path: file)
            #expect(!shown.hadProfile, "a grey profile in a colour WebP")
            let before = Pictures.psnr(image.pixels, reference), after = Pictures.psnr(shown.pixels, reference)
            print("GreyProfileTests: \((path as NSString).lastPathComponent) WebP vs lcms2: before \(String(format: "%.1f", before)) dB ΔE \(String(format: "%.2f", ColourReference.meanDeltaE(image.pixels, reference))), after \(String(format: "%.1f", after)) dB ΔE \(String(format: "%.2f", ColourReference.meanDeltaE(shown.pixels, reference)))")
            #expect(after >= Self.minimumPSNR)
        }
    }

    @Test(arguments: [GreyProfileTests.sGray, GreyProfileTests.psGray])
    func aGreyOriginalsAVIFCarriesNoGreyProfile(_ path: String) throws {
        let image = try greyOriginal(path)
        let reference = try ColourReference.lcms2(image.pixels, profile: Self.profile(path), grey: true)
        let bytes = try OutputFormat.avif.encode(.rgba(image.pixels), Self.settings(.avif, [("quality", .integer(100))]), image.info)
        let decoded = try ReferenceDecoders.avif(bytes)
        #expect(decoded.icc.isEmpty)
        let after = Pictures.psnr(decoded.pixels, reference)
        print("GreyProfileTests: \((path as NSString).lastPathComponent) AVIF q100 vs lcms2: before \(String(format: "%.1f", Pictures.psnr(image.pixels, reference))) dB, after \(String(format: "%.1f", after)) dB ΔE \(String(format: "%.2f", ColourReference.meanDeltaE(decoded.pixels, reference)))")
        #expect(after >= 40)
    }

    /// JPEG and PNG can be grey: the fallback keeps its grey pixels and the profile.
    @Test func theGreyFallbackKeepsItsProfile() throws {
        let image = try greyOriginal(Self.sGray)
        let jpeg = scratch.write("fallback.jpg", try OutputFormat.jpeg.encode(.rgba(image.pixels), OutputFormat.jpeg.defaults, image.info))
        let info = try JPEGDecoder.inspect(path: jpeg)
        #expect(info.components == 1 && info.iccProfile == Self.profile(Self.sGray))
        let png = scratch.write("fallback.png", try OutputFormat.png.encode(.rgba(image.pixels), OutputFormat.png.defaults, image.info))
        let decoded = try PNGDecoder.decode(path: png, minimumScale: 1, pixelLimit: 1 << 20, memoryLimit: 1 << 30)
        #expect(decoded.isGrey && decoded.iccProfile == Self.profile(Self.sGray))
    }

    @Test func aGreyProfileOnRGBPixelsIsDroppedWithAWarning() throws {
        var options = JPEGFixtures.Options()
        options.iccProfile = Self.profile(Self.sGray)
        let file = scratch.write("rgb.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 32, height: 32), options))
        let image = try JPEGDecoder.decode(path: file, minimumScale: 1, memoryLimit: 1 << 30)
        #expect(image.iccProfile == nil)
        #expect(image.info.warnings == ["its embedded ICC profile is a grey profile, not one for its RGB pixels; the renditions go without it (shown as sRGB)"])
    }

    @Test func anRGBProfileOnGreyPixelsIsDroppedWithAWarning() throws {
        let warning = "its embedded ICC profile is an RGB profile, not one for its grey pixels; the renditions go without it (shown as sRGB)"
        var options = JPEGFixtures.Options()
        options.grey = true
        options.iccProfile = Self.profile(Self.adobeRGB)
        let jpeg = try JPEGDecoder.decode(path: scratch.write("grey.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 32, height: 32), options)),
                                          minimumScale: 1, memoryLimit: 1 << 30)
        #expect(jpeg.iccProfile == nil && jpeg.info.warnings == [warning])
        var png = PNGFixture(width: 8, height: 8, colorType: 0, bitDepth: 8) { x, y in [x * 30 + y] }
        png.chunks = [("iCCP", ICCFixture.iccpPayload(Self.profile(Self.adobeRGB)))]
        // libpng itself refuses an RGB iCCP in a grey PNG ("RGB color space not permitted on
        // grayscale PNG") and hands over none: nothing reaches the renditions either way.
        let decoded = try PNGDecoder.decode(path: scratch.write("grey.png", png.bytes), minimumScale: 1, pixelLimit: 1 << 20, memoryLimit: 1 << 30)
        #expect(decoded.iccProfile == nil)
    }
}
