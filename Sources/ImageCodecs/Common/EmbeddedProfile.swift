import LibLCMS2
import Raster

/// Which embedded ICC profiles the renditions carry. A profile is copied into every rendition
/// (a JPEG splits it into APP2 segments of 65,519 bytes), so a hostile original's 20 MiB of
/// zeros would put 20 MiB into each 32-pixel thumbnail. A profile is carried only when lcms2
/// parses it and it is at most `maxBytes`; otherwise the renditions go without it, untagged
/// (shown as sRGB), and the build says why in a warning.
public enum EmbeddedProfile {
    /// Most bytes of a profile carried: a camera's or a display's is a few KiB, a print
    /// profile's lookup tables a few hundred.
    public static let maxBytes = 1 << 20

    /// The profile when the renditions of pixels that are `grey` (or RGB) may carry it; else nil
    /// and the warning that says why. A profile for other pixels than the image's (a grey
    /// profile on RGB pixels, an RGB or CMYK one on grey) would be invalid in every file: dropped.
    public static func vetted(_ profile: [UInt8]?, grey: Bool = false) -> (profile: [UInt8]?, warning: String?) {
        guard let profile, !profile.isEmpty else { return (nil, nil) }
        guard profile.count <= maxBytes else {
            let size = profile.count >= 1 << 20 ? "\(CodecError.mebibytes(profile.count)) MiB" : "\(profile.count) bytes"
            return (nil, "its embedded ICC profile is \(size), over the 1 MiB a rendition carries; the renditions go without it (shown as sRGB)")
        }
        guard let space = colourSpace(profile) else {
            return (nil, "its embedded ICC profile is damaged (lcms2 cannot read it); the renditions go without it (shown as sRGB)")
        }
        let pixels = grey ? "grey" : "RGB"
        guard space == (grey ? cmsSigGrayData : cmsSigRgbData) else {
            return (nil, "its embedded ICC profile is \(name(space)) profile, not one for its \(pixels) pixels; the renditions go without it (shown as sRGB)")
        }
        return (profile, nil)
    }

    /// The colour space of the profile's pixels, when lcms2 opens it (its header and tag
    /// directory are sound).
    static func colourSpace(_ profile: [UInt8]) -> cmsColorSpaceSignature? {
        let handle = profile.withUnsafeBytes { cmsOpenProfileFromMemTHR(nil, $0.baseAddress, cmsUInt32Number($0.count)) }
        guard let handle else { return nil }
        defer { cmsCloseProfile(handle) }
        return cmsGetColorSpace(handle)
    }

    /// "a grey", "an RGB", "a CMYK", or the signature's four letters.
    static func name(_ space: cmsColorSpaceSignature) -> String {
        switch space {
        case cmsSigGrayData: return "a grey"
        case cmsSigRgbData: return "an RGB"
        case cmsSigCmykData: return "a CMYK"
        default:
            let letters = (0..<4).map { UInt8(truncatingIfNeeded: space.rawValue >> (24 - 8 * $0)) }
            let text = String(decoding: letters.filter { (0x21...0x7E).contains($0) }, as: UTF8.self)
            return "a \(text.isEmpty ? "non-image" : text)"
        }
    }
}

extension SourceInfo {
    /// Takes the original's embedded profile if the renditions may carry it (`EmbeddedProfile`),
    /// else records why it was dropped; set `isGrey` first. A grey profile also gives the curve
    /// for the files that cannot be grey (`greyCurve`).
    mutating func embed(_ profile: [UInt8]?) {
        let vetted = EmbeddedProfile.vetted(profile, grey: isGrey)
        iccProfile = vetted.profile
        if let warning = vetted.warning { warnings.append(warning) }
        if isGrey, let profile = iccProfile { greyCurve = SRGBConversion.greyCurve(profile) }
    }

    /// PNG sources: takes the colour chunks, and without an ICC profile the profile they mean
    /// (`PNGColorChunks.profile`) for the files that carry no chunks; set `isGrey` and embed
    /// the ICC profile first.
    mutating func take(_ chunks: PNGColorChunks) {
        colorChunks = chunks.isEmpty ? nil : chunks
        guard iccProfile == nil, let profile = chunks.profile(grey: isGrey) else { return }
        chunkProfile = profile
        if isGrey { greyCurve = SRGBConversion.greyCurve(profile) }
    }

    /// The ICC profile of a file that writes no PNG chunks (JPEG, WebP, AVIF) and whose pixels
    /// are `grey` or colour: the embedded one, else the one `gAMA`/`cHRM` mean. None for colour
    /// pixels made of a grey original: a grey profile is invalid on them, so they are shown
    /// through its curve instead (`EncoderPixels.inColour`) and go untagged, as sRGB.
    public func profile(greyFile grey: Bool) -> [UInt8]? {
        if isGrey && !grey { return nil }
        return iccProfile ?? chunkProfile
    }
}

extension EncoderPixels {
    /// The pixels of a file that cannot be grey (WebP, AVIF): a grey original's levels through
    /// its grey profile's curve to sRGB, so the untagged file shows what the tagged grey
    /// fallback shows; any other original's as they are.
    public func inColour(_ source: SourceInfo) -> EncoderPixels {
        guard source.isGrey, let curve = source.greyCurve else { return self }
        return StageClock.measure(.colour) {
            switch self {
            case .rgba(let image): .rgba(image.mapped(through: curve))
            case .planar(let image): .planar(image.mapped(through: curve))
            }
        }
    }
}
