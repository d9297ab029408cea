import CResample

/// Which build of the resampling kernels runs: AVX2 where the CPU has it, else the portable one.
/// Both give the same bytes (Tests/RasterTests/ResampleKernelTests).
public enum ResampleKernels: Sendable {
    case portable, avx2

    /// The fastest this CPU runs, decided once.
    public static let best: ResampleKernels = tg_resample_cpu_has_avx2() != 0 ? .avx2 : .portable
}

/// A separable Lanczos-3 resample of one 8-bit plane, fed one source row at a time, top to
/// bottom, as a decoder produces them: nothing of the source is held but the filtered rows the
/// vertical window needs. Rows outside every output row's window are skipped.
///
/// Fixed point throughout: weights with 14 fractional bits, each source row filtered
/// horizontally into 16-bit values with 6 fractional bits, and those combined vertically into
/// bytes, with 32-bit sums (`CResample`). Edge pixels use only the taps that fall inside the
/// image, renormalised, so no dark border appears.
public final class PlaneResampler {
    public let size: PixelSize
    /// The source rows any output row needs.
    public var rows: Range<Int> { vertical.span }
    public var isComplete: Bool { nextOutputRow == size.height }

    private let kernels: ResampleKernels
    private let vertical: FilterTaps
    private let spanStart: Int, spanCount: Int
    private let starts: [Int32]
    private let weights: [Int16]
    private let taps: Int
    private let verticalWeights: [Int16]
    private let ringSize: Int
    private let ring: UnsafeMutablePointer<Int16>
    /// One source row's span as 16-bit values, then `taps` zeros that windows may read past it.
    private let scratch: UnsafeMutablePointer<Int16>
    private let window: UnsafeMutablePointer<UnsafePointer<Int16>?>
    private var output: [UInt8]
    private var nextOutputRow = 0

    /// `rect` is in source pixels; pixels around it (inside the source) feed the filter at its
    /// edges, as they would for a crop of a larger picture. `weights`: where the weights of
    /// other planes of the same image are kept, to be shared.
    public init(sourceWidth: Int, sourceHeight: Int, rect: PixelRect, to size: PixelSize, kernels: ResampleKernels = .best,
                weights kept: ResampleWeights? = nil) {
        precondition(size.width > 0 && size.height > 0 && sourceWidth > 0 && sourceHeight > 0)
        self.size = size
        self.kernels = kernels
        func axis(_ count: Int, _ start: Double, _ length: Double, _ limit: Int, _ stride: ResampleWeights.Stride) -> ResampleWeights.Axis {
            kept?.axis(count: count, start: start, length: length, limit: limit, stride: stride)
                ?? ResampleWeights.axis(count: count, start: start, length: length, limit: limit, stride: stride)
        }
        let horizontal = axis(size.width, rect.x, rect.width, sourceWidth, .eights)
        let vertical = axis(size.height, rect.y, rect.height, sourceHeight, .taps)
        self.vertical = vertical.taps
        spanStart = horizontal.taps.span.lowerBound
        spanCount = horizontal.taps.span.count
        taps = horizontal.stride
        starts = horizontal.taps.starts.map { Int32($0 - horizontal.taps.span.lowerBound) }
        weights = horizontal.fixed
        verticalWeights = vertical.fixed
        ringSize = vertical.taps.paddedTaps
        ring = .allocate(capacity: ringSize * size.width)
        scratch = .allocate(capacity: spanCount + taps)
        scratch.initialize(repeating: 0, count: spanCount + taps)
        window = .allocate(capacity: ringSize)
        output = [UInt8](repeating: 0, count: size.width * size.height)
    }

    deinit {
        ring.deallocate()
        scratch.deallocate()
        window.deallocate()
    }

    /// Adds source row `index` (the source's full width, one byte a pixel). Rows come in order;
    /// output rows are made as soon as their window is complete.
    public func add(row index: Int, bytes: UnsafePointer<UInt8>) {
        guard vertical.span.contains(index), !isComplete else { return }
        tg_widen_u8(bytes + spanStart, scratch, spanCount)
        let target = ring + (index % ringSize) * size.width
        // Bytes times weights with 14 fractional bits, kept with 6: shifted down by 8.
        let shift = Int32(TG_WEIGHT_BITS - TG_MIDDLE_BITS)
        starts.withUnsafeBufferPointer { starts in
            weights.withUnsafeBufferPointer { weights in
                switch kernels {
                case .avx2: tg_resample_rows_avx2(scratch, target, Int32(size.width), starts.baseAddress, weights.baseAddress, Int32(taps), shift)
                case .portable: tg_resample_rows_portable(scratch, target, Int32(size.width), starts.baseAddress, weights.baseAddress, Int32(taps), shift)
                }
            }
        }
        while nextOutputRow < size.height, vertical.starts[nextOutputRow] + vertical.counts[nextOutputRow] - 1 <= index {
            emit(nextOutputRow)
            nextOutputRow += 1
        }
    }

    /// Combines the filtered rows of output row `y`'s window into its bytes.
    private func emit(_ y: Int) {
        let first = vertical.starts[y], count = vertical.counts[y], width = size.width
        for k in 0..<count { window[k] = UnsafePointer(ring + ((first + k) % ringSize) * width) }
        verticalWeights.withUnsafeBufferPointer { weights in
            let rowWeights = weights.baseAddress! + y * vertical.paddedTaps
            output.withUnsafeMutableBufferPointer { bytes in
                let target = bytes.baseAddress! + y * width
                switch kernels {
                case .avx2: tg_resample_columns_avx2(window, rowWeights, Int32(count), target, Int32(width))
                case .portable: tg_resample_columns_portable(window, rowWeights, Int32(count), target, Int32(width))
                }
            }
        }
    }

    /// The finished plane (every output row made).
    public func finish() -> Plane {
        precondition(isComplete, "every source row of the window must be added")
        return Plane(width: size.width, height: size.height, bytes: output)
    }
}
