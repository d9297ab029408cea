import Foundation
import Raster
import Testing
import TestSupport
@testable import ImageCodecs

/// PNG `gAMA`/`cHRM` without `iCCP` or `sRGB` mean the same in the WebP and AVIF files beside the
/// PNG fallback: they carry an ICC profile made with lcms2 from the chunks. The outside
/// reference is what Chromium shows of the PNG (skcms's reading of the chunks, in doubles:
/// `ColourReference.chromium`), compared with what a colour-managed viewer shows of the WebP
/// (Pillow decodes it, lcms2 converts it from its embedded profile: `ColourReference.shown`).
/// Lossless WebP, so that only the colour is compared; the AVIF's profile is the same bytes.
/// Measured here: 67.2–83.7 dB (untagged, as before: 22.7–23.5 dB); PngSuite's 20 gAMA/cHRM
/// files 76.0 dB to identical (before: 7.9–53.6 dB). The same reference without Bradford
/// adaptation gives 23–25 dB and one that wraps rather than clips out-of-gamut values 11 dB,
/// while a lossy WebP or AVIF compared with it measures its own coding loss, which a wide
/// gamut's conversion magnifies (this AVIF: 33.1 dB raw, 28.0 dB once converted).
@Suite(.needs(ColourReference.missing) { ColourReference.isAvailable })
struct PNGChunkProfileTests {
    static let minimumPSNR = 45.0
    /// BT.2020's white (D65), red, green, blue, as cHRM writes them.
    static let bt2020 = [31270, 32900, 70800, 29200, 17000, 79700, 13100, 4600]
    let scratch = ScratchFolder()

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var gamma: Int?
        var chromaticities: [Int]?
        var grey = false
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "gAMA 1/1.8", gamma: 55556),
        Case(name: "gAMA 1/2.2 with BT.2020 cHRM", gamma: 45455, chromaticities: bt2020),
        Case(name: "BT.2020 cHRM alone (sRGB curve)", chromaticities: bt2020),
        Case(name: "grey, gAMA 1/1.8", gamma: 55556, grey: true),
    ]

    func original(_ test: Case) throws -> (path: String, image: DecodedImage) {
        let photo = Pictures.photo(width: 80, height: 60, seed: 4)
        var png = PNGFixture(width: 80, height: 60, colorType: test.grey ? 0 : 2, bitDepth: 8) { x, y in
            let offset = (y * 80 + x) * 4
            return test.grey ? [Int(photo.pixels[offset + 1])] : photo.pixels[offset..<offset + 3].map(Int.init)
        }
        if let gamma = test.gamma { png.chunks.append(("gAMA", UInt32(gamma).bigEndian4)) }
        if let points = test.chromaticities { png.chunks.append(("cHRM", points.flatMap { UInt32($0).bigEndian4 })) }
        let path = scratch.write("\(UUID().uuidString).png", png.bytes)
        return (path, try PNGDecoder.decode(path: path, minimumScale: 1, pixelLimit: 1 << 20, memoryLimit: 1 << 30))
    }

    @Test(arguments: PNGChunkProfileTests.cases)
    func theWebPBesideAPNGFallbackMeansWhatItsChunksMean(_ test: Case) throws {
        let (_, image) = try original(test)
        #expect(image.info.chunkProfile != nil && image.iccProfile == nil)
        let reference = try ColourReference.chromium(image.pixels, gamma: test.gamma, chromaticities: test.chromaticities)
        var lossless = OutputFormat.webp.defaults
        lossless["lossless"] = .flag(true)
        let webp = scratch.write("\(UUID().uuidString).webp", try OutputFormat.webp.encode(.rgba(image.pixels), lossless, image.info))
        let shown = try ColourReference.shown(path: webp)
        #expect(shown.hadProfile == !test.grey, "the grey original's WebP goes through the curve, untagged")
        let before = Pictures.psnr(image.pixels, reference), after = Pictures.psnr(shown.pixels, reference)
        print("PNGChunkProfileTests: \(test.name), WebP vs Chromium's reading: before \(String(format: "%.1f", before)) dB ΔE \(String(format: "%.2f", ColourReference.meanDeltaE(image.pixels, reference))), after \(String(format: "%.1f", after)) dB ΔE \(String(format: "%.2f", ColourReference.meanDeltaE(shown.pixels, reference)))")
        #expect(after >= Self.minimumPSNR)
    }

    @Test func theAVIFCarriesTheSameProfileAndTheFallbackItsChunks() throws {
        let test = Self.cases[1]
        let (_, image) = try original(test)
        let avif = try ReferenceDecoders.avif(try OutputFormat.avif.encode(.rgba(image.pixels), OutputFormat.avif.defaults, image.info))
        #expect(avif.icc == image.info.chunkProfile)
        let reference = try ColourReference.chromium(image.pixels, gamma: test.gamma, chromaticities: test.chromaticities)
        let shown = try ColourReference.lcms2(avif.pixels, profile: avif.icc)
        // The AVIF is lossy: held to its own coding loss, measured in sRGB too (lcms2's
        // conversion of the exact pixels against its conversion of the AVIF's), since the wide
        // gamut's conversion magnifies coding errors.
        let coding = Pictures.psnr(shown, try ColourReference.lcms2(image.pixels, profile: avif.icc))
        let after = Pictures.psnr(shown, reference)
        print("PNGChunkProfileTests: AVIF (default quality) vs Chromium's reading: \(String(format: "%.1f", after)) dB (its coding loss alone, in sRGB: \(String(format: "%.1f", coding)) dB), before (untagged) \(String(format: "%.1f", Pictures.psnr(avif.pixels, reference))) dB")
        #expect(after >= coding - 1)
        let png = try OutputFormat.png.encode(.rgba(image.pixels), OutputFormat.png.defaults, image.info)
        let text = String(decoding: png.prefix(200), as: UTF8.self)
        #expect(text.contains("gAMA") && text.contains("cHRM") && !text.contains("iCCP"))
    }

    /// PngSuite's gamma files (gAMA 0.35 to 2.5, colour, 16-bit grey, palette) and its cHRM
    /// files, from the shared test images.
    @Test func pngSuitesGammaAndChromaticityFilesMeanTheSameInTheirWebP() throws {
        guard SharedTestData.isPresent else {
            print("PNGChunkProfileTests: skipped PngSuite: \(SharedTestData.folder.path) is absent")
            return
        }
        let files = SharedTestData.files(in: "pngsuite").filter { $0.lastPathComponent.hasPrefix("g") || $0.lastPathComponent.hasPrefix("ccw") }
        #expect(files.count == 20)
        var before: [Double] = [], after: [Double] = []
        for file in files {
            let image = try PNGDecoder.decode(path: file.path, minimumScale: 1, pixelLimit: 1 << 20, memoryLimit: 1 << 30)
            let chunks = try #require(image.colorChunks, "\(file.lastPathComponent)")
            let reference = try ColourReference.chromium(image.pixels, gamma: chunks.gamma, chromaticities: chunks.chromaticities)
            var lossless = OutputFormat.webp.defaults
            lossless["lossless"] = .flag(true)
            let webp = scratch.write("\(file.lastPathComponent).webp", try OutputFormat.webp.encode(.rgba(image.pixels), lossless, image.info))
            before.append(Pictures.psnr(image.pixels, reference))
            after.append(Pictures.psnr(try ColourReference.shown(path: webp).pixels, reference))
            #expect(after.last! >= Self.minimumPSNR, "\(file.lastPathComponent)")
        }
        print("PNGChunkProfileTests: PngSuite's \(files.count) gAMA/cHRM files, WebP vs Chromium's reading: before \(String(format: "%.1f–%.1f", before.min()!, before.max()!)) dB, after \(String(format: "%.1f–%.1f", after.min()!, after.max()!)) dB")
    }

    /// An `sRGB` chunk, or an `iCCP`, says what the chunks do not: no profile is made.
    @Test func noProfileIsMadeWhenTheFileSaysSRGBOrHasAnICCProfile() throws {
        #expect(PNGColorChunks(srgbIntent: 0, gamma: 45455, chromaticities: Self.bt2020).profile(grey: false) == nil)
        #expect(PNGColorChunks().profile(grey: false) == nil)
        #expect(PNGColorChunks(chromaticities: PNGColorChunks.sRGBChromaticities).profile(grey: false) == nil)
        // Chromaticities that would divide by zero are ignored; the gamma still counts.
        #expect(PNGColorChunks(gamma: 55556, chromaticities: [0, 0, 0, 0, 0, 0, 0, 0]).profile(grey: false)
            == PNGColorChunks(gamma: 55556).profile(grey: false))
        var png = PNGFixture(width: 4, height: 4, colorType: 2, bitDepth: 8) { x, y in [x * 60, y * 60, 90] }
        png.chunks = [("gAMA", UInt32(55556).bigEndian4), ("iCCP", ICCFixture.iccpPayload(WideGamutProfile.bytes()))]
        let image = try PNGDecoder.decode(path: scratch.write("icc.png", png.bytes), minimumScale: 1, pixelLimit: 1 << 20, memoryLimit: 1 << 30)
        #expect(image.info.chunkProfile == nil && image.iccProfile == WideGamutProfile.bytes())
    }
}
