/// Minimal GIF and WebP files whose headers say still or animated, for format detection tests.
public enum AnimationFixtures {
    /// A GIF89a of `frames` 1×1 images on a `width`×`height` screen.
    public static func gif(frames: Int, width: Int = 40, height: Int = 30) -> [UInt8] {
        var bytes = Array("GIF89a".utf8)
        bytes += [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0x80, 0, 0]
        bytes += [0, 0, 0, 255, 255, 255]  // a global colour table of two colours
        for _ in 0..<frames {
            bytes += [0x21, 0xF9, 4, 0, 10, 0, 0, 0]  // graphic control: 0.1 s a frame
            bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0]  // a 1×1 image at (0, 0)
            bytes += [2, 2, 0x44, 0x01, 0]  // LZW: clear, index 0, end
        }
        return bytes + [0x3B]
    }

    /// A RIFF/WEBP with a VP8X chunk (its animation flag set when `animated`), then an ANIM
    /// chunk, or a lossless VP8L image header when still.
    public static func webp(animated: Bool, width: Int = 40, height: Int = 30) -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let count = UInt32(data.count)
            return Array(type.utf8) + [UInt8(count & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count >> 16 & 0xFF), UInt8(count >> 24)]
                + data + (data.count % 2 == 1 ? [0] : [])
        }
        let w = width - 1, h = height - 1
        let vp8x = [animated ? 0x02 : 0x00, 0, 0, 0, UInt8(w & 0xFF), UInt8(w >> 8 & 0xFF), UInt8(w >> 16),
                    UInt8(h & 0xFF), UInt8(h >> 8 & 0xFF), UInt8(h >> 16)] as [UInt8]
        let bits = UInt32(w) | UInt32(h) << 14
        let vp8l: [UInt8] = [0x2F, UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24), 0]
        let body = chunk("VP8X", vp8x) + (animated ? chunk("ANIM", [0, 0, 0, 0, 0, 0]) : chunk("VP8L", vp8l))
        let size = UInt32(4 + body.count)
        return Array("RIFF".utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)]
            + Array("WEBP".utf8) + body
    }

    /// An APNG made of a still PNG (one IDAT): an `acTL` chunk claiming `claimed` frames, an
    /// `fcTL` before the image data when `defaultImageIsFrame`, then `extraFrames` more `fcTL`
    /// chunks, each followed by an `fdAT` holding the same image data when `extraFramesHaveData`.
    public static func apng(_ png: [UInt8], claiming claimed: Int = 2, defaultImageIsFrame: Bool = true,
                            extraFrames: Int = 1, extraFramesHaveData: Bool = true) -> [UInt8] {
        let chunks = PNGDamage.chunks(png)
        let ihdr = chunks.first { $0.type == "IHDR" }!, idat = chunks.first { $0.type == "IDAT" }!
        let size = Array(png[ihdr.offset + 8..<ihdr.offset + 16])
        let imageData = Array(png[idat.offset + 8..<idat.offset + 8 + idat.length])
        var sequence: UInt32 = 0
        func control() -> [UInt8] {
            defer { sequence += 1 }
            // Sequence, width and height, at (0, 0), 1/10 s, no disposal, source blend.
            return PNGFixture.chunk("fcTL", sequence.bigEndian4 + size + [UInt8](repeating: 0, count: 8) + [0, 1, 0, 10, 0, 0])
        }
        var before = PNGFixture.chunk("acTL", UInt32(claimed).bigEndian4 + [0, 0, 0, 0])
        if defaultImageIsFrame { before += control() }
        var after: [UInt8] = []
        for _ in 0..<extraFrames {
            after += control()
            if extraFramesHaveData {
                after += PNGFixture.chunk("fdAT", sequence.bigEndian4 + imageData)
                sequence += 1
            }
        }
        let end = idat.offset + 12 + idat.length
        return Array(png[..<idat.offset]) + before + Array(png[idat.offset..<end]) + after + Array(png[end...])
    }
}
