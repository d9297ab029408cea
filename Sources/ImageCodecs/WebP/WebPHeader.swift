import Raster

/// Reads a WebP's canvas size, whether it is animated (`VP8X` animation flag or `ANIM`), the
/// orientation of its `EXIF` chunk (applied as a JPEG's is, as browsers and Pillow do), and
/// what its decode holds (see `WebPDecoder`): the file's bytes always; the whole image too when it
/// is lossless (VP8L keeps every pixel for its back references) or lossy with alpha (decoded at
/// full size, see `WebPDecoder.scaledSize`).
enum WebPHeader {
    static func read(_ file: FileBytes) throws(CodecError) -> ImageHeader {
        var offset = 12
        var header = ImageHeader(format: .webp, size: .zero)
        var lossy = false, lossless = false
        while true {
            let chunk = file.read(at: offset, length: 8 + 10)
            guard chunk.count >= 8, let length = chunk.uint32LE(4) else { break }
            let payload = Array(chunk[8...])
            if chunk.hasBytes("VP8X"), payload.count >= 10 {
                header.isAnimated = payload[0] & 0x02 != 0
                header.hasAlpha = payload[0] & 0x10 != 0
                header.size = PixelSize(width: payload.uint24LE(4)! + 1, height: payload.uint24LE(7)! + 1)
            } else if chunk.hasBytes("ANIM") {
                header.isAnimated = true
            } else if chunk.hasBytes("EXIF"), header.orientation == .up {
                // A bare TIFF structure (some writers put JPEG's `Exif\0\0` before it; both are read).
                header.orientation = EXIFOrientation.read(file.read(at: offset + 8, length: min(length, JPEGHeader.maxEXIFBytes)))
            }
            if chunk.hasBytes("VP8 ") { lossy = true }
            if chunk.hasBytes("VP8L") { lossless = true }
            if chunk.hasBytes("VP8 "), header.size == .zero, payload.count >= 10,
                      payload[3] == 0x9D, payload[4] == 0x01, payload[5] == 0x2A {
                header.size = PixelSize(width: payload.uint16LE(6)! & 0x3FFF, height: payload.uint16LE(8)! & 0x3FFF)
            } else if chunk.hasBytes("VP8L"), header.size == .zero, payload.count >= 5, payload[0] == 0x2F {
                let bits = payload.uint32LE(1)!
                header.size = PixelSize(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
                header.hasAlpha = (bits >> 28) & 1 != 0
            }
            offset += 8 + length + (length & 1)
        }
        guard header.size != .zero else { throw CodecError.damaged("corrupt WebP: no image size in its chunks") }
        header.needsWholeImage = true
        header.holdsScaledImage = true
        let (pixels, overflow) = header.size.width.multipliedReportingOverflow(by: header.size.height * 4)
        let wholeImage = lossless || (lossy && header.hasAlpha) ? pixels : 0
        header.wholeImageBytes = overflow || wholeImage > Int.max - file.count ? Int.max : wholeImage + file.count
        return header
    }
}
