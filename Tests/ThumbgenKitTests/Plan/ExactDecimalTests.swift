import Testing
@testable import ThumbgenKit

/// Manifest numbers held exactly, so that points × scale never picks up float noise.
struct ExactDecimalTests {
    @Test(arguments: [
        ("60", 60, 0, "60"), ("37.5", 375, 1, "37.5"), ("33.34", 3334, 2, "33.34"), (".5", 5, 1, "0.5"),
        ("5.", 5, 0, "5"), ("1.50", 15, 1, "1.5"), ("2.000", 2, 0, "2"), ("007", 7, 0, "7"), ("0", 0, 0, "0"),
        ("0.000001", 1, 6, "0.000001"), ("0.05", 5, 2, "0.05"), ("999999999.999999", 999_999_999_999_999, 6, "999999999.999999"),
    ] as [(String, Int64, Int, String)])
    func parses(_ text: String, _ units: Int64, _ digits: Int, _ description: String) throws {
        let value = try #require(ExactDecimal(parsing: text))
        #expect(value.units == units)
        #expect(value.digits == digits)
        #expect(value.description == description)
    }

    @Test(arguments: ["", ".", "-1", "+1", "1e3", "1.1234567", "1234567890", ".nan", ".inf", "1,5", " 1", "1 ", "0x10", "١"])
    func refuses(_ text: String) {
        #expect(ExactDecimal(parsing: text) == nil)
    }

    @Test func comparesByValue() throws {
        let decimal = { (text: String) in ExactDecimal(parsing: text)! }
        #expect(decimal("2") == decimal("2.0"))
        #expect(decimal("2").hashValue == decimal("2.00").hashValue)
        #expect(decimal("1.5") < decimal("2"))
        #expect(decimal("0.1") < decimal("0.100001"))
        #expect(!(decimal("3") < decimal("2.999999") || decimal("3") == decimal("2.999999")))
        #expect(decimal("999999999") > decimal("0.000001"))
        #expect(decimal("0").isZero && !decimal("0.000001").isZero)
        #expect(ExactDecimal(12) == decimal("12"))
        #expect(decimal("1.25").doubleValue == 1.25)
    }

    @Test(arguments: [
        ("60", "3", 180), ("37.5", "2", 75), ("33.34", "3", 101), ("0.1", "3", 1), ("19.99", "3", 60),
        ("1.15", "100", 115), ("0.07", "100", 7), ("0.14", "100", 14), ("4.35", "100", 435), ("33.33", "3", 100),
        ("0.333333", "3", 1), ("10", "0.75", 8), ("0.000001", "0.000001", 1), ("100000", "100", 10_000_000),
        ("999999999.999999", "999999999.999999", 999_999_999_999_998_001),
    ])
    func ceilProductIsExact(_ points: String, _ scale: String, _ expected: Int) {
        #expect(ExactDecimal(parsing: points)!.ceilProduct(ExactDecimal(parsing: scale)!) == expected)
    }

    @Test func floatsWouldHaveAddedAPixel() {
        // The reason for exact arithmetic: in Double these products land just above a whole number.
        let (points, scale) = (0.07, 100.0)  // variables, so the compiler does not fold the product
        #expect((points * scale).rounded(.up) == 8)
        #expect((points * 2 * scale).rounded(.up) == 15)
        #expect(ExactDecimal(parsing: "0.07")!.ceilProduct(ExactDecimal(100)) == 7)
        #expect(ExactDecimal(parsing: "0.14")!.ceilProduct(ExactDecimal(100)) == 14)
    }
}
