/// Shrinks an image by whole factors with a box filter (the mean of each kx×ky block) as its
/// rows stream in, so only one accumulator row is held beside the output. Blocks at the right
/// and bottom edges may be smaller and are averaged over the pixels they have.
public struct BoxReducer {
    public let factorX: Int
    public let factorY: Int
    public let sourceWidth: Int
    public private(set) var output: PixelBuffer
    private var sums: [UInt32]
    private var rowsInBlock = 0
    private var outputRow = 0

    public init(sourceWidth: Int, sourceHeight: Int, factorX: Int, factorY: Int, hasAlpha: Bool) {
        precondition(factorX >= 1 && factorY >= 1)
        self.factorX = factorX
        self.factorY = factorY
        self.sourceWidth = sourceWidth
        output = PixelBuffer(width: (sourceWidth + factorX - 1) / factorX,
                             height: (sourceHeight + factorY - 1) / factorY, hasAlpha: hasAlpha)
        sums = [UInt32](repeating: 0, count: output.width * 4)
    }

    /// Adds the next source row (4 bytes a pixel, `sourceWidth` pixels).
    public mutating func add(row: UnsafeBufferPointer<UInt8>) {
        let fx = factorX
        sums.withUnsafeMutableBufferPointer { sums in
            var x = 0, block = 0
            while x < sourceWidth {
                let end = min(x + fx, sourceWidth)
                var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0, a: UInt32 = 0
                for px in x..<end {
                    r &+= UInt32(row[px * 4])
                    g &+= UInt32(row[px * 4 + 1])
                    b &+= UInt32(row[px * 4 + 2])
                    a &+= UInt32(row[px * 4 + 3])
                }
                sums[block * 4] &+= r
                sums[block * 4 + 1] &+= g
                sums[block * 4 + 2] &+= b
                sums[block * 4 + 3] &+= a
                x = end
                block += 1
            }
        }
        rowsInBlock += 1
        if rowsInBlock == factorY { emit() }
    }

    /// The shrunk image, once every source row has been added.
    public mutating func finish() -> PixelBuffer {
        if rowsInBlock > 0 { emit() }
        return output
    }

    private mutating func emit() {
        guard outputRow < output.height else { return }
        let rows = UInt32(rowsInBlock), width = output.width, lastWidth = sourceWidth - (width - 1) * factorX
        let row = outputRow
        let fx = UInt32(factorX)
        output.pixels.withUnsafeMutableBufferPointer { out in
            sums.withUnsafeMutableBufferPointer { sums in
                for block in 0..<width {
                    let count = (block == width - 1 ? UInt32(lastWidth) : fx) * rows
                    for channel in 0..<4 {
                        let index = block * 4 + channel
                        out[(row * width + block) * 4 + channel] = UInt8((sums[index] + count / 2) / count)
                        sums[index] = 0
                    }
                }
            }
        }
        rowsInBlock = 0
        outputRow += 1
    }
}

extension PixelBuffer {
    /// The image shrunk by whole factors with a box filter.
    public func boxShrunk(x factorX: Int, y factorY: Int) -> PixelBuffer {
        guard factorX > 1 || factorY > 1 else { return self }
        var reducer = BoxReducer(sourceWidth: width, sourceHeight: height, factorX: factorX, factorY: factorY, hasAlpha: hasAlpha)
        pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                reducer.add(row: UnsafeBufferPointer(rebasing: pixels[y * rowBytes..<(y + 1) * rowBytes]))
            }
        }
        return reducer.finish()
    }
}
