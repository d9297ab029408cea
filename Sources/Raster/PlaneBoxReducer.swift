/// Shrinks one plane by whole factors with a box filter (the mean of each kx×ky block) as its
/// rows stream in, like `BoxReducer` for RGBA: one row of sums is held, and each output row is
/// handed on as soon as its block is complete. Blocks past the right or bottom edge repeat the
/// edge pixel, so output pixel i covers source pixels [i·k, (i+1)·k) exactly.
public final class PlaneBoxReducer {
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

    /// `emit` receives each output row's index and bytes (`size.width` of them).
    public init(sourceWidth: Int, sourceHeight: Int, factorX: Int, factorY: Int, emit: @escaping (Int, UnsafePointer<UInt8>) -> Void) {
        precondition(factorX >= 1 && factorY >= 1)
        self.factorX = factorX
        self.factorY = factorY
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        size = PixelSize(width: (sourceWidth + factorX - 1) / factorX, height: (sourceHeight + factorY - 1) / factorY)
        self.emit = emit
        sums = [UInt32](repeating: 0, count: size.width)
        rowTotals = [UInt32](repeating: 0, count: size.width)
        row = [UInt8](repeating: 0, count: size.width)
    }

    /// Adds the next source row (`sourceWidth` bytes).
    public func add(row source: UnsafePointer<UInt8>) {
        let fx = factorX, width = sourceWidth, blocks = size.width
        sums.withUnsafeMutableBufferPointer { sums in
            rowTotals.withUnsafeMutableBufferPointer { totals in
                for block in 0..<blocks {
                    let x = block &* fx, end = Swift.min(x &+ fx, width)
                    var total: UInt32 = 0
                    for px in x..<end { total &+= UInt32(source[px]) }
                    // A block past the right edge repeats the edge pixel.
                    total &+= UInt32(source[end &- 1]) &* UInt32(fx &- (end &- x))
                    totals[block] = total
                    sums[block] &+= total
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
