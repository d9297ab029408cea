/// The cosine, in plain arithmetic: the ThumbHash decoder needs nothing else from a C library,
/// and with this the module imports Foundation alone on every platform Swift runs on (Darwin,
/// Glibc, Musl, Android's Bionic, Windows, WASI each spell the import of `cos` differently).
///
/// The method is fdlibm's (Sun, 1993), which most C libraries and JavaScript engines use or
/// descend from: reduce the argument by a multiple of π/2 held in three parts, then a minimax
/// polynomial on [-π/4, π/4]. RenditionsTests/CosineTests checks it against the C library's `cos`
/// for every argument the decoder can pass.
enum Cosine {
    /// cos(x) for |x| < 2²⁰·π/2, within an ulp. The decoder asks only for arguments below 7π.
    static func cos(_ x: Double) -> Double {
        let magnitude = abs(x)
        guard magnitude.isFinite, magnitude < 1_647_099 else { return .nan }
        if magnitude <= Double.pi / 4 {
            return magnitude < 0x1p-27 ? 1 : kernelCos(x, 0)
        }
        let (quadrant, head, tail) = reduce(x)
        switch quadrant & 3 {
        case 0: return kernelCos(head, tail)
        case 1: return -kernelSin(head, tail)
        case 2: return -kernelCos(head, tail)
        default: return kernelSin(head, tail)
        }
    }

    private static func bits(_ pattern: UInt64) -> Double { Double(bitPattern: pattern) }

    // 2/π, and π/2 as a sum of parts of 33 bits each (so `n × part` is exact for n < 2²⁰) plus tails.
    private static let twoOverPi = bits(0x3FE4_5F30_6DC9_C883)
    private static let piOver2Part1 = bits(0x3FF9_21FB_5440_0000), piOver2Tail1 = bits(0x3DD0_B461_1A62_6331)
    private static let piOver2Part2 = bits(0x3DD0_B461_1A60_0000), piOver2Tail2 = bits(0x3BA3_198A_2E03_7073)
    private static let piOver2Part3 = bits(0x3BA3_198A_2E00_0000), piOver2Tail3 = bits(0x397B_839A_2520_49C1)

    /// x − n·π/2 as head + tail (about 118 bits), with n the nearest integer to x·2/π. A second
    /// and third part are subtracted only when the first cancelled many leading bits, which
    /// happens for x near a multiple of π/2.
    private static func reduce(_ x: Double) -> (Int, Double, Double) {
        let n = (x * twoOverPi).rounded(.toNearestOrEven)
        func exponent(_ value: Double) -> Int { Int((value.bitPattern >> 52) & 0x7FF) }
        var r = x - n * piOver2Part1
        var w = n * piOver2Tail1
        var head = r - w
        let cancelled = exponent(x) - exponent(head)
        if cancelled > 16 {
            var t = r
            w = n * piOver2Part2
            r = t - w
            w = n * piOver2Tail2 - ((t - r) - w)
            head = r - w
            if exponent(x) - exponent(head) > 49 {
                t = r
                w = n * piOver2Part3
                r = t - w
                w = n * piOver2Tail3 - ((t - r) - w)
                head = r - w
            }
        }
        return (Int(n), head, (r - head) - w)
    }

    // Minimax coefficients of cos and sin on [-π/4, π/4] (fdlibm's k_cos.c and k_sin.c).
    private static let c1 = bits(0x3FA5_5555_5555_554C), c2 = bits(0xBF56_C16C_16C1_5177)
    private static let c3 = bits(0x3EFA_01A0_19CB_1590), c4 = bits(0xBE92_7E4F_809C_52AD)
    private static let c5 = bits(0x3E21_EE9E_BDB4_B1C4), c6 = bits(0xBDA8_FAE9_BE88_38D4)
    private static let s1 = bits(0xBFC5_5555_5555_5549), s2 = bits(0x3F81_1111_1110_F8A6)
    private static let s3 = bits(0xBF2A_01A0_19C1_61D5), s4 = bits(0x3EC7_1DE3_57B1_FE7D)
    private static let s5 = bits(0xBE5A_E5E6_8A2B_9CEB), s6 = bits(0x3DE5_D93A_5ACF_D57C)

    /// cos(x + y) for |x| ≤ π/4 and y a tail far below x's last bit.
    private static func kernelCos(_ x: Double, _ y: Double) -> Double {
        let z = x * x
        let z2 = z * z
        let r = z * (c1 + z * (c2 + z * c3)) + z2 * z2 * (c4 + z * (c5 + z * c6))
        let half = 0.5 * z
        let w = 1 - half
        // 1 − z/2 rounded, then what that rounding lost, added back with the polynomial.
        return w + (((1 - w) - half) + (z * r - x * y))
    }

    /// sin(x + y) for |x| ≤ π/4 and y a tail far below x's last bit.
    private static func kernelSin(_ x: Double, _ y: Double) -> Double {
        let z = x * x
        let z2 = z * z
        let r = s2 + z * (s3 + z * s4) + z * z2 * (s5 + z * s6)
        let v = z * x
        return x - ((z * (0.5 * y - v * r) - y) - v * s1)
    }
}
