import LibWebP
import Raster

/// WebP files made with libwebp's own encoder and muxer.
public enum WebPFixtures {
    /// Encodes `pixels` (premultiplied when they have alpha, as thumbgen keeps them): lossy at
    /// `quality`, or lossless with the colour under transparent pixels kept exactly. With
    /// `iccProfile` or `exif` (a bare TIFF structure, as the WebP container wants it), the file is
    /// extended (VP8X) with an `ICCP` or `EXIF` chunk.
    public static func encode(_ pixels: PixelBuffer, lossless: Bool = false, quality: Float = 90,
                              iccProfile: [UInt8]? = nil, exif: [UInt8]? = nil) -> [UInt8] {
        let straight = pixels.unpremultiplied()
        var config = WebPConfig()
        precondition(WebPConfigInit(&config) != 0)
        config.lossless = lossless ? 1 : 0
        config.quality = lossless ? 75 : quality
        config.exact = lossless ? 1 : 0
        var picture = WebPPicture()
        precondition(WebPPictureInit(&picture) != 0)
        defer { WebPPictureFree(&picture) }
        picture.use_argb = lossless ? 1 : 0
        picture.width = Int32(pixels.width)
        picture.height = Int32(pixels.height)
        let rgba = pixels.hasAlpha ? straight.pixels : straight.pixels.enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }
        precondition(WebPPictureImportRGBA(&picture, rgba, Int32(pixels.width * 4)) != 0)
        // libwebp keeps the writer's address while it encodes: a heap one, not a Swift local.
        let writer = UnsafeMutablePointer<WebPMemoryWriter>.allocate(capacity: 1)
        WebPMemoryWriterInit(writer)
        defer { WebPMemoryWriterClear(writer); writer.deallocate() }
        picture.writer = WebPMemoryWrite
        picture.custom_ptr = UnsafeMutableRawPointer(writer)
        precondition(WebPEncode(&config, &picture) != 0, "WebPEncode failed: \(picture.error_code)")
        let bytes = Array(UnsafeBufferPointer(start: writer.pointee.mem, count: writer.pointee.size))
        guard iccProfile != nil || exif != nil else { return bytes }
        return mux { mux in
            bytes.withUnsafeBufferPointer { image in
                var data = WebPData(bytes: image.baseAddress, size: image.count)
                precondition(WebPMuxSetImage(mux, &data, 1) == WEBP_MUX_OK)
            }
            for (name, payload) in [("ICCP", iccProfile), ("EXIF", exif)] {
                payload?.withUnsafeBufferPointer { chunk in
                    var data = WebPData(bytes: chunk.baseAddress, size: chunk.count)
                    precondition(WebPMuxSetChunk(mux, name, &data, 1) == WEBP_MUX_OK)
                }
            }
        }
    }

    /// An animation of `frames` (all one size), 100 ms each, looping.
    public static func animated(_ frames: [PixelBuffer]) -> [UInt8] {
        let encoded = frames.map { encode($0, lossless: true) }
        return mux { mux in
            for frame in encoded {
                frame.withUnsafeBufferPointer { bytes in
                    var info = WebPMuxFrameInfo()
                    info.bitstream = WebPData(bytes: bytes.baseAddress, size: bytes.count)
                    info.duration = 100
                    info.id = WEBP_CHUNK_ANMF
                    info.dispose_method = WEBP_MUX_DISPOSE_NONE
                    info.blend_method = WEBP_MUX_NO_BLEND
                    precondition(WebPMuxPushFrame(mux, &info, 1) == WEBP_MUX_OK)
                }
            }
            var parameters = WebPMuxAnimParams(bgcolor: 0, loop_count: 0)
            precondition(WebPMuxSetAnimationParams(mux, &parameters) == WEBP_MUX_OK)
        }
    }

    private static func mux(_ fill: (OpaquePointer) -> Void) -> [UInt8] {
        let mux = WebPMuxNew()!
        defer { WebPMuxDelete(mux) }
        fill(mux)
        var output = WebPData()
        precondition(WebPMuxAssemble(mux, &output) == WEBP_MUX_OK)
        defer { WebPDataClear(&output) }
        return Array(UnsafeBufferPointer(start: output.bytes, count: output.size))
    }
}
