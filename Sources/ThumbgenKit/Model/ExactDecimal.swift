/// A non-negative decimal number held exactly as `units / 10^digits`, so that points × scale
/// never picks up float noise (33.34 × 3 = 100.02 exactly, 60 × 3 = 180 exactly).
public struct ExactDecimal: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Most fractional digits a manifest number may have.
    public static let maxDigits = 6
    /// The value times 10^digits.
    public let units: Int64
    /// Fractional digits, with no trailing zeros kept.
    public let digits: Int

    public init(units: Int64, digits: Int) {
        var units = units
        var digits = digits
        while digits > 0, units % 10 == 0 {
            units /= 10
            digits -= 1
        }
        self.units = units
        self.digits = digits
    }

    public init(_ integer: Int) {
        self.init(units: Int64(integer), digits: 0)
    }

    /// Reads `60`, `37.5`, `33.34`, `.5`. Nil for anything else: signs, exponents, `.nan`,
    /// more than `maxDigits` decimals or more than nine whole digits.
    public init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count > 1 ? parts[1] : ""
        guard !(whole.isEmpty && fraction.isEmpty), whole.count <= 9, fraction.count <= Self.maxDigits,
              whole.allSatisfy({ $0.isASCII && $0.isNumber }), fraction.allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        self.init(units: Int64(String(whole) + String(fraction)) ?? 0, digits: fraction.count)
    }

    public var doubleValue: Double {
        Double(units) / Double(Self.power(digits))
    }

    public var isZero: Bool { units == 0 }

    /// The shortest form: `2`, `1.5`, `33.34`.
    public var description: String {
        guard digits > 0 else { return String(units) }
        let scale = Self.power(digits)
        let fraction = String(units % scale)
        return "\(units / scale)." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    /// ⌈self × other⌉, exactly (saturating at `Int.max`).
    public func ceilProduct(_ other: ExactDecimal) -> Int {
        let product = Int128(units) * Int128(other.units)
        let scale = Int128(Self.power(digits)) * Int128(Self.power(other.digits))
        let result = (product + scale - 1) / scale
        return result > Int128(Int.max) ? Int.max : Int(result)
    }

    public static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
        let digits = max(lhs.digits, rhs.digits)
        return lhs.units * power(digits - lhs.digits) < rhs.units * power(digits - rhs.digits)
    }

    private static func power(_ exponent: Int) -> Int64 {
        var result: Int64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
