/// Cutting a rectangle of whole pixels out of an image: the crop of a `focus: auto` rendition,
/// taken from the whole image resampled at the rendition's scale.
extension Plane {
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> Plane {
        precondition(x >= 0 && y >= 0 && width > 0 && height > 0 && x + width <= self.width && y + height <= self.height)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height)
        for row in y..<(y + height) {
            bytes += self.bytes[(row * self.width + x)..<(row * self.width + x + width)]
        }
        return Plane(width: width, height: height, bytes: bytes)
    }
}

extension PixelBuffer {
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> PixelBuffer {
        precondition(x >= 0 && y >= 0 && width > 0 && height > 0 && x + width <= self.width && y + height <= self.height)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * Self.channels)
        for row in y..<(y + height) {
            bytes += pixels[((row * self.width + x) * Self.channels)..<((row * self.width + x + width) * Self.channels)]
        }
        return PixelBuffer(width: width, height: height, hasAlpha: hasAlpha, pixels: bytes)
    }
}

extension PlanarImage {
    /// Luma from (`x`, `y`), both even, so that each chroma sample still covers the same two by
    /// two luma samples; chroma of the crop's own size (`chromaSize`).
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> PlanarImage {
        precondition(x % 2 == 0 && y % 2 == 0)
        let luma = planes[0].cropped(x: x, y: y, width: width, height: height)
        guard planes.count == 3 else { return PlanarImage(planes: [luma]) }
        let chroma = Self.chromaSize(luma.size)
        return PlanarImage(planes: [luma] + planes[1...].map { $0.cropped(x: x / 2, y: y / 2, width: chroma.width, height: chroma.height) })
    }
}
