import Raster

/// A HEIF image's transformations (`clap` crops, `irot` rotates, `imir` mirrors), applied in the
/// order its `ipma` lists them, folded into what the rest of thumbgen already handles for JPEG:
/// a crop of the coded image (the stored image, whose rows the decoder hands on) and an EXIF-style
/// orientation that turns it upright. The decoder asks libheif not to apply the transformations,
/// so rotation and mirroring happen on the small renditions rather than on the whole decoded image.
struct HEIFGeometry: Equatable {
    /// The stored image within the coded one, in coded pixels.
    var crop: (x: Int, y: Int, width: Int, height: Int)
    var orientation: Orientation

    static func == (a: HEIFGeometry, b: HEIFGeometry) -> Bool {
        a.crop == b.crop && a.orientation == b.orientation
    }

    init(coded: PixelSize, transformations: [ISOBMFFBox]) {
        crop = (0, 0, coded.width, coded.height)
        orientation = .up
        for box in transformations {
            var reader = ByteReader(box.payload)
            switch box.type {
            case "irot":
                // Anti-clockwise quarter turns.
                guard let angle = reader.uint8() else { continue }
                orientation = Self.compose(orientation, [.up, .left, .down, .right][angle & 3])
            case "imir":
                // Mode 0 exchanges top and bottom, 1 left and right (ISO/IEC 23008-12:2022; the
                // 2017 edition's "axis" read ambiguously). libheif and libavif agree.
                guard let mode = reader.uint8() else { continue }
                orientation = Self.compose(orientation, mode & 1 == 0 ? .downMirrored : .upMirrored)
            case "clap":
                guard let aperture = CleanAperture(&reader) else { continue }
                applyCleanAperture(aperture)
            default:
                continue
            }
        }
    }

    /// Crops to the clean aperture of the image as it stands after the transformations so far,
    /// with libheif's rounding, mapped back into coded pixels.
    private mutating func applyCleanAperture(_ aperture: CleanAperture) {
        let upright = orientation.upright(PixelSize(width: crop.width, height: crop.height))
        guard let first = aperture.left(upright.width), let last = aperture.right(upright.width),
              let firstRow = aperture.top(upright.height), let lastRow = aperture.bottom(upright.height) else {
            crop.width = 0
            return
        }
        let left = max(0, first), top = max(0, firstRow)
        let right = min(upright.width - 1, last), bottom = min(upright.height - 1, lastRow)
        guard left <= right, top <= bottom else {
            crop.width = 0
            return
        }
        let rect = orientation.storedRect(PixelRect(x: Double(left), y: Double(top), width: Double(right - left + 1), height: Double(bottom - top + 1)),
                                          storedWidth: Double(crop.width), storedHeight: Double(crop.height))
        crop = (crop.x + Int(rect.x), crop.y + Int(rect.y), Int(rect.width), Int(rect.height))
    }

    /// The orientation of turning an image by `first`, then the result by `second`: found by
    /// turning a small image of distinct pixels, so it follows `PixelBuffer.oriented` exactly.
    static func compose(_ first: Orientation, _ second: Orientation) -> Orientation {
        var probe = PixelBuffer(width: 3, height: 2, hasAlpha: false)
        for index in 0..<6 { probe[index % 3, index / 3] = SIMD4(UInt8(index), 0, 0, 255) }
        let target = probe.oriented(first).oriented(second)
        return Orientation.allCases.first { probe.oriented($0) == target } ?? .up
    }
}

/// A `clap` box: fractions for the aperture's width and height and its centre's offset, with
/// libheif 1.15's integer arithmetic and rounding, so that the crop matches what libheif reports.
struct CleanAperture {
    var width: (Int, Int), height: (Int, Int), horizontalOffset: (Int, Int), verticalOffset: (Int, Int)

    init?(_ reader: inout ByteReader) {
        guard let wn = reader.uint32(), let wd = reader.uint32(), let hn = reader.uint32(), let hd = reader.uint32(),
              let xn = reader.int32(), let xd = reader.uint32(), let yn = reader.int32(), let yd = reader.uint32(),
              wd > 0, hd > 0, xd > 0, yd > 0, wd < 1 << 31, hd < 1 << 31, xd < 1 << 31, yd < 1 << 31
        else { return nil }
        width = (wn, wd); height = (hn, hd); horizontalOffset = (xn, xd); verticalOffset = (yn, yd)
    }

    /// offset + (length − 1)/2 − (aperture − 1)/2, as libheif's Fraction computes it.
    private static func start(offset: (Int, Int), length: Int, aperture: (Int, Int)) -> (Int, Int)? {
        guard let centre = combine(offset, (length - 1, 2), subtracting: false),
              let twice = product(aperture.1, 2) else { return nil }
        return combine(centre, (aperture.0 - aperture.1, twice), subtracting: true)
    }

    /// a ± b over a common denominator; nil when a step does not fit in Int (the file's
    /// denominators are below 2^31, and products of several of them do not fit).
    private static func combine(_ a: (Int, Int), _ b: (Int, Int), subtracting: Bool) -> (Int, Int)? {
        let (first, second, denominator): (Int?, Int?, Int?) = a.1 == b.1
            ? (a.0, b.0, a.1) : (product(a.0, b.1), product(b.0, a.1), product(a.1, b.1))
        guard let first, let second, let denominator else { return nil }
        let (value, overflow) = subtracting ? first.subtractingReportingOverflow(second) : first.addingReportingOverflow(second)
        return overflow ? nil : (value, denominator)
    }

    private static func product(_ a: Int, _ b: Int) -> Int? {
        let (value, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? nil : value
    }

    /// C's truncating division, as libheif's `round_down`.
    private static func roundDown(_ f: (Int, Int)) -> Int { f.0 / f.1 }
    private static func round(_ f: (Int, Int)) -> Int? {
        let (value, overflow) = f.0.addingReportingOverflow(f.1 / 2)
        return overflow ? nil : value / f.1
    }

    /// The aperture's last column, from its first: round((width − 1) + left), as libheif does.
    private static func end(first: Int, aperture: (Int, Int)) -> Int? {
        guard let shifted = product(first, aperture.1),
              let last = combine((aperture.0 - aperture.1, aperture.1), (shifted, aperture.1), subtracting: false) else { return nil }
        return round(last)
    }

    // Each is nil when the box's fractions are too large to compute with.
    func left(_ imageWidth: Int) -> Int? {
        Self.start(offset: horizontalOffset, length: imageWidth, aperture: width).map(Self.roundDown)
    }

    func right(_ imageWidth: Int) -> Int? {
        left(imageWidth).flatMap { Self.end(first: $0, aperture: width) }
    }

    func top(_ imageHeight: Int) -> Int? {
        Self.start(offset: verticalOffset, length: imageHeight, aperture: height).flatMap(Self.round)
    }

    func bottom(_ imageHeight: Int) -> Int? {
        top(imageHeight).flatMap { Self.end(first: $0, aperture: height) }
    }
}
