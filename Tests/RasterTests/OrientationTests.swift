import Testing
import Raster

/// EXIF orientations 1–8: the upright size, and upright rectangles mapped back to stored pixels,
/// checked against a brute-force mapping of every pixel of a small grid.
struct OrientationTests {
    /// Where stored pixel (x, y) of a `width`×`height` image lands once the image stands upright,
    /// straight from the EXIF definitions (where row 0 and column 0 are shown).
    static func upright(_ orientation: Orientation, x: Int, y: Int, width: Int, height: Int) -> (Int, Int) {
        switch orientation {
        case .up: (x, y)
        case .upMirrored: (width - 1 - x, y)
        case .down: (width - 1 - x, height - 1 - y)
        case .downMirrored: (x, height - 1 - y)
        case .leftMirrored: (y, x)  // transpose
        case .right: (height - 1 - y, x)  // turn 90° clockwise
        case .rightMirrored: (height - 1 - y, width - 1 - x)  // transverse
        case .left: (y, width - 1 - x)  // turn 90° counter-clockwise
        }
    }

    @Test(arguments: Orientation.allCases)
    func uprightSizeSwapsForFiveToEight(_ orientation: Orientation) {
        let stored = PixelSize(width: 4032, height: 3024)
        let expected = orientation.rawValue >= 5 ? PixelSize(width: 3024, height: 4032) : stored
        #expect(orientation.upright(stored) == expected)
        #expect(orientation.swapsAxes == (orientation.rawValue >= 5))
    }

    @Test(arguments: [(0, Orientation.up), (1, .up), (3, .down), (6, .right), (8, .left), (9, .up), (-1, .up), (65535, .up)])
    func readsEXIFValues(_ value: Int, _ expected: Orientation) {
        #expect(Orientation(exifValue: value) == expected)
    }

    /// Every upright rectangle of a 5×3 stored grid maps back to exactly the stored pixels that
    /// land inside it.
    @Test(arguments: Orientation.allCases)
    func storedRectMatchesTheBruteForceMapping(_ orientation: Orientation) {
        let (width, height) = (5, 3)
        let upright = orientation.upright(PixelSize(width: width, height: height))
        var failures: [String] = []
        for x0 in 0..<upright.width { for y0 in 0..<upright.height {
            for w in 1...(upright.width - x0) { for h in 1...(upright.height - y0) {
                let rect = PixelRect(x: Double(x0), y: Double(y0), width: Double(w), height: Double(h))
                let stored = orientation.storedRect(rect, storedWidth: Double(width), storedHeight: Double(height))
                var expected: Set<[Int]> = []
                for x in 0..<width { for y in 0..<height {
                    let (u, v) = Self.upright(orientation, x: x, y: y, width: width, height: height)
                    if (x0..<x0 + w).contains(u) && (y0..<y0 + h).contains(v) { expected.insert([x, y]) }
                } }
                var covered: Set<[Int]> = []
                for x in Int(stored.x)..<Int(stored.x + stored.width) { for y in Int(stored.y)..<Int(stored.y + stored.height) {
                    covered.insert([x, y])
                } }
                if covered != expected { failures.append("\(rect) → \(stored)") }
            } }
        } }
        #expect(failures == [])
    }

    @Test func storedRectKeepsFractions() {
        // A crop between pixels (cover) maps to the same fractions, turned.
        let rect = PixelRect(x: 0.5, y: 1.25, width: 2, height: 1.5)
        #expect(Orientation.right.storedRect(rect, storedWidth: 6, storedHeight: 4)
            == PixelRect(x: 1.25, y: 1.5, width: 1.5, height: 2))
        #expect(Orientation.up.storedRect(rect, storedWidth: 6, storedHeight: 4) == rect)
    }
}

struct PixelSizeTests {
    @Test func sizesAndRectangles() {
        let size = PixelSize(width: 640, height: 480)
        #expect(size.description == "640x480")
        #expect(size.area == 307_200)
        #expect(size.transposed == PixelSize(width: 480, height: 640))
        #expect(PixelSize.zero.area == 0)
        #expect(PixelRect(size: size) == PixelRect(x: 0, y: 0, width: 640, height: 480))
        #expect(PixelRect(x: 1, y: 2, width: 3, height: 4).scaled(x: 2, y: 0.5) == PixelRect(x: 2, y: 1, width: 6, height: 2))
    }
}
