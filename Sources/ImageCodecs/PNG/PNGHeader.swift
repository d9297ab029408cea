import Raster

/// Reads a PNG's IHDR and the chunks before its image data: alpha, eXIf, and whether it is an
/// animation (APNG: an acTL chunk and more than one frame with data).
enum PNGHeader {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// PNG's own bound on a chunk length.
    static let maxChunkLength = 0x7FFF_FFFF

    static func read(_ file: FileBytes) throws(CodecError) -> ImageHeader {
        let ihdr = file.read(at: 8, length: 8 + 13)
        guard ihdr.count == 21 else { throw CodecError.damaged("the PNG ends inside its header (truncated?)") }
        guard ihdr.hasBytes("IHDR", at: 4), ihdr.uint32BE(0) == 13 else {
            throw CodecError.damaged("corrupt PNG: the first chunk is not a 13-byte IHDR")
        }
        let width = ihdr.uint32BE(8)!, height = ihdr.uint32BE(12)!
        let depth = Int(ihdr[16]), colorType = Int(ihdr[17])
        guard width > 0, height > 0, width <= maxChunkLength, height <= maxChunkLength else {
            throw CodecError.damaged("corrupt PNG: its header gives a size of \(width)x\(height)")
        }
        let channels: [Int: (depths: [Int], channels: Int)] = [
            0: ([1, 2, 4, 8, 16], 1), 2: ([8, 16], 3), 3: ([1, 2, 4, 8], 3), 4: ([8, 16], 2), 6: ([8, 16], 4),
        ]
        guard let kind = channels[colorType], kind.depths.contains(depth), ihdr[20] <= 1 else {
            throw CodecError.damaged("corrupt PNG: colour type \(colorType) with bit depth \(depth) is not valid")
        }
        var header = ImageHeader(format: .png, size: PixelSize(width: width, height: height))
        header.components = kind.channels
        header.hasAlpha = colorType == 4 || colorType == 6
        header.needsWholeImage = ihdr[20] == 1
        if header.needsWholeImage {
            // Header sizes go up to 2^31 a side: saturate rather than trap on a hostile one.
            let (pixels, overflow) = width.multipliedReportingOverflow(by: height * 4 * (depth == 16 ? 2 : 1))
            header.wholeImageBytes = overflow ? Int.max : pixels
        }

        var offset = 8 + 25
        var claimedFrames = 0
        var profile = false, chunks = false, srgb = false
        while true {
            let chunk = file.read(at: offset, length: 12)
            guard chunk.count >= 8, let length = chunk.uint32BE(0), length <= maxChunkLength else { break }
            if chunk.hasBytes("IDAT", at: 4) || chunk.hasBytes("IEND", at: 4) { break }
            if chunk.hasBytes("acTL", at: 4) { claimedFrames = chunk.uint32BE(8) ?? 0 }
            if chunk.hasBytes("tRNS", at: 4) { header.hasAlpha = true }
            // An sRGB chunk says the pixels are sRGB whatever gAMA and cHRM beside it say.
            if chunk.hasBytes("iCCP", at: 4) { profile = true }
            if chunk.hasBytes("gAMA", at: 4) || chunk.hasBytes("cHRM", at: 4) { chunks = true }
            if chunk.hasBytes("sRGB", at: 4) { srgb = true }
            if chunk.hasBytes("eXIf", at: 4), length <= JPEGHeader.maxEXIFBytes {
                header.orientation = EXIFOrientation.read(file.read(at: offset + 8, length: length))
            }
            offset += 12 + length
        }
        header.hasColourProfile = profile || (chunks && !srgb)
        // An acTL chunk only claims: the animation is the frames that are really there.
        header.isAnimated = claimedFrames > 1 && framesWithData(file, upTo: 2) > 1
        return header
    }

    /// The APNG frames that hold image data, counted no further than `limit`: an `fcTL` chunk
    /// followed, before the next `fcTL`, by `IDAT` (the default image as the first frame) or
    /// `fdAT`. Walks chunk headers only.
    static func framesWithData(_ file: FileBytes, upTo limit: Int = .max) -> Int {
        var offset = 8, frames = 0, controlWaitingForData = false
        while frames < limit {
            let chunk = file.read(at: offset, length: 8)
            guard chunk.count == 8, let length = chunk.uint32BE(0), length <= maxChunkLength, !chunk.hasBytes("IEND", at: 4) else { break }
            if chunk.hasBytes("fcTL", at: 4) {
                controlWaitingForData = true
            } else if controlWaitingForData, chunk.hasBytes("IDAT", at: 4) || chunk.hasBytes("fdAT", at: 4) {
                frames += 1
                controlWaitingForData = false
            }
            offset += 12 + length
        }
        return frames
    }
}
