/// Fixed-point text of a number (what `String(format: "%.2f")` gives), without Foundation.
package func fixed(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return value.description }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (abs(value) * scale).rounded()
    let whole = Int(rounded / scale), fraction = Int(rounded - Double(whole) * scale)
    let sign = value < 0 && rounded > 0 ? "-" : ""
    guard decimals > 0 else { return sign + String(whole) }
    let digits = String(fraction)
    return sign + "\(whole)." + String(repeating: "0", count: decimals - digits.count) + digits
}

/// `7` → `07`.
package func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : String(value)
}
