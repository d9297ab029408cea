import Glibc
import LibLCMS2

/// An ICC profile, made with lcms2, for colour a HEIF or AVIF gives as nclx code points (ITU-T
/// H.273 primaries and transfer) rather than as an ICC profile, so that the JPEG, PNG, WebP and
/// AVIF renditions carry it like any embedded profile. The matrix coefficients and range are
/// libheif's business: it applies them when it converts to RGB.
public enum NCLXProfile {
    /// H.273 transfer characteristics, as thumbgen shows them on an 8-bit rendition.
    enum Transfer: Equatable {
        /// sRGB (13). The camera curves of BT.709, BT.601 and BT.2020 (1, 6, 14, 15), and
        /// unspecified or unknown values, are shown through it too, as browsers show such images.
        case sRGB
        /// Pure power laws: gamma 2.2 (4), 2.8 (5), linear (8).
        case gamma(Double)
        /// SMPTE ST 2084 (16) and HLG (18): high dynamic range, mapped so that reference white
        /// (203 cd/m², HLG's 75% signal, as ITU-R BT.2408 places it) is the rendition's white and
        /// brighter light clips. No tone mapping.
        case pq, hlg

        init(code: Int) {
            switch code {
            case 4: self = .gamma(2.2)
            case 5: self = .gamma(2.8)
            case 8: self = .gamma(1)
            case 16: self = .pq
            case 18: self = .hlg
            default: self = .sRGB
            }
        }

        /// Linear light (0…1) for a signal value (0…1).
        func linear(_ signal: Double) -> Double {
            switch self {
            case .sRGB: return signal <= 0.04045 ? signal / 12.92 : pow((signal + 0.055) / 1.055, 2.4)
            case .gamma(let gamma): return pow(signal, gamma)
            case .pq:
                let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128, c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32
                let p = pow(signal, 1 / m2)
                let nits = 10_000 * pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
                return min(1, nits / 203)
            case .hlg:
                func scene(_ e: Double) -> Double {
                    let a = 0.17883277, b = 1 - 4 * a, c = 0.5 - a * log(4 * a)
                    return e <= 0.5 ? e * e / 3 : (exp((e - c) / a) + b) / 12
                }
                return min(1, scene(signal) / scene(0.75))
            }
        }
    }

    /// White and red, green, blue chromaticities (x, y).
    public struct Primaries: Equatable, Sendable {
        public var white: (x: Double, y: Double), red: (x: Double, y: Double), green: (x: Double, y: Double), blue: (x: Double, y: Double)

        public init(white: (Double, Double), red: (Double, Double), green: (Double, Double), blue: (Double, Double)) {
            self.white = white; self.red = red; self.green = green; self.blue = blue
        }

        public static func == (a: Primaries, b: Primaries) -> Bool {
            a.white == b.white && a.red == b.red && a.green == b.green && a.blue == b.blue
        }

        /// BT.709 and sRGB.
        public static let sRGB = Primaries(white: (0.3127, 0.3290), red: (0.64, 0.33), green: (0.30, 0.60), blue: (0.15, 0.06))
    }

    /// The profile for `primaries` (their chromaticities as libheif decodes them from the code
    /// point `primariesCode`) and transfer `transferCode`; nil when that is plain sRGB, which
    /// needs no profile. `primariesCode` 2 (unspecified) counts as sRGB.
    public static func profile(primariesCode: Int, primaries: Primaries, transferCode: Int) -> [UInt8]? {
        let transfer = Transfer(code: transferCode)
        let isSRGB = primariesCode == 1 || primariesCode == 2 || primaries == .sRGB
        if isSRGB && transfer == .sRGB { return nil }
        let chromaticities = isSRGB ? Primaries.sRGB : primaries
        return build(chromaticities, transfer: transfer,
                     description: "thumbgen nclx \(primariesCode)/\(transferCode)")
    }

    static func build(_ primaries: Primaries, transfer: Transfer, description: String) -> [UInt8]? {
        var white = cmsCIExyY(x: primaries.white.x, y: primaries.white.y, Y: 1)
        var triple = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: primaries.red.x, y: primaries.red.y, Y: 1),
                                     Green: cmsCIExyY(x: primaries.green.x, y: primaries.green.y, Y: 1),
                                     Blue: cmsCIExyY(x: primaries.blue.x, y: primaries.blue.y, Y: 1))
        guard let curve = toneCurve(transfer) else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let profile = cmsCreateRGBProfile(&white, &triple, &curves) else { return nil }
        return ICCProfileBytes.saved(profile, description: description)
    }

    static func toneCurve(_ transfer: Transfer) -> OpaquePointer? {
        switch transfer {
        case .sRGB:
            // lcms2's type 4: Y = (aX + b)^g for X ≥ d, else cX.
            let parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
            return cmsBuildParametricToneCurve(nil, 4, parameters)
        case .gamma(let gamma):
            return cmsBuildParametricToneCurve(nil, 1, [gamma])
        case .pq, .hlg:
            let samples = (0..<1024).map { Float(transfer.linear(Double($0) / 1023)) }
            return cmsBuildTabulatedToneCurveFloat(nil, UInt32(samples.count), samples)
        }
    }
}
