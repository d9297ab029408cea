import Foundation
import ImageCodecs
import LibLCMS2
import Raster
import Testing
import TestSupport

/// CMYK and YCCK JPEGs with an embedded press profile decode to what lcms2's own `jpgicc`
/// makes of them (sRGB, perceptual), not to the naive formula's colours; the renditions carry
/// no CMYK profile. Measured here: 58.4–58.5 dB against `jpgicc` (the naive formula: 15.4 dB
/// on such a fixture, 23.0 dB on sharp's).
@Suite(.needs(CMYKFixtures.requirement) { CMYKFixtures.isAvailable })
struct CMYKProfileTests {
    static let minimumPSNR = 40.0

    static func decoded(_ path: String) throws -> DecodedImage {
        try JPEGDecoder.decode(path: path, minimumScale: 1, memoryLimit: 1 << 30)
    }

    @Test func adobeCMYKWithAProfileMatchesJpgicc() throws {
        let folder = ScratchFolder()
        let path = try CMYKFixtures.cmykJPEG(Pictures.photo(width: 256, height: 160, seed: 3), in: folder, name: "cmyk")
        let info = try JPEGDecoder.inspect(path: path)
        #expect(info.components == 4 && info.iccProfile == CMYKFixtures.profile)
        let image = try Self.decoded(path)
        let psnr = Pictures.psnr(image.pixels, try CMYKFixtures.reference(of: path, in: folder))
        print("CMYKProfileTests: Adobe CMYK with default_cmyk.icc against jpgicc: \(String(format: "%.2f", psnr)) dB")
        #expect(psnr >= Self.minimumPSNR)
        #expect(image.iccProfile == nil, "a CMYK profile describes inks, never the sRGB renditions")
        #expect(image.info.warnings.isEmpty)
    }

    /// YCCK as Photoshop writes it (Adobe transform 2), inks from lcms2's sRGB → CMYK conversion.
    @Test func ycckWithAProfileMatchesJpgicc() throws {
        let folder = ScratchFolder()
        var options = JPEGEncoder.Options(quality: 100, progressive: false)
        options.inputIsCMYK = true
        options.cmykAsYCCK = true
        options.iccProfile = CMYKFixtures.profile
        let inks = try Self.inks(Pictures.photo(width: 256, height: 160, seed: 5))
        let path = folder.write("ycck.jpg", try JPEGEncoder.encode(inks, options: options))
        #expect(try JPEGDecoder.inspect(path: path).components == 4)
        let psnr = Pictures.psnr(try Self.decoded(path).pixels, try CMYKFixtures.reference(of: path, in: folder))
        print("CMYKProfileTests: YCCK with default_cmyk.icc against jpgicc: \(String(format: "%.2f", psnr)) dB")
        #expect(psnr >= Self.minimumPSNR)
    }

    /// sharp's CMYK fixture, whose profile is Argyll's "Chemical proof" (the shared test images).
    @Test func sharpsCMYKFileMatchesJpgicc() throws {
        guard SharedTestData.isPresent else {
            print("CMYKProfileTests: skipped sharp's CMYK file: \(SharedTestData.folder.path) is absent")
            return
        }
        let folder = ScratchFolder()
        let path = SharedTestData.folder.appendingPathComponent("jpeg/sharp__expected_icc-cmyk.jpg").path
        let psnr = Pictures.psnr(try Self.decoded(path).pixels, try CMYKFixtures.reference(of: path, in: folder))
        print("CMYKProfileTests: sharp__expected_icc-cmyk.jpg against jpgicc: \(String(format: "%.2f", psnr)) dB")
        #expect(psnr >= Self.minimumPSNR)
    }

    /// A profile that is no CMYK profile is not used: the naive formula, and a warning that says so.
    @Test func anRGBProfileOnCMYKFallsBackWithAWarning() throws {
        let folder = ScratchFolder()
        var options = JPEGFixtures.Options()
        options.cmyk = true
        options.iccProfile = ICCFixture.minimal()
        let path = folder.write("rgb-profile.jpg", JPEGFixtures.jpeg(Pictures.quadrants(width: 64, height: 32), options))
        let image = try Self.decoded(path)
        #expect(image.info.warnings.contains { $0.contains("not a CMYK profile") })
        #expect(image.iccProfile == nil)
    }

    /// sRGB pixels to Adobe's inverted CMYK through the press profile, with lcms2 (perceptual).
    static func inks(_ rgb: PixelBuffer) throws -> PixelBuffer {
        let cmyk = CMYKFixtures.profile
        guard let sRGB = cmsCreate_sRGBProfile(),
              let press = cmyk.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }) else {
            throw CMYKFixtures.Failure(description: "lcms2 cannot open the profiles")
        }
        defer { cmsCloseProfile(sRGB); cmsCloseProfile(press) }
        guard let transform = cmsCreateTransform(sRGB, TG_LCMS_TYPE_RGBA_8, press, TG_LCMS_TYPE_CMYK_8_REV, cmsUInt32Number(INTENT_PERCEPTUAL), 0) else {
            throw CMYKFixtures.Failure(description: "lcms2 cannot make the transform")
        }
        defer { cmsDeleteTransform(transform) }
        var out = rgb
        rgb.pixels.withUnsafeBufferPointer { source in
            out.pixels.withUnsafeMutableBufferPointer { cmsDoTransform(transform, source.baseAddress, $0.baseAddress, cmsUInt32Number(rgb.width * rgb.height)) }
        }
        return out
    }
}
