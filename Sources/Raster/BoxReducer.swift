/// Shrinks an image or one plane by whole factors with a box filter (the mean of each kx×ky
/// block) as its rows stream in: one accumulator row is held, and each output row is handed on
/// as soon as its block is complete.
///
/// Output pixel i covers source pixels [i·k, (i+1)·k) exactly, so the shrunk image maps to the
/// source by the factor alone. Blocks that run past the right or bottom edge are filled by
/// repeating the edge pixel (as a JPEG encoder pads its last block): averaging only the pixels
/// they have would move their centre inwards and shift the picture's edge.
public final class BoxReducer {
    /// Bytes a pixel: 4 (RGBA rows) or 1 (a plane).
    public let channels: Int
    public let factorX: Int
    public let factorY: Int
    public let sourceWidth: Int
    public let sourceHeight: Int
    /// The shrunk size.
    public let size: PixelSize
    private let emit: (Int, UnsafePointer<UInt8>) -> Void
    private var sums: [UInt32]
    /// The last source row's block totals, repeated to fill a partial block at the bottom.
    private var rowTotals: [UInt32]
    private var row: [UInt8]
    private var rowsInBlock = 0
    private var rowsSeen = 0
    private var outputRow = 0

    /// `emit` receives each output row's index and bytes (`channels` a pixel, `size.width` pixels).
    public init(sourceWidth: Int, sourceHeight: Int, channels: Int = 4, factorX: Int, factorY: Int,
                emit: @escaping (Int, UnsafePointer<UInt8>) -> Void) {
        precondition(factorX >= 1 && factorY >= 1 && (channels == 1 || channels == 4))
        self.channels = channels
        self.factorX = factorX
        self.factorY = factorY
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        size = PixelSize(width: (sourceWidth + factorX - 1) / factorX, height: (sourceHeight + factorY - 1) / factorY)
        self.emit = emit
        sums = [UInt32](repeating: 0, count: size.width * channels)
        rowTotals = [UInt32](repeating: 0, count: size.width * channels)
        row = [UInt8](repeating: 0, count: size.width * channels)
    }

    /// Adds the next source row (`channels` bytes a pixel, `sourceWidth` pixels).
    public func add(row source: UnsafeRawPointer) {
        let fx = factorX, width = sourceWidth, blocks = size.width
        sums.withUnsafeMutableBufferPointer { sums in
            rowTotals.withUnsafeMutableBufferPointer { totals in
                if channels == 1 {
                    let bytes = source.assumingMemoryBound(to: UInt8.self)
                    for block in 0..<blocks {
                        let x = block &* fx, end = Swift.min(x &+ fx, width)
                        var total: UInt32 = 0
                        for px in x..<end { total &+= UInt32(bytes[px]) }
                        // A block past the right edge repeats the edge pixel.
                        total &+= UInt32(bytes[end &- 1]) &* UInt32(fx &- (end &- x))
                        totals[block] = total
                        sums[block] &+= total
                    }
                    return
                }
                for block in 0..<blocks {
                    let x = block &* fx, end = Swift.min(x &+ fx, width)
                    var total = SIMD4<UInt32>.zero
                    for px in x..<end { total &+= Self.channels(source, at: px) }
                    total &+= Self.channels(source, at: end &- 1) &* UInt32(fx &- (end &- x))
                    for channel in 0..<4 {
                        totals[block &* 4 &+ channel] = total[channel]
                        sums[block &* 4 &+ channel] &+= total[channel]
                    }
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

    /// The four bytes of pixel `x` of an RGBA row.
    @inline(__always)
    private static func channels(_ row: UnsafeRawPointer, at x: Int) -> SIMD4<UInt32> {
        let value = row.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
        return SIMD4(value & 0xFF, (value >> 8) & 0xFF, (value >> 16) & 0xFF, value >> 24)
    }

    private func flush() {
        let count = UInt32(factorX * factorY)
        sums.withUnsafeMutableBufferPointer { sums in
            row.withUnsafeMutableBufferPointer { out in
                for index in 0..<out.count {
                    out[index] = UInt8((sums[index] + count / 2) / count)
                    sums[index] = 0
                }
            }
        }
        row.withUnsafeBufferPointer { emit(outputRow, $0.baseAddress!) }
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
