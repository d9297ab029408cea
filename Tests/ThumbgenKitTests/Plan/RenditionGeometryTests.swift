import Raster
import Renditions
import Testing
@testable import ThumbgenKit

/// `inside` and `cover` arithmetic: output sizes and crop rectangles, exactly; never enlarging.
struct RenditionGeometryTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var original: PixelSize
        var box: SlotBox
        var fit: Fit
        var focus = Focus.center
        /// nil when the original fits and no file is written.
        var size: PixelSize?
        var crop: PixelRect?
        var testDescription: String { "\(original) in \(box) \(fit) at (\(focus.x), \(focus.y))" }
    }

    static func size(_ width: Int, _ height: Int) -> PixelSize { PixelSize(width: width, height: height) }
    static func box(_ width: Int?, _ height: Int?) -> SlotBox { SlotBox(width: width, height: height) }
    static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> PixelRect {
        PixelRect(x: x, y: y, width: width, height: height)
    }

    static let inside: [Case] = [
        Case(original: size(4032, 3024), box: box(180, 180), fit: .inside, size: size(180, 135), crop: rect(0, 0, 4032, 3024)),
        Case(original: size(3024, 4032), box: box(180, 180), fit: .inside, size: size(135, 180), crop: rect(0, 0, 3024, 4032)),
        Case(original: size(4032, 3024), box: box(640, 360), fit: .inside, size: size(480, 360), crop: rect(0, 0, 4032, 3024)),
        Case(original: size(4032, 3024), box: box(780, nil), fit: .inside, size: size(780, 585), crop: rect(0, 0, 4032, 3024)),
        Case(original: size(4032, 3024), box: box(1170, nil), fit: .inside, size: size(1170, 878), crop: rect(0, 0, 4032, 3024)),
        Case(original: size(4032, 3024), box: box(nil, 300), fit: .inside, size: size(400, 300), crop: rect(0, 0, 4032, 3024)),
        Case(original: size(181, 100), box: box(180, 180), fit: .inside, size: size(180, 99), crop: rect(0, 0, 181, 100)),
        Case(original: size(200, 101), box: box(100, 100), fit: .inside, size: size(100, 51), crop: rect(0, 0, 200, 101)),
        Case(original: size(1000, 1), box: box(100, 100), fit: .inside, size: size(100, 1), crop: rect(0, 0, 1000, 1)),
        Case(original: size(1, 1000), box: box(100, 100), fit: .inside, size: size(1, 100), crop: rect(0, 0, 1, 1000)),
        Case(original: size(300, 100), box: box(nil, 50), fit: .inside, size: size(150, 50), crop: rect(0, 0, 300, 100)),
        // Fits: no file.
        Case(original: size(100, 50), box: box(180, 180), fit: .inside),
        Case(original: size(180, 180), box: box(180, 180), fit: .inside),
        Case(original: size(300, 100), box: box(390, nil), fit: .inside),
        Case(original: size(300, 100), box: box(nil, 100), fit: .inside),
    ]

    static let cover: [Case] = [
        Case(original: size(4032, 3024), box: box(180, 180), fit: .cover, size: size(180, 180), crop: rect(504, 0, 3024, 3024)),
        Case(original: size(3024, 4032), box: box(180, 180), fit: .cover, size: size(180, 180), crop: rect(0, 504, 3024, 3024)),
        Case(original: size(1000, 500), box: box(300, 200), fit: .cover, size: size(300, 200), crop: rect(125, 0, 750, 500)),
        Case(original: size(1000, 1000), box: box(400, 100), fit: .cover, size: size(400, 100), crop: rect(0, 375, 1000, 250)),
        Case(original: size(400, 300), box: box(200, 150), fit: .cover, size: size(200, 150), crop: rect(0, 0, 400, 300)),
        // One side already fits: keep it, crop the other to the box, never enlarge.
        Case(original: size(300, 100), box: box(180, 180), fit: .cover, size: size(180, 100), crop: rect(60, 0, 180, 100)),
        Case(original: size(100, 300), box: box(180, 180), fit: .cover, size: size(100, 180), crop: rect(0, 60, 100, 180)),
        Case(original: size(180, 500), box: box(180, 180), fit: .cover, size: size(180, 180), crop: rect(0, 160, 180, 180)),
        // With a free side, cover shrinks like inside.
        Case(original: size(4032, 3024), box: box(390, nil), fit: .cover, size: size(390, 293), crop: rect(0, 0, 4032, 3024)),
        // No larger than the box on both sides: no file.
        Case(original: size(180, 180), box: box(180, 180), fit: .cover),
        Case(original: size(100, 60), box: box(180, 180), fit: .cover),
    ]

    static let focus: [Case] = [
        Case(original: size(4032, 3024), box: box(180, 180), fit: .cover, focus: Focus(x: 0, y: 0.5), size: size(180, 180), crop: rect(0, 0, 3024, 3024)),
        Case(original: size(4032, 3024), box: box(180, 180), fit: .cover, focus: Focus(x: 1, y: 0.5), size: size(180, 180), crop: rect(1008, 0, 3024, 3024)),
        Case(original: size(4032, 3024), box: box(180, 180), fit: .cover, focus: Focus(x: 0.5625, y: 0), size: size(180, 180), crop: rect(756, 0, 3024, 3024)),
        Case(original: size(4032, 3024), box: box(180, 180), fit: .cover, focus: Focus(x: 0.3, y: 0.9), size: size(180, 180), crop: rect(0, 0, 3024, 3024)),
        Case(original: size(4032, 3024), box: box(180, 180), fit: .cover, focus: Focus(x: 0.75, y: 0.5), size: size(180, 180), crop: rect(1008, 0, 3024, 3024)),
        Case(original: size(3024, 4032), box: box(180, 180), fit: .cover, focus: Focus(x: 0.5, y: 0.25), size: size(180, 180), crop: rect(0, 0, 3024, 3024)),
        Case(original: size(3024, 4032), box: box(180, 180), fit: .cover, focus: Focus(x: 0.5, y: 0.5625), size: size(180, 180), crop: rect(0, 756, 3024, 3024)),
        Case(original: size(3024, 4032), box: box(180, 180), fit: .cover, focus: Focus(x: 0.5, y: 1), size: size(180, 180), crop: rect(0, 1008, 3024, 3024)),
        // One side fits: the crop is whole pixels.
        Case(original: size(300, 100), box: box(180, 180), fit: .cover, focus: Focus(x: 0, y: 0), size: size(180, 100), crop: rect(0, 0, 180, 100)),
        Case(original: size(300, 100), box: box(180, 180), fit: .cover, focus: Focus(x: 1, y: 1), size: size(180, 100), crop: rect(120, 0, 180, 100)),
        Case(original: size(300, 100), box: box(180, 180), fit: .cover, focus: Focus(x: 0.5625, y: 0), size: size(180, 100), crop: rect(79, 0, 180, 100)),
        // Inside ignores the focus.
        Case(original: size(4032, 3024), box: box(180, 180), fit: .inside, focus: Focus(x: 0, y: 0), size: size(180, 135), crop: rect(0, 0, 4032, 3024)),
    ]

    @Test(arguments: inside + cover + focus)
    func geometry(_ test: Case) {
        let geometry = RenditionGeometry.fitting(test.original, in: test.box, fit: test.fit, focus: test.focus)
        #expect(geometry?.size == test.size)
        #expect(geometry?.crop == test.crop)
    }

    @Test func scaleIsOutputPixelsPerOriginalPixel() throws {
        let geometry = try #require(RenditionGeometry.fitting(PixelSize(width: 4032, height: 3024), in: SlotBox(width: 180, height: 180), fit: .cover))
        #expect(geometry.scale == 180.0 / 3024.0)
        #expect(!geometry.isUncropped(of: PixelSize(width: 4032, height: 3024)))
    }

    /// A sweep of small originals and boxes: never larger than the original or the box; inside
    /// keeps the aspect ratio to the nearest pixel and touches the box; cover fills what it can;
    /// crops stay inside the image.
    @Test(arguments: [Fit.inside, .cover])
    func neverEnlargesNorOverflows(_ fit: Fit) {
        let sides: [Int?] = [nil] + Array(1...12) + [17, 40]
        var failures: [String] = []
        for width in 1...30 { for height in 1...30 { for boxWidth in sides { for boxHeight in sides {
            let original = PixelSize(width: width, height: height)
            let box = SlotBox(width: boxWidth, height: boxHeight)
            let fits = width <= boxWidth ?? .max && height <= boxHeight ?? .max
            let geometry = RenditionGeometry.fitting(original, in: box, fit: fit)
            guard let geometry, !fits else {
                if (geometry == nil) != fits { failures.append("\(original) in \(box): \(String(describing: geometry))") }
                continue
            }
            let size = geometry.size, crop = geometry.crop
            var ok = size.width >= 1 && size.height >= 1 && size.width <= width && size.height <= height
                && size.width <= boxWidth ?? .max && size.height <= boxHeight ?? .max
                && crop.x >= 0 && crop.y >= 0 && crop.x + crop.width <= Double(width) && crop.y + crop.height <= Double(height)
            if fit == .inside || boxWidth == nil || boxHeight == nil {
                let heightFromWidth = max(1, (Double(height) * Double(size.width) / Double(width)).rounded())
                let widthFromHeight = max(1, (Double(width) * Double(size.height) / Double(height)).rounded())
                ok = ok && crop == PixelRect(size: original) && (size.width == boxWidth || size.height == boxHeight)
                    && (Double(size.height) == heightFromWidth || Double(size.width) == widthFromHeight)
            } else if let boxWidth, let boxHeight {
                ok = ok && size == PixelSize(width: min(width, boxWidth), height: min(height, boxHeight))
            }
            if !ok { failures.append("\(original) in \(box) gave \(size) from \(crop)") }
        } } } }
        #expect(failures == [])
    }
}
