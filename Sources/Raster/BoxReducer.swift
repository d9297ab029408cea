/// Shrinks an image by whole factors with a box filter (the mean of each kx×ky block) as its
/// rows stream in: one accumulator row is held, and each output row is handed on as soon as its
/// block is complete.
///
/// Output pixel i covers source pixels [i·k, (i+1)·k) exactly, so the shrunk image maps to the
/// source by the factor alone. Blocks that run past the right or bottom edge are filled by
/// repeating the edge pixel (as a JPEG encoder pads its last block): averaging only the pixels
/// they have would move their centre inwards and shift the picture's edge.
public final class BoxReducer {
    public let factorX: Int
    public let factorY: Int
    public let sourceWidth: Int
    public let sourceHeight: Int
    /// The shrunk size.
    public let size: PixelSize
    private let emit: (Int, UnsafeRawPointer) -> Void
    private var sums: [UInt32]
    /// The last source row's block totals, repeated to fill a partial block at the bottom.
    private var rowTotals: [UInt32]
    private var row: [UInt8]
    private var rowsInBlock = 0
    private var rowsSeen = 0
    private var outputRow = 0

    /// `emit` receives each output row's index and bytes (4 a pixel, `size.width` pixels).
    public init(sourceWidth: Int, sourceHeight: Int, factorX: Int, factorY: Int,
                emit: @escaping (Int, UnsafeRawPointer) -> Void) {
        precondition(factorX >= 1 && factorY >= 1)
        self.factorX = factorX
        self.factorY = factorY
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        size = PixelSize(width: (sourceWidth + factorX - 1) / factorX, height: (sourceHeight + factorY - 1) / factorY)
        self.emit = emit
        sums = [UInt32](repeating: 0, count: size.width * 4)
        rowTotals = [UInt32](repeating: 0, count: size.width * 4)
        row = [UInt8](repeating: 0, count: size.width * 4)
    }

    /// Adds the next source row (4 bytes a pixel, `sourceWidth` pixels).
    public func add(row source: UnsafeRawPointer) {
        let fx = factorX, width = sourceWidth
        sums.withUnsafeMutableBufferPointer { sums in
            rowTotals.withUnsafeMutableBufferPointer { totals in
                var x = 0, block = 0
                while x < width {
                    let end = min(x + fx, width)
                    var total = SIMD4<UInt32>.zero
                    for px in x..<end {
                        let value = source.loadUnaligned(fromByteOffset: px &* 4, as: UInt32.self)
                        total &+= SIMD4(value & 0xFF, (value >> 8) & 0xFF, (value >> 16) & 0xFF, value >> 24)
                    }
                    if end - x < fx {
                        let value = source.loadUnaligned(fromByteOffset: (end - 1) &* 4, as: UInt32.self)
                        total &+= SIMD4(value & 0xFF, (value >> 8) & 0xFF, (value >> 16) & 0xFF, value >> 24) &* UInt32(fx - (end - x))
                    }
                    for channel in 0..<4 {
                        totals[block * 4 + channel] = total[channel]
                        sums[block * 4 + channel] &+= total[channel]
                    }
                    x = end
                    block += 1
                }
            }
        }
        rowsInBlock += 1
        rowsSeen += 1
        if rowsSeen == sourceHeight, rowsInBlock < factorY {
            // The last block runs past the bottom: repeat the last row.
            let missing = UInt32(factorY - rowsInBlock)
            for index in sums.indices { sums[index] &+= rowTotals[index] &* missing }
            rowsInBlock = factorY
        }
        if rowsInBlock == factorY { flush() }
    }

    private func flush() {
        let count = UInt32(factorX * factorY), width = size.width
        sums.withUnsafeMutableBufferPointer { sums in
            row.withUnsafeMutableBufferPointer { out in
                for index in 0..<(width * 4) {
                    out[index] = UInt8((sums[index] + count / 2) / count)
                    sums[index] = 0
                }
            }
        }
        row.withUnsafeBytes { emit(outputRow, $0.baseAddress!) }
        rowsInBlock = 0
        outputRow += 1
    }
}

extension PixelBuffer {
    /// The image shrunk by whole factors with a box filter.
    public func boxShrunk(x factorX: Int, y factorY: Int) -> PixelBuffer {
        guard factorX > 1 || factorY > 1 else { return self }
        var result = PixelBuffer(width: (width + factorX - 1) / factorX, height: (height + factorY - 1) / factorY, hasAlpha: hasAlpha)
        let resultRowBytes = result.rowBytes
        result.pixels.withUnsafeMutableBytes { target in
            let reducer = BoxReducer(sourceWidth: width, sourceHeight: height, factorX: factorX, factorY: factorY) { index, row in
                target.baseAddress!.advanced(by: index * resultRowBytes).copyMemory(from: row, byteCount: resultRowBytes)
            }
            pixels.withUnsafeBytes { source in
                for y in 0..<height { reducer.add(row: source.baseAddress! + y * rowBytes) }
            }
        }
        return result
    }
}
