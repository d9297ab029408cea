import Raster

/// Reads a WebP's canvas size and whether it is animated (`VP8X` animation flag or `ANIM`).
enum WebPHeader {
    static func read(_ file: FileBytes) throws(CodecError) -> ImageHeader {
        var offset = 12
        var header = ImageHeader(format: .webp, size: .zero)
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
            } else if chunk.hasBytes("VP8 "), header.size == .zero, payload.count >= 10,
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
        return header
    }
}
