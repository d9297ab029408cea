import LibLCMS2
import Testing
@testable import ImageCodecs

/// The profiles made for nclx colour, checked by converting known colours with lcms2.
@Suite struct NCLXProfileTests {
    static let p3 = NCLXProfile.Primaries(white: (0.3127, 0.3290), red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060))
    static let bt2020 = NCLXProfile.Primaries(white: (0.3127, 0.3290), red: (0.708, 0.292), green: (0.170, 0.797), blue: (0.131, 0.046))

    /// sRGB `rgb` as the profile's 8-bit values (relative colorimetric, lcms2's built-in sRGB).
    func fromSRGB(_ rgb: [UInt8], to profile: [UInt8]) -> [UInt8] {
        let srgb = cmsCreate_sRGBProfile()
        let target = profile.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count)) }
        defer { cmsCloseProfile(srgb); cmsCloseProfile(target) }
        // TYPE_RGB_8: colour space RGB (4) << 16 | 3 channels << 3 | 1 byte.
        let rgb8: UInt32 = 4 << 16 | 3 << 3 | 1
        let transform = cmsCreateTransform(srgb, rgb8, target, rgb8, 1, 0)
        defer { cmsDeleteTransform(transform) }
        var output = [UInt8](repeating: 0, count: 3)
        cmsDoTransform(transform, rgb, &output, 1)
        return output
    }

    @Test func plainSRGBNeedsNoProfile() {
        #expect(NCLXProfile.profile(primariesCode: 1, primaries: .sRGB, transferCode: 13) == nil)
        #expect(NCLXProfile.profile(primariesCode: 2, primaries: .sRGB, transferCode: 2) == nil)
        #expect(NCLXProfile.profile(primariesCode: 1, primaries: .sRGB, transferCode: 1) == nil)
    }

    @Test func displayP3ShowsSRGBRedInside() throws {
        let profile = try #require(NCLXProfile.profile(primariesCode: 12, primaries: Self.p3, transferCode: 13))
        // sRGB red in Display P3 is (0.9175, 0.2003, 0.1386).
        let red = fromSRGB([255, 0, 0], to: profile)
        #expect(zip(red, [234, 51, 35]).allSatisfy { abs(Int($0) - $1) <= 1 })
        #expect(fromSRGB([128, 128, 128], to: profile) == [128, 128, 128])
    }

    @Test func bt2020WithItsCameraCurveIsShownThroughTheSRGBCurve() throws {
        let profile = try #require(NCLXProfile.profile(primariesCode: 9, primaries: Self.bt2020, transferCode: 14))
        // sRGB red in BT.2020 linear light is (0.6274, 0.0691, 0.0164); through the sRGB curve
        // that is (0.8138, 0.2915, 0.1353): 207.5, 74.3, 34.5.
        let red = fromSRGB([255, 0, 0], to: profile)
        #expect(red == [208, 74, 35])
    }

    @Test func profilesAreTheSameBytesEveryTime() {
        let first = NCLXProfile.profile(primariesCode: 12, primaries: Self.p3, transferCode: 13)
        #expect(first != nil && first == NCLXProfile.profile(primariesCode: 12, primaries: Self.p3, transferCode: 13))
    }

    @Test func pqMapsReferenceWhiteToWhite() {
        let pq = NCLXProfile.Transfer(code: 16)
        // 203 cd/m² is PQ signal 0.5808.
        #expect(abs(pq.linear(0.5808) - 1) < 0.01)
        #expect(pq.linear(1) == 1 && pq.linear(0) == 0)
        #expect(abs(NCLXProfile.Transfer(code: 18).linear(0.75) - 1) < 1e-9)
    }
}
