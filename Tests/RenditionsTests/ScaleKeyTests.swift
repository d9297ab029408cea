import Testing
import Renditions

/// The `<slot>@<scale>x` keys of the index.
struct ScaleKeyTests {
    @Test(arguments: [(2.0, "2"), (1.0, "1"), (1.5, "1.5"), (0.75, "0.75"), (3.0, "3"), (2.25, "2.25"), (100.0, "100"), (0.1, "0.1")])
    func formatsAScale(_ scale: Double, _ expected: String) {
        #expect(ScaleKey.format(scale) == expected)
    }

    @Test func keysAnEntry() {
        #expect(ScaleKey.entry(slot: "thumb", scale: 2) == "thumb@2x")
        #expect(ScaleKey.entry(slot: "card", scale: 1.5) == "card@1.5x")
    }
}
