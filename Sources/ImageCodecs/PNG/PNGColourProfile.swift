import LibLCMS2

extension PNGColorChunks {
    /// The gamma values libpng accepts in a `gAMA` chunk (×100000); others are ignored, as
    /// libpng ignores them.
    static let gammaRange = 16...625_000_000

    /// sRGB's `cHRM`, as PNG writes it: white, red, green, blue (x, y) × 100000.
    static let sRGBChromaticities = [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000]

    /// An ICC profile (made with lcms2) that means what `gAMA` and `cHRM` mean, for the files
    /// beside a PNG fallback that carry no PNG chunks (WebP, AVIF, JPEG): so that every file of
    /// a rendition shows the same colour. Read as Chromium reads them (Skia's PNG codec), and
    /// libpng's gamma handling: an `sRGB` chunk says sRGB (nil); `gAMA` is the *encoding*
    /// exponent, so the transfer curve is a pure power of 100000/gAMA (45455 → 2.2, 55556 →
    /// 1.8); without `gAMA` the sRGB curve; primaries and white from `cHRM`, else sRGB's
    /// (lcms2 adapts the white to the D50 connection space with Bradford, as skcms does); nil
    /// when neither chunk is there. `grey`: a grey profile (the curve alone) for grey pixels.
    public func profile(grey: Bool) -> [UInt8]? {
        guard srgbIntent == nil else { return nil }
        let gamma = self.gamma.flatMap { Self.gammaRange.contains($0) ? 100_000 / Double($0) : nil }
        let points = chromaticities.flatMap { Self.arePlausible($0) && $0 != Self.sRGBChromaticities ? $0 : nil }
        guard gamma != nil || points != nil else { return nil }
        let transfer: NCLXProfile.Transfer = gamma.map { .gamma($0) } ?? .sRGB
        let primaries = points.map { p in
            NCLXProfile.Primaries(white: (Double(p[0]) / 1e5, Double(p[1]) / 1e5), red: (Double(p[2]) / 1e5, Double(p[3]) / 1e5),
                                  green: (Double(p[4]) / 1e5, Double(p[5]) / 1e5), blue: (Double(p[6]) / 1e5, Double(p[7]) / 1e5))
        } ?? .sRGB
        let description = "thumbgen PNG" + (self.gamma.map { " gAMA \($0)" } ?? "") + (points == nil ? "" : " cHRM")
        if grey { return Self.greyProfile(white: primaries.white, transfer: transfer, description: description) }
        // Primaries lcms2 cannot make a matrix of (all on one line): sRGB's, as Skia falls back.
        return NCLXProfile.build(primaries, transfer: transfer, description: description)
            ?? NCLXProfile.build(.sRGB, transfer: transfer, description: description)
    }

    /// Chromaticities libpng would accept: each x and y within 0…1, each y above 0 (a hostile
    /// file's zeros would divide by zero); others are ignored.
    static func arePlausible(_ points: [Int]) -> Bool {
        guard points.count == 8 else { return false }
        return stride(from: 0, to: 8, by: 2).allSatisfy { (index: Int) -> Bool in
            let x = points[index], y = points[index + 1]
            return x >= 0 && y >= 1 && x + y <= 100_000
        }
    }

    private static func greyProfile(white: (x: Double, y: Double), transfer: NCLXProfile.Transfer, description: String) -> [UInt8]? {
        guard let curve = NCLXProfile.toneCurve(transfer) else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var point = cmsCIExyY(x: white.x, y: white.y, Y: 1)
        guard let profile = cmsCreateGrayProfile(&point, curve) else { return nil }
        return ICCProfileBytes.saved(profile, description: description)
    }
}
