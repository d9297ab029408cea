/// A separable Lanczos-3 resample fed one source row at a time, top to bottom, as a decoder
/// produces them: nothing of the source is held but the few filtered rows the vertical window
/// needs. Rows outside the window of any output row are skipped.
///
/// Edge pixels use only the taps that fall inside the image, renormalised, so no dark or black
/// border appears. Premultiplied alpha is resampled like colour, then colour is clamped to alpha.
/// The inner loops work on four-channel float vectors with several accumulators, so that the adds
/// do not wait on each other; windows are padded with zero weights to a multiple of four taps.
public final class StreamingResampler {
    public let size: PixelSize
    /// The source rows any output row needs.
    public var rows: Range<Int> { vertical.span }
    /// The output so far; complete once `isComplete`.
    public private(set) var output: PixelBuffer
    public var isComplete: Bool { nextOutputRow == size.height }

    private let horizontal: FilterTaps
    private let vertical: FilterTaps
    private let ringSize: Int
    private let ring: UnsafeMutablePointer<SIMD4<Float>>
    private let scratch: UnsafeMutablePointer<SIMD4<Float>>
    private let horizontalWeights: UnsafeMutablePointer<SIMD4<Float>>
    /// One output row's sums, before they become bytes.
    private let sums: UnsafeMutablePointer<SIMD4<Float>>
    private var nextOutputRow = 0

    /// `rect` is in source pixels; pixels around it (inside the source) feed the filter at its
    /// edges, as they would for a crop of a larger picture.
    public init(sourceWidth: Int, sourceHeight: Int, rect: PixelRect, to size: PixelSize, hasAlpha: Bool) {
        precondition(size.width > 0 && size.height > 0 && sourceWidth > 0 && sourceHeight > 0)
        self.size = size
        horizontal = FilterTaps(count: size.width, start: rect.x, length: rect.width, limit: sourceWidth)
        vertical = FilterTaps(count: size.height, start: rect.y, length: rect.height, limit: sourceHeight)
        output = PixelBuffer(width: size.width, height: size.height, hasAlpha: hasAlpha)
        ringSize = vertical.paddedTaps
        ring = .allocate(capacity: ringSize * size.width)
        let scratchCount = horizontal.span.count + horizontal.paddedTaps
        scratch = .allocate(capacity: scratchCount)
        scratch.initialize(repeating: .zero, count: scratchCount)  // padding taps read these zeros
        horizontalWeights = horizontal.broadcastWeights()
        sums = .allocate(capacity: size.width)
    }

    deinit {
        ring.deallocate()
        scratch.deallocate()
        horizontalWeights.deallocate()
        sums.deallocate()
    }

    /// Adds source row `index` (4 bytes a pixel, the source's full width). Rows come in order;
    /// output rows are made as soon as their window is complete.
    public func add(row index: Int, pixels: UnsafeRawPointer) {
        guard vertical.span.contains(index), !isComplete else { return }
        filterRow(pixels, into: ring + (index % ringSize) * size.width)
        while nextOutputRow < size.height,
              vertical.starts[nextOutputRow] + vertical.counts[nextOutputRow] - 1 <= index {
            emit(nextOutputRow)
            nextOutputRow += 1
        }
    }

    /// Filters one source row horizontally into `target`, one value per output column.
    private func filterRow(_ row: UnsafeRawPointer, into target: UnsafeMutablePointer<SIMD4<Float>>) {
        // Locals, not properties, in the loops: a class's stored properties are reloaded on every use.
        let spanStart = horizontal.span.lowerBound, spanCount = horizontal.span.count
        let scratch = self.scratch, width = size.width
        let pixels = row + spanStart * 4
        // Each byte into the low mantissa of 2^23, then 2^23 taken away: a float of the byte.
        // Four pixels at a time, then the rest one by one.
        let magic = SIMD16<UInt32>(repeating: 0x4B00_0000)
        var i = 0
        while i + 4 <= spanCount {
            let bytes = pixels.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self)
            let floats = unsafeBitCast(SIMD16<UInt32>(truncatingIfNeeded: bytes) | magic, to: SIMD16<Float>.self) - 8_388_608
            UnsafeMutableRawPointer(scratch + i).storeBytes(of: floats, as: SIMD16<Float>.self)
            i &+= 4
        }
        while i < spanCount {
            let value = pixels.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)
            let lanes = SIMD4<UInt32>(value, value >> 8, value >> 16, value >> 24) & 0xFF | 0x4B00_0000
            scratch[i] = unsafeBitCast(lanes, to: SIMD4<Float>.self) - 8_388_608
            i &+= 1
        }
        let padded = horizontal.paddedTaps
        let weights = horizontalWeights
        horizontal.starts.withUnsafeBufferPointer { starts in
            for x in 0..<width {
                var p = UnsafePointer(scratch + (starts[x] &- spanStart))
                var w = UnsafePointer(weights + x &* padded)
                var a0 = SIMD4<Float>.zero, a1 = SIMD4<Float>.zero, a2 = SIMD4<Float>.zero, a3 = SIMD4<Float>.zero
                for _ in 0..<(padded >> 2) {
                    a0 += p[0] * w[0]
                    a1 += p[1] * w[1]
                    a2 += p[2] * w[2]
                    a3 += p[3] * w[3]
                    p += 4
                    w += 4
                }
                target[x] = (a0 + a1) + (a2 + a3)
            }
        }
    }

    /// Combines the filtered rows of one output row's window into its bytes.
    private func emit(_ y: Int) {
        let first = vertical.starts[y], count = vertical.counts[y], taps = vertical.paddedTaps
        let width = size.width, clampToAlpha = output.hasAlpha, sums = self.sums
        // Rows four at a time, their weights held in registers across the whole row; rows past
        // the window carry zero weight, and any row of the window will do for them.
        vertical.flatWeights.withUnsafeBufferPointer { allWeights in
            let weights = allWeights.baseAddress! + y * taps
            var k = 0
            while k < taps {
                let r0 = UnsafePointer(ring + ((first + min(k, count - 1)) % ringSize) * width)
                let r1 = UnsafePointer(ring + ((first + min(k + 1, count - 1)) % ringSize) * width)
                let r2 = UnsafePointer(ring + ((first + min(k + 2, count - 1)) % ringSize) * width)
                let r3 = UnsafePointer(ring + ((first + min(k + 3, count - 1)) % ringSize) * width)
                let w0 = SIMD4(repeating: weights[k]), w1 = SIMD4(repeating: weights[k + 1])
                let w2 = SIMD4(repeating: weights[k + 2]), w3 = SIMD4(repeating: weights[k + 3])
                if k == 0 {
                    for x in 0..<width { sums[x] = (r0[x] * w0 + r1[x] * w1) + (r2[x] * w2 + r3[x] * w3) }
                } else {
                    for x in 0..<width { sums[x] += (r0[x] * w0 + r1[x] * w1) + (r2[x] * w2 + r3[x] * w3) }
                }
                k += 4
            }
        }
        output.pixels.withUnsafeMutableBytes { bytes in
            let out = bytes.baseAddress! + y * width * 4
            for x in 0..<width {
                let sum = sums[x]
                let alpha = Swift.min(Swift.max(sum[3], 0), 255)
                let limit = clampToAlpha ? alpha : 255
                let value = SIMD4(Swift.min(Swift.max(sum[0], 0), limit), Swift.min(Swift.max(sum[1], 0), limit),
                                  Swift.min(Swift.max(sum[2], 0), limit), alpha)
                // Adding 2^23 leaves the value rounded to the nearest integer in the low mantissa bits.
                let bits = unsafeBitCast(value + 8_388_608, to: SIMD4<UInt32>.self) & 0xFF
                out.storeBytes(of: bits[0] | bits[1] << 8 | bits[2] << 16 | bits[3] << 24, toByteOffset: x &* 4, as: UInt32.self)
            }
        }
    }

    /// The finished output (every output row made).
    public func finish() -> PixelBuffer {
        precondition(isComplete, "every source row of the window must be added")
        return output
    }
}
