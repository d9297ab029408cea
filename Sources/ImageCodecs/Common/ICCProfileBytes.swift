import LibLCMS2

/// The bytes of a profile thumbgen makes with lcms2 (for nclx colour, PNG `gAMA`/`cHRM`), the
/// same for the same inputs so that renditions stay byte-identical.
enum ICCProfileBytes {
    /// `profile` with `description` as its description tag, saved; closes `profile`. Nil when
    /// lcms2 cannot save it.
    static func saved(_ profile: cmsHPROFILE, description: String) -> [UInt8]? {
        defer { cmsCloseProfile(profile) }
        if let text = cmsMLUalloc(nil, 1) {
            cmsMLUsetASCII(text, "en", "US", description)
            cmsWriteTag(profile, cmsSigProfileDescriptionTag, UnsafeRawPointer(text))
            cmsMLUfree(text)
        }
        var length: UInt32 = 0
        guard cmsSaveProfileToMem(profile, nil, &length) != 0, length >= 128 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        guard cmsSaveProfileToMem(profile, &bytes, &length) != 0 else { return nil }
        // lcms2 stamps the time of creation: a fixed date keeps renditions byte-identical.
        let date: [UInt16] = [2024, 1, 1, 0, 0, 0]
        for (index, value) in date.enumerated() {
            bytes[24 + 2 * index] = UInt8(value >> 8)
            bytes[25 + 2 * index] = UInt8(value & 0xFF)
        }
        return bytes
    }
}
