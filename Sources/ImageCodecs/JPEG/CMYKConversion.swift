import LibLCMS2

/// CMYK (or YCCK, which libjpeg hands over as CMYK) to sRGB. With an embedded CMYK profile the
/// inks are converted through it with lcms2, perceptual intent without black point
/// compensation: the defaults of lcms2's own `jpgicc` and of Pillow's `ImageCms`, which the
/// tests compare with. Without a usable profile, the naive formula (each channel times black),
/// as Chromium and Pillow convert an untagged CMYK JPEG. The result is sRGB, written untagged:
/// the CMYK profile describes inks, not the renditions' pixels.
final class CMYKConversion {
    /// Adobe applications store CMYK inverted (255 means no ink); a file with an Adobe marker is
    /// taken to be one of theirs, as libjpeg's and lcms2's `jpgicc` take it.
    let inverted: Bool
    /// Why an embedded profile was not used, for the build's warning.
    private(set) var warning: String?
    private var transform: cmsHTRANSFORM?
    private var scratch: [UInt8] = []

    init(profile: [UInt8]?, inverted: Bool) {
        self.inverted = inverted
        guard let profile, !profile.isEmpty else { return }
        transform = Self.transform(from: profile, inverted: inverted)
        if transform == nil {
            warning = "its embedded ICC profile is not a CMYK profile lcms2 can convert from; its CMYK is converted to RGB without it"
        }
    }

    deinit {
        if let transform { cmsDeleteTransform(transform) }
    }

    /// Whether the embedded profile is used.
    var isColourManaged: Bool { transform != nil }

    /// A CMYK profile to sRGB; nil when lcms2 cannot read it, or it is not a CMYK input profile.
    private static func transform(from bytes: [UInt8], inverted: Bool) -> cmsHTRANSFORM? {
        let input = bytes.withUnsafeBytes { cmsOpenProfileFromMemTHR(nil, $0.baseAddress, cmsUInt32Number($0.count)) }
        guard let input else { return nil }
        defer { cmsCloseProfile(input) }
        let pcs = cmsGetPCS(input)
        guard cmsGetColorSpace(input) == cmsSigCmykData, cmsGetDeviceClass(input) != cmsSigLinkClass,
              pcs == cmsSigLabData || pcs == cmsSigXYZData, let sRGB = cmsCreate_sRGBProfileTHR(nil) else { return nil }
        defer { cmsCloseProfile(sRGB) }
        return cmsCreateTransformTHR(nil, input, inverted ? TG_LCMS_TYPE_CMYK_8_REV : TG_LCMS_TYPE_CMYK_8,
                                     sRGB, TG_LCMS_TYPE_RGB_8, cmsUInt32Number(INTENT_PERCEPTUAL), 0)
    }

    /// C, M, Y, K bytes to R, G, B, 255 in place.
    func convert(_ bytes: UnsafeMutableBufferPointer<UInt8>) {
        guard let transform else { return Self.naive(bytes, inverted: inverted) }
        let pixels = bytes.count / 4
        if scratch.count < pixels * 3 { scratch = [UInt8](repeating: 0, count: pixels * 3) }
        scratch.withUnsafeMutableBufferPointer { rgb in
            cmsDoTransform(transform, bytes.baseAddress, rgb.baseAddress, cmsUInt32Number(pixels))
            for pixel in 0..<pixels {
                bytes[pixel * 4] = rgb[pixel * 3]
                bytes[pixel * 4 + 1] = rgb[pixel * 3 + 1]
                bytes[pixel * 4 + 2] = rgb[pixel * 3 + 2]
                bytes[pixel * 4 + 3] = 255
            }
        }
    }

    /// Without a profile: each ink's complement times black's.
    static func naive(_ bytes: UnsafeMutableBufferPointer<UInt8>, inverted: Bool) {
        var offset = 0
        while offset + 4 <= bytes.count {
            var c = UInt32(bytes[offset]), m = UInt32(bytes[offset + 1])
            var y = UInt32(bytes[offset + 2]), k = UInt32(bytes[offset + 3])
            if !inverted {
                c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k
            }
            bytes[offset] = UInt8((c * k + 127) / 255)
            bytes[offset + 1] = UInt8((m * k + 127) / 255)
            bytes[offset + 2] = UInt8((y * k + 127) / 255)
            bytes[offset + 3] = 255
            offset += 4
        }
    }
}
