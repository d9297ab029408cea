/// Where the subject of an image is, for a crop that keeps it: `focus: auto`.
///
/// Each pixel of a small upright copy scores what draws the eye: detail (the luma Laplacian),
/// strong colour (chroma at a lightness that is neither black nor white) and skin tones. The
/// point chosen is the centre whose crop windows, placed as a `cover` crop places them (centred
/// on the point, kept inside the image), hold the largest share of the image's score, summed
/// over every window a build cuts. Integer scores, an exact tie-break towards the centre: the
/// same pixels always give the same point.
public enum SubjectFocus {
    /// Score of a skin-toned pixel, and the weight of chroma, against the Laplacian's 0...1020.
    static let skinScore = 160
    static let chromaThreshold = 40

    /// The focus, 0...1 from the top-left, for crop windows of `windows` (each a fraction of the
    /// image's width and height, 0...1) in `image` (premultiplied when it has alpha); the centre
    /// when nothing in the image scores.
    public static func point(in image: PixelBuffer, windows: [(width: Double, height: Double)]) -> (x: Double, y: Double) {
        let width = image.width, height = image.height
        guard width > 0, height > 0, !windows.isEmpty else { return (0.5, 0.5) }
        let sums = SummedArea(width: width, height: height, scores: scores(image))
        guard sums.total > 0 else { return (0.5, 0.5) }
        let sizes = windows.map { window in
            (width: min(width, max(1, Int((window.width * Double(width)).rounded()))),
             height: min(height, max(1, Int((window.height * Double(height)).rounded()))))
        }
        let xs = [0.5] + (0..<width).map { (Double($0) + 0.5) / Double(width) }
        let ys = [0.5] + (0..<height).map { (Double($0) + 0.5) / Double(height) }
        // The windows' sums in integers (each is a share of the same total): ties are exact.
        var best = (score: -1, distance: 0.0, x: 0.5, y: 0.5)
        for y in ys {
            for x in xs {
                var score = 0
                for size in sizes {
                    let left = start(size.width, in: width, at: x), top = start(size.height, in: height, at: y)
                    score += sums.sum(x: left, y: top, width: size.width, height: size.height)
                }
                let distance = (x - 0.5) * (x - 0.5) + (y - 0.5) * (y - 0.5)
                if score > best.score || (score == best.score && distance < best.distance) {
                    best = (score, distance, x, y)
                }
            }
        }
        return (best.x, best.y)
    }

    /// The first pixel of a span of `length` pixels of `total`, centred on `focus` but inside.
    public static func start(_ length: Int, in total: Int, at focus: Double) -> Int {
        let centred = Int((focus * Double(total) - Double(length) / 2).rounded())
        return min(max(0, centred), total - length)
    }

    /// Each pixel's score, row by row.
    static func scores(_ image: PixelBuffer) -> [Int] {
        let width = image.width, height = image.height
        var luma = [Int](repeating: 0, count: width * height)
        var scores = [Int](repeating: 0, count: width * height)
        image.pixels.withUnsafeBufferPointer { pixels in
            for index in 0..<(width * height) {
                let r = Int(pixels[4 * index]), g = Int(pixels[4 * index + 1]), b = Int(pixels[4 * index + 2])
                luma[index] = (77 * r + 150 * g + 29 * b) >> 8
                let alpha = image.hasAlpha ? Int(pixels[4 * index + 3]) : 255
                scores[index] = alpha == 0 ? 0 : colourScore(r * 255 / alpha, g * 255 / alpha, b * 255 / alpha) * alpha / 255
            }
        }
        for y in 0..<height {
            for x in 0..<width {
                let centre = luma[y * width + x]
                let around = luma[y * width + max(0, x - 1)] + luma[y * width + min(width - 1, x + 1)]
                    + luma[max(0, y - 1) * width + x] + luma[min(height - 1, y + 1) * width + x]
                scores[y * width + x] += abs(4 * centre - around)
            }
        }
        return scores
    }

    /// Strong colour and skin tones of one (straight) pixel.
    static func colourScore(_ r: Int, _ g: Int, _ b: Int) -> Int {
        let high = max(r, g, b), low = min(r, g, b)
        let lightness = (high + low) / 2
        var score = 0
        if high - low > chromaThreshold && lightness > 12 && lightness < 232 { score += (high - low) / 2 }
        // Skin under daylight (Kovač, Peer and Solina's explicit RGB rule).
        if r > 95 && g > 40 && b > 20 && high - low > 15 && r - g > 15 && r > b { score += skinScore }
        return score
    }
}

/// Sums of any rectangle of a grid of scores in four look-ups.
struct SummedArea {
    let width: Int
    private var table: [Int]

    init(width: Int, height: Int, scores: [Int]) {
        self.width = width
        table = [Int](repeating: 0, count: (width + 1) * (height + 1))
        for y in 0..<height {
            var row = 0
            for x in 0..<width {
                row += scores[y * width + x]
                table[(y + 1) * (width + 1) + x + 1] = table[y * (width + 1) + x + 1] + row
            }
        }
    }

    var total: Int { table[table.count - 1] }

    func sum(x: Int, y: Int, width: Int, height: Int) -> Int {
        let stride = self.width + 1
        return table[(y + height) * stride + x + width] - table[y * stride + x + width]
            - table[(y + height) * stride + x] + table[y * stride + x]
    }
}
