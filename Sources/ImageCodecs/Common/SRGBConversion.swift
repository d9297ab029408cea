import LibLCMS2
import Raster

/// Colours an ICC profile describes, converted to sRGB with lcms2: perceptual intent without
/// black point compensation, the defaults of lcms2's own `tificc` and `jpgicc` and of Pillow's
/// `ImageCms`, and the table browsers use (A2B0). Display P3, Adobe RGB, BT.2020 and the
/// profiles thumbgen makes (nclx, PNG `gAMA`/`cHRM`) are matrix/TRC profiles with no
/// perceptual table, for which lcms2 converts relative colorimetric: white to white, colours
/// outside sRGB clipped.
public final class SRGBConversion {
    static let intent = cmsUInt32Number(INTENT_PERCEPTUAL)

    private let transform: cmsHTRANSFORM

    /// A conversion from the RGB profile `profile`; nil when lcms2 cannot read it or it is not
    /// an RGB profile.
    public init?(rgb profile: [UInt8]) {
        guard let transform = Self.transform(profile, space: cmsSigRgbData, input: TG_LCMS_TYPE_RGBA_8, output: TG_LCMS_TYPE_RGBA_8) else { return nil }
        self.transform = transform
    }

    deinit { cmsDeleteTransform(transform) }

    /// `image` (premultiplied when it has alpha) in sRGB; alpha kept.
    public func converted(_ image: PixelBuffer) -> PixelBuffer {
        var straight = image.unpremultiplied()
        let count = cmsUInt32Number(image.width * image.height)
        straight.pixels.withUnsafeMutableBufferPointer { bytes in
            // In place: lcms2 reads each pixel before it writes it; alpha is left as it is.
            cmsDoTransform(transform, bytes.baseAddress, bytes.baseAddress, count)
        }
        if image.hasAlpha { straight.pixels.withUnsafeMutableBufferPointer { PixelBuffer.premultiply($0) } }
        return straight
    }

    /// What each grey level (0…255) of the grey profile `profile` shows as in sRGB, as an sRGB
    /// grey level; nil when lcms2 cannot read it or it is not a grey profile. (lcms2 maps the
    /// profile's neutrals to sRGB's, R = G = B; green is taken.)
    ///
    /// Unoptimised: lcms2's 8-bit optimisation joins the curves into a table whose first
    /// levels it makes a straight line, which for a steep start (PngSuite's gAMA 2.5, a curve
    /// of 0.4) shows grey 1 as 17 where the curve says 93; 256 levels cost nothing exact.
    public static func greyCurve(_ profile: [UInt8]) -> [UInt8]? {
        guard let transform = transform(profile, space: cmsSigGrayData, input: TG_LCMS_TYPE_GRAY_8, output: TG_LCMS_TYPE_RGB_8,
                                        flags: cmsUInt32Number(cmsFLAGS_NOOPTIMIZE)) else { return nil }
        defer { cmsDeleteTransform(transform) }
        let levels = (0...255).map { UInt8($0) }
        var rgb = [UInt8](repeating: 0, count: 256 * 3)
        cmsDoTransform(transform, levels, &rgb, 256)
        return (0..<256).map { rgb[$0 * 3 + 1] }
    }

    private static func transform(_ profile: [UInt8], space: cmsColorSpaceSignature, input: cmsUInt32Number,
                                  output: cmsUInt32Number, flags: cmsUInt32Number = 0) -> cmsHTRANSFORM? {
        let source = profile.withUnsafeBytes { cmsOpenProfileFromMemTHR(nil, $0.baseAddress, cmsUInt32Number($0.count)) }
        guard let source else { return nil }
        defer { cmsCloseProfile(source) }
        guard cmsGetColorSpace(source) == space, cmsGetDeviceClass(source) != cmsSigLinkClass,
              let sRGB = cmsCreate_sRGBProfileTHR(nil) else { return nil }
        defer { cmsCloseProfile(sRGB) }
        return cmsCreateTransformTHR(nil, source, input, sRGB, output, intent, flags)
    }
}

extension PixelBuffer {
    /// Red, green and blue each through `curve` (256 levels), alpha kept: for a grey image
    /// (R = G = B) shown through a grey profile's curve (`SRGBConversion.greyCurve`).
    public func mapped(through curve: [UInt8]) -> PixelBuffer {
        precondition(curve.count == 256)
        var straight = unpremultiplied()
        straight.pixels.withUnsafeMutableBufferPointer { bytes in
            var offset = 0
            while offset + 3 < bytes.count {
                bytes[offset] = curve[Int(bytes[offset])]
                bytes[offset + 1] = curve[Int(bytes[offset + 1])]
                bytes[offset + 2] = curve[Int(bytes[offset + 2])]
                offset += 4
            }
            if hasAlpha { PixelBuffer.premultiply(bytes) }
        }
        return straight
    }
}

extension PlanarImage {
    /// A grey image's plane through `curve` (256 levels); YCbCr planes are left as they are.
    public func mapped(through curve: [UInt8]) -> PlanarImage {
        guard isGrey else { return self }
        return PlanarImage(planes: [Plane(width: width, height: height, bytes: planes[0].bytes.map { curve[Int($0)] })])
    }
}
