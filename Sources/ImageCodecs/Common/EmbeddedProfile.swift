import LibLCMS2

/// Which embedded ICC profiles the renditions carry. A profile is copied into every rendition
/// (a JPEG splits it into APP2 segments of 65,519 bytes), so a hostile original's 20 MiB of
/// zeros would put 20 MiB into each 32-pixel thumbnail. A profile is carried only when lcms2
/// parses it and it is at most `maxBytes`; otherwise the renditions go without it, untagged
/// (shown as sRGB), and the build says why in a warning.
public enum EmbeddedProfile {
    /// Most bytes of a profile carried: a camera's or a display's is a few KiB, a print
    /// profile's lookup tables a few hundred.
    public static let maxBytes = 1 << 20

    /// The profile when the renditions may carry it; else nil and the warning that says why.
    public static func vetted(_ profile: [UInt8]?) -> (profile: [UInt8]?, warning: String?) {
        guard let profile, !profile.isEmpty else { return (nil, nil) }
        guard profile.count <= maxBytes else {
            let size = profile.count >= 1 << 20 ? "\(CodecError.mebibytes(profile.count)) MiB" : "\(profile.count) bytes"
            return (nil, "its embedded ICC profile is \(size), over the 1 MiB a rendition carries; the renditions go without it (shown as sRGB)")
        }
        guard parses(profile) else {
            return (nil, "its embedded ICC profile is damaged (lcms2 cannot read it); the renditions go without it (shown as sRGB)")
        }
        return (profile, nil)
    }

    /// Whether lcms2 opens the profile: its header and tag directory are sound.
    static func parses(_ profile: [UInt8]) -> Bool {
        let handle = profile.withUnsafeBytes { cmsOpenProfileFromMemTHR(nil, $0.baseAddress, cmsUInt32Number($0.count)) }
        guard let handle else { return false }
        cmsCloseProfile(handle)
        return true
    }
}

extension SourceInfo {
    /// Takes the original's embedded profile if the renditions may carry it (`EmbeddedProfile`),
    /// else records why it was dropped.
    mutating func embed(_ profile: [UInt8]?) {
        let vetted = EmbeddedProfile.vetted(profile)
        iccProfile = vetted.profile
        if let warning = vetted.warning { warnings.append(warning) }
    }
}
