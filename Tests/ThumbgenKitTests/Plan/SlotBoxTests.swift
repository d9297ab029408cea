import Testing
@testable import ThumbgenKit

/// Slot sizes in points × screen scale → boxes in pixels: ⌈points × scale⌉ per side.
struct SlotBoxTests {
    @Test(arguments: [
        ("60x60", "1", 60, 60), ("60x60", "2", 120, 120), ("60x60", "3", 180, 180),
        ("37.5x37.5", "2", 75, 75), ("33.34x33.34", "3", 101, 101), ("0.1x0.1", "3", 1, 1),
        ("19.99x19.99", "3", 60, 60), ("1.15x1.15", "100", 115, 115), ("320x180", "2", 640, 360),
        ("320x180", "1.5", 480, 270), ("60x45", "1.5", 90, 68), ("0.07x0.14", "100", 7, 14),
        ("33.33x0.333333", "3", 100, 1), ("10x10", "0.75", 8, 8), ("100000x100000", "100", 10_000_000, 10_000_000),
        ("390x", "2", 780, nil), ("390x", "3", 1170, nil), ("x200", "1.5", nil, 300), ("x0.5", "3", nil, 2),
    ] as [(String, String, Int?, Int?)])
    func boxOfSlotAtScale(_ size: String, _ scale: String, _ width: Int?, _ height: Int?) {
        let box = SlotBox(slotSize(size), scale: ExactDecimal(parsing: scale)!)
        #expect(box == SlotBox(width: width, height: height))
    }

    @Test(arguments: [
        (SlotBox(width: 180, height: 180), "180x180"), (SlotBox(width: 780, height: nil), "780x"),
        (SlotBox(width: nil, height: 400), "x400"),
    ])
    func describesItself(_ box: SlotBox, _ text: String) {
        #expect(box.description == text)
    }

    @Test(arguments: [("60x60", "60x60"), ("390x", "390x"), ("x200", "x200"), ("37.50x33.340", "37.5x33.34")])
    func slotSizeDescribesItself(_ size: String, _ text: String) {
        #expect(slotSize(size).description == text)
    }
}
