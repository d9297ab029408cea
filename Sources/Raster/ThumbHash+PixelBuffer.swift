extension ThumbHash {
    /// What the index keeps of an image's pixels for a client to paint before it loads.
    public struct Placeholder: Equatable, Sendable {
        /// The ThumbHash bytes.
        public var hash: [UInt8]
        /// The average colour (alpha-weighted, straight), `#rrggbb` in lowercase.
        public var color: String

        /// The hash in base64 without padding, as the index stores it.
        public var base64: String { ThumbHash.base64(hash) }
    }

    /// The placeholder of an upright image: its ThumbHash, from an area-average copy of at most
    /// 100×100 pixels, and its average colour. Any size works; memory is the small copy.
    public static func placeholder(of image: PixelBuffer) -> Placeholder {
        let small = smallImage(of: image)
        // Every cell of the small copy covers the same area of the image, so their mean is the
        // image's mean, alpha-weighted as the hash's own average is.
        var sums = SIMD4<Double>.zero
        for cell in small.cells { sums += cell }
        let color = sums[3] > 0 ? sums / sums[3] * 255 : .zero
        let hex = Array("0123456789abcdef")
        var text = "#"
        for channel in 0..<3 {
            let value = Int(min(255, max(0, color[channel].rounded())))
            text.append(hex[value >> 4])
            text.append(hex[value & 15])
        }
        let hash = encode(width: small.width, height: small.height, rgba: small.straightRGBA)!
        return Placeholder(hash: hash, color: text)
    }

    /// The size ThumbHash input gets: the image's aspect ratio, the longer side at most 100 pixels.
    public static func inputSize(for size: PixelSize) -> PixelSize {
        let longest = max(size.width, size.height)
        guard longest > maximumSide else { return size }
        // Rounded to the nearest pixel, in integers: (2·side·100 + longest) / (2·longest).
        func side(_ value: Int) -> Int { max(1, (2 * value * maximumSide + longest) / (2 * longest)) }
        return PixelSize(width: side(size.width), height: side(size.height))
    }

    /// The encoder's input for any image: straight-alpha RGBA of at most 100×100 pixels, each the
    /// exact area average of the part of `image` it covers (premultiplied, so transparent pixels
    /// lend no colour).
    public static func input(from image: PixelBuffer) -> (width: Int, height: Int, rgba: [UInt8]) {
        let small = smallImage(of: image)
        return (small.width, small.height, small.straightRGBA)
    }

    /// Cells of premultiplied colour and alpha, 0...1.
    struct SmallImage {
        var width: Int
        var height: Int
        var cells: [SIMD4<Double>]

        var straightRGBA: [UInt8] {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(cells.count * 4)
            for cell in cells {
                let alpha = cell[3]
                let straight = alpha > 0 ? cell / alpha : .zero
                for channel in 0..<3 { bytes.append(UInt8(min(255, max(0, (straight[channel] * 255).rounded())))) }
                bytes.append(UInt8(min(255, max(0, (alpha * 255).rounded()))))
            }
            return bytes
        }
    }

    static func smallImage(of image: PixelBuffer) -> SmallImage {
        let size = inputSize(for: image.size)
        let columns = AreaWeights(source: image.width, target: size.width, scale: 1.0 / 255)
        let rows = AreaWeights(source: image.height, target: size.height)
        var cells = [SIMD4<Double>](repeating: .zero, count: size.width * size.height)
        // One more than the width, so that a second share that weighs nothing needs no test.
        var row = [SIMD4<Double>](repeating: .zero, count: size.width + 1)
        // Buffers, not arrays captured by a closure: no exclusivity check on every access.
        image.pixels.withUnsafeBufferPointer { bytes in
            cells.withUnsafeMutableBufferPointer { cells in
                row.withUnsafeMutableBufferPointer { row in
                    for y in 0..<image.height {
                        for x in 0..<row.count { row[x] = .zero }
                        var offset = y * image.rowBytes
                        for x in 0..<image.width {
                            // Bytes as they are; the weights carry the 1/255.
                            var pixel = SIMD4<Double>(Double(bytes[offset]), Double(bytes[offset + 1]), Double(bytes[offset + 2]),
                                                      Double(bytes[offset + 3]))
                            if !image.hasAlpha { pixel[3] = 255 }
                            let target = columns.first[x]
                            row[target] += pixel * columns.firstWeight[x]
                            row[target + 1] += pixel * columns.secondWeight[x]
                            offset += 4
                        }
                        for (target, weight) in [(rows.first[y], rows.firstWeight[y]), (rows.first[y] + 1, rows.secondWeight[y])]
                        where weight > 0 {
                            let base = target * size.width
                            for x in 0..<size.width { cells[base + x] += row[x] * weight }
                        }
                    }
                }
            }
        }
        return SmallImage(width: size.width, height: size.height, cells: cells)
    }

    /// How much each source pixel of a line lends to each target pixel when `source` pixels are
    /// averaged into `target` (≤ source): exact overlaps, in integers, so every target pixel's
    /// weights add up to 1. Source pixel `i` spans [i·target, (i+1)·target) and target pixel `t`
    /// spans [t·source, (t+1)·source) in units of 1/(source·target): at most two targets overlap
    /// it, `first[i]` and the one after.
    struct AreaWeights {
        var first: [Int] = []
        var firstWeight: [Double] = []
        var secondWeight: [Double] = []

        /// Each weight is multiplied by `scale`.
        init(source: Int, target: Int, scale: Double = 1) {
            for index in 0..<source {
                let start = index * target, end = start + target
                let firstTarget = start / source
                let firstEnd = (firstTarget + 1) * source
                first.append(firstTarget)
                firstWeight.append(Double(min(end, firstEnd) - start) / Double(source) * scale)
                secondWeight.append(Double(max(0, end - firstEnd)) / Double(source) * scale)
            }
        }
    }

    /// Standard base64 (`+`, `/`) without `=` padding.
    public static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var text = ""
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let value = chunk.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for position in 0...chunk.count { text.append(alphabet[(value >> (18 - 6 * position)) & 63]) }
            index += 3
        }
        return text
    }
}
