import Raster

/// Which channels of an RGBA image a PNG keeps, and its colour type for them.
public enum PNGPixelLayout: Sendable, CaseIterable {
    case grey, greyAlpha, rgb, rgba

    public init(grey: Bool, alpha: Bool) {
        switch (grey, alpha) {
        case (true, false): self = .grey
        case (true, true): self = .greyAlpha
        case (false, false): self = .rgb
        case (false, true): self = .rgba
        }
    }

    /// Bytes a pixel (8 bits a channel).
    public var channels: Int {
        switch self {
        case .grey: 1
        case .greyAlpha: 2
        case .rgb: 3
        case .rgba: 4
        }
    }

    /// The IHDR colour type.
    public var colorType: UInt8 {
        switch self {
        case .grey: 0
        case .greyAlpha: 4
        case .rgb: 2
        case .rgba: 6
        }
    }
}

/// The data an IDAT stream compresses: each row packed to a layout and preceded by its filter
/// type. Rows are filtered adaptively: each takes the filter (None, Sub, Up, Average, Paeth)
/// whose output has the smallest sum of absolute values, the heuristic the PNG specification
/// recommends for photographs and the one libpng and Pillow use.
enum PNGRowFilter {
    /// `image` must have straight (not premultiplied) alpha. `adaptive` false writes every row
    /// unfiltered, for stored (uncompressed) output where filtering gains nothing.
    static func filteredRows(_ image: PixelBuffer, layout: PNGPixelLayout, adaptive: Bool) -> [UInt8] {
        let bpp = layout.channels, rowBytes = image.width * bpp
        var output = [UInt8](repeating: 0, count: (rowBytes + 1) * image.height)
        var rows = [UInt8](repeating: 0, count: rowBytes * 2)  // the row above (zero for the first), this row
        image.pixels.withUnsafeBufferPointer { pixels in
            output.withUnsafeMutableBufferPointer { output in
                rows.withUnsafeMutableBufferPointer { rows in
                    var above = rows.baseAddress!, current = rows.baseAddress! + rowBytes
                    for y in 0..<image.height {
                        pack(pixels.baseAddress! + y * image.rowBytes, width: image.width, layout: layout, into: current)
                        let target = output.baseAddress! + y * (rowBytes + 1)
                        let type = adaptive ? bestFilter(current, above: above, count: rowBytes, bpp: bpp) : 0
                        target[0] = type
                        apply(type, current, above: above, count: rowBytes, bpp: bpp, into: target + 1)
                        swap(&above, &current)
                    }
                }
            }
        }
        return output
    }

    /// Copies the kept channels of one RGBA row.
    static func pack(_ rgba: UnsafePointer<UInt8>, width: Int, layout: PNGPixelLayout, into row: UnsafeMutablePointer<UInt8>) {
        switch layout {
        case .rgba:
            row.update(from: rgba, count: width * 4)
        case .rgb:
            for x in 0..<width {
                row[x * 3] = rgba[x * 4]
                row[x * 3 + 1] = rgba[x * 4 + 1]
                row[x * 3 + 2] = rgba[x * 4 + 2]
            }
        case .greyAlpha:
            for x in 0..<width {
                row[x * 2] = rgba[x * 4]
                row[x * 2 + 1] = rgba[x * 4 + 3]
            }
        case .grey:
            for x in 0..<width { row[x] = rgba[x * 4] }
        }
    }

    /// The filter type whose output has the smallest sum of |byte as a signed value|; the
    /// lower type on a tie.
    static func bestFilter(_ row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int, bpp: Int) -> UInt8 {
        var sums = (0, 0, 0, 0, 0)
        for i in 0..<count {
            let x = Int(row[i]), b = Int(above[i])
            let a = i >= bpp ? Int(row[i - bpp]) : 0, c = i >= bpp ? Int(above[i - bpp]) : 0
            sums.0 &+= cost(x)
            sums.1 &+= cost(x &- a)
            sums.2 &+= cost(x &- b)
            sums.3 &+= cost(x &- (a &+ b) >> 1)
            sums.4 &+= cost(x &- paeth(a, b, c))
        }
        var best: UInt8 = 0, bestSum = sums.0
        for (type, sum) in [(1, sums.1), (2, sums.2), (3, sums.3), (4, sums.4)] where sum < bestSum {
            best = UInt8(type)
            bestSum = sum
        }
        return best
    }

    /// Writes `row` filtered with `type` into `target`.
    static func apply(_ type: UInt8, _ row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int, bpp: Int,
                      into target: UnsafeMutablePointer<UInt8>) {
        func left(_ i: Int) -> Int { i >= bpp ? Int(row[i - bpp]) : 0 }
        func upperLeft(_ i: Int) -> Int { i >= bpp ? Int(above[i - bpp]) : 0 }
        switch type {
        case 0: target.update(from: row, count: count)
        case 1: for i in 0..<count { target[i] = UInt8(truncatingIfNeeded: Int(row[i]) &- left(i)) }
        case 2: for i in 0..<count { target[i] = row[i] &- above[i] }
        case 3: for i in 0..<count { target[i] = UInt8(truncatingIfNeeded: Int(row[i]) &- (left(i) &+ Int(above[i])) >> 1) }
        default:
            for i in 0..<count {
                target[i] = UInt8(truncatingIfNeeded: Int(row[i]) &- paeth(left(i), Int(above[i]), upperLeft(i)))
            }
        }
    }

    /// |v| of a filtered byte read as signed.
    @inline(__always)
    static func cost(_ difference: Int) -> Int {
        let byte = difference & 0xFF
        return byte < 128 ? byte : 256 - byte
    }

    /// The Paeth predictor: whichever of left, above, upper-left is nearest a + b − c.
    @inline(__always)
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
        return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
    }
}
