import Foundation
import ImageCodecs
import Raster
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// `output.colour: srgb` converts originals with a wide-gamut ICC profile to sRGB with lcms2
/// and writes no profile; `keep` carries the profile. Compared like with like: the sRGB
/// rendition against lcms2's own conversion (Pillow's ImageCms, perceptual: thumbgen's intent)
/// of the very pixels the `keep` build wrote (both PNG, lossless), so neither the resampler nor
/// a second encode is in the comparison; then against a reference that converts at full size
/// and resizes with Pillow's Lanczos, at 45 dB: the resampler's own difference (the same
/// comparison of the `keep` rendition with Pillow's resize of the raw original, 55.6–56.7 dB,
/// plus what converting after resampling rather than before changes: 49.0–53.1 dB).
@Suite(.needs(ColourReference.missing + " and libgs-common's profiles") { ColourReference.isAvailable && GhostscriptProfiles.isAvailable })
struct OutputColourTests {
    static let minimumPSNR = 50.0
    static let fullSizePSNR = 45.0

    static func profiles() -> [(name: String, bytes: [UInt8])] {
        let bt2020 = NCLXProfile.Primaries(white: (0.3127, 0.3290), red: (0.708, 0.292), green: (0.170, 0.797), blue: (0.131, 0.046))
        return [("Display P3 (gamma 2.2)", WideGamutProfile.bytes()),
                ("Adobe RGB (Artifex a98.icc)", GhostscriptProfiles.bytes(GhostscriptProfiles.adobeRGB)),
                ("ProPhoto (Artifex rommrgb.icc)", GhostscriptProfiles.bytes(GhostscriptProfiles.proPhoto)),
                ("BT.2020 (lcms2, BT.709 curve)", NCLXProfile.profile(primariesCode: 9, primaries: bt2020, transferCode: 1)!)]
    }

    /// A 600×400 PNG photo tagged with `profile`, built with `colour`; the index and the site.
    static func built(_ profile: [UInt8], colour: String) throws -> (site: Site, record: ImageRecord) {
        let site = Site(manifest: Manifests.standard(images: "photos/*.png", extra: "output: { colour: \(colour) }"))
        var png = PNGFixture(width: 600, height: 400, colorType: 2, bitDepth: 8) { x, y in
            let photo = Self.photo, offset = (y * 600 + x) * 4
            return photo.pixels[offset..<offset + 3].map(Int.init)
        }
        png.chunks = [("iCCP", ICCFixture.iccpPayload(profile))]
        site.original("site/photos/wide.png", png.bytes)
        try site.build()
        return (site, try #require(try site.index("site/renditions.json").images["photos/wide.png"]))
    }

    static let photo = Pictures.photo(width: 600, height: 400, seed: 11)

    static func decoded(_ site: Site, _ file: String) throws -> DecodedImage {
        try PNGDecoder.decode(path: site.folder.path + "/site/" + file, minimumScale: 1, pixelLimit: 1 << 24, memoryLimit: 1 << 30)
    }

    @Test func srgbRenditionsAreLcms2sConversionOfTheKeptPixels() throws {
        for (name, profile) in Self.profiles() {
            let kept = try Self.built(profile, colour: "keep"), converted = try Self.built(profile, colour: "srgb")
            #expect(kept.record.recipe != converted.record.recipe, "output.colour is part of the recipe")
            for (key, rendition) in kept.record.renditions.sorted(by: { $0.key < $1.key }) {
                let keep = try Self.decoded(kept.site, rendition.file)
                let file = try #require(converted.record.renditions[key]).file
                // A box the original already fits shows the original under keep, a converted
                // file of its size under srgb (the original carries the profile).
                #expect(file != "photos/wide.png", "\(key) shows the profiled original")
                let srgb = try Self.decoded(converted.site, file)
                #expect(keep.iccProfile == profile && srgb.iccProfile == nil && srgb.colorChunks == nil)
                let reference = try ColourReference.lcms2(keep.pixels, profile: profile)
                let after = Pictures.psnr(srgb.pixels, reference), before = Pictures.psnr(keep.pixels, reference)
                print("OutputColourTests: \(name) \(key) \(srgb.pixels.width)x\(srgb.pixels.height) vs lcms2 of the same pixels: \(after.isInfinite ? "identical" : String(format: "%.1f dB", after)) (unconverted, shown as sRGB: \(String(format: "%.1f", before)) dB, ΔE \(String(format: "%.2f", ColourReference.meanDeltaE(keep.pixels, reference))))")
                #expect(after >= Self.minimumPSNR, "\(name) \(key)")
            }
        }
    }

    /// Against a full-size conversion resized by Pillow: the difference is the resampler's.
    @Test func srgbRenditionsMatchAConversionAtFullSizeWithinTheResamplersDifference() throws {
        let (name, profile) = Self.profiles()[0]
        let kept = try Self.built(profile, colour: "keep"), converted = try Self.built(profile, colour: "srgb")
        let original = kept.site.folder.path + "/site/photos/wide.png"
        for (key, rendition) in kept.record.renditions.sorted(by: { $0.key < $1.key }) where rendition.file != "photos/wide.png" {
            let size = PixelSize(width: rendition.width, height: rendition.height)
            let srgb = try Self.decoded(converted.site, try #require(converted.record.renditions[key]).file).pixels
            let resizedRaw = try PillowReference.decode(path: original, resizedTo: size)
            let raw = PixelBuffer(width: 600, height: 400, hasAlpha: false, pixels: Self.photo.pixels)
            let full = try ColourReference.lcms2(raw, profile: profile)
            let folder = ScratchFolder()
            let fullPath = folder.write("full.png", try PNGEncoder.encode(full, options: PNGEncoder.Options(compression: 1)))
            let reference = try PillowReference.decode(path: fullPath, resizedTo: size)
            let resampler = Pictures.psnr(try Self.decoded(kept.site, rendition.file).pixels, resizedRaw)
            let after = Pictures.psnr(srgb, reference)
            print("OutputColourTests: \(name) \(key) vs convert-then-Pillow-resize: \(String(format: "%.1f", after)) dB ΔE \(String(format: "%.2f", ColourReference.meanDeltaE(srgb, reference))) (the resampler alone, keep vs Pillow's resize: \(String(format: "%.1f", resampler)) dB)")
            // Besides the resampler, the order: a curve applied after averaging is not the
            // average of the curve (about 50 dB here, under a level on average).
            #expect(after >= Self.fullSizePSNR)
        }
    }

    @Test func anUnknownColourIsAnErrorWithASuggestion() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.png", extra: "output: { colour: srbg }"))
        #expect(throws: (any Error).self) { try site.loadManifest() }
        let result = site.run(["build", site.manifestPath])
        #expect(result.err.contains("unknown output.colour 'srbg' (did you mean 'srgb'?); use 'keep' or 'srgb'"), "\(result.err)")
    }

    /// A profile for other pixels than the original's is left out, the warning naming the file.
    @Test func aMismatchedProfileIsLeftOutWithAWarningOnTheFile() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg"))
        var options = JPEGFixtures.Options()
        options.iccProfile = GhostscriptProfiles.bytes(GhostscriptProfiles.sGray)
        site.original("site/photos/rgb.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 400, height: 300), options))
        let summary = try site.build()
        #expect(summary.problems == [ImageProblem(kind: .leftOut, file: "photos/rgb.jpg",
                                                  message: "its embedded ICC profile is a grey profile, not one for its RGB pixels; the renditions go without it (shown as sRGB)")])
    }
}
