import Raster
import Testing
@testable import ImageCodecs

@Suite struct PNGRowFilterTests {
    /// Reverses the filters (PNG specification, section 9) to check what they wrote.
    static func unfilter(_ data: [UInt8], width: Int, bpp: Int) -> [[UInt8]] {
        let rowBytes = width * bpp
        var rows: [[UInt8]] = []
        var above = [UInt8](repeating: 0, count: rowBytes)
        for start in stride(from: 0, to: data.count, by: rowBytes + 1) {
            let type = data[start]
            var row = Array(data[start + 1..<start + 1 + rowBytes])
            for i in 0..<rowBytes {
                let a = i >= bpp ? Int(row[i - bpp]) : 0, b = Int(above[i]), c = i >= bpp ? Int(above[i - bpp]) : 0
                let prediction = [0, a, b, (a + b) / 2, PNGRowFilter.paeth(a, b, c)][Int(type)]
                row[i] = UInt8((Int(row[i]) + prediction) & 0xFF)
            }
            rows.append(row)
            above = row
        }
        return rows
    }

    @Test(arguments: PNGPixelLayout.allCases)
    func filteredRowsUnfilterToThePackedPixels(layout: PNGPixelLayout) {
        let image = PNGEncoderTests.image(alpha: true)
        let data = PNGRowFilter.filteredRows(image, layout: layout, adaptive: true)
        let rows = Self.unfilter(data, width: image.width, bpp: layout.channels)
        let keep: [Int] = [.grey: [0], .greyAlpha: [0, 3], .rgb: [0, 1, 2], .rgba: [0, 1, 2, 3]][layout]!
        for y in 0..<image.height {
            let expected = (0..<image.width).flatMap { x in keep.map { image.pixels[(y * image.width + x) * 4 + $0] } }
            #expect(rows[y] == expected)
        }
        // A varied image uses more than one filter.
        #expect(Set(stride(from: 0, to: data.count, by: layout.channels * image.width + 1).map { data[$0] }).count > 1)
    }

    @Test func eachRowTakesTheFilterWithTheSmallestSum() {
        var image = PixelBuffer(width: 8, height: 3, hasAlpha: false)
        for x in 0..<8 {
            image[x, 0] = SIMD4(UInt8(x * 30), UInt8(x * 30), UInt8(x * 30), 255)  // a ramp: Sub leaves 30s
            image[x, 1] = image[x, 0]                                                // a copy: Up leaves zeros
            image[x, 2] = SIMD4(0, 0, 0, 255)                                        // zeros: None is already zero
        }
        let data = PNGRowFilter.filteredRows(image, layout: .grey, adaptive: true)
        #expect([data[0], data[9], data[18]] == [1, 2, 0])
        #expect(PNGRowFilter.filteredRows(image, layout: .grey, adaptive: false).enumerated().filter { $0.offset % 9 == 0 }.map(\.element) == [0, 0, 0])
    }

    @Test(arguments: [1, 2, 3, 4], [1, 5, 16, 17, 33, 100, 600])
    func theVectorPathChoosesAsTheDefinitionDoes(bpp: Int, width: Int) {
        var state: UInt32 = UInt32(bpp * 1000 + width)
        func next() -> UInt8 {
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(state >> 24)
        }
        let count = bpp * width
        for smoothness in [0, 3, 40] {
            // Rows of noise, a ramp with noise, and a smooth ramp: different filters win.
            let above = (0..<count).map { UInt8(truncatingIfNeeded: $0 * smoothness / 7) &+ next() % UInt8(64 - smoothness) }
            let row = (0..<count).map { UInt8(truncatingIfNeeded: $0 * smoothness / 5) &+ next() % UInt8(64 - smoothness) }
            var candidates = [UInt8](repeating: 0, count: 5 * count)
            let type = row.withUnsafeBufferPointer { row in
                above.withUnsafeBufferPointer { above in
                    candidates.withUnsafeMutableBufferPointer {
                        PNGRowFilter.filterAll(row.baseAddress!, above: above.baseAddress!, count: count, bpp: bpp, into: $0.baseAddress!)
                    }
                }
            }
            var sums: [Int] = []
            for t in 0..<5 {
                let filtered = (0..<count).map { i -> UInt8 in
                    let a = i >= bpp ? Int(row[i - bpp]) : 0, b = Int(above[i]), c = i >= bpp ? Int(above[i - bpp]) : 0
                    let prediction = [0, a, b, (a + b) / 2, PNGRowFilter.paeth(a, b, c)][t]
                    return UInt8((Int(row[i]) - prediction) & 0xFF)
                }
                #expect(Array(candidates[t * count..<(t + 1) * count]) == filtered, "type \(t)")
                // The cost of a byte: the bit length of its magnitude read as signed.
                sums.append(filtered.map { byte -> Int in
                    let magnitude = Int(byte) < 128 ? Int(byte) : 256 - Int(byte)
                    return magnitude == 0 ? 0 : String(magnitude, radix: 2).count
                }.reduce(0, +))
            }
            #expect(Int(type) == sums.firstIndex(of: sums.min()!)!)
        }
    }

    @Test func paethPicksTheNearestNeighbour() {
        #expect(PNGRowFilter.paeth(10, 20, 10) == 20)  // p = 20: above
        #expect(PNGRowFilter.paeth(20, 10, 10) == 20)  // p = 20: left
        #expect(PNGRowFilter.paeth(10, 10, 30) == 10)  // p = -10: left wins the tie
        #expect(PNGRowFilter.paeth(5, 100, 50) == 50)  // p = 55: upper-left
    }

    /// The bit length of the byte's magnitude read as signed.
    @Test func costIsTheBitLengthOfTheSignedByte() {
        #expect(PNGRowFilter.cost(0) == 0)
        #expect(PNGRowFilter.cost(-1) == 1)
        #expect(PNGRowFilter.cost(255) == 1)
        #expect(PNGRowFilter.cost(2) == 2 && PNGRowFilter.cost(3) == 2 && PNGRowFilter.cost(4) == 3)
        #expect(PNGRowFilter.cost(128) == 8)
        #expect(PNGRowFilter.cost(-200) == 6)  // 56
    }
}
