import LibWebP
import Raster

/// Decodes a still WebP with libwebp, straight to (about) the size its largest rendition needs:
/// libwebp's scaling decoder resamples as it decodes, so the output buffer is in proportion to
/// that size, not the original's. Alpha comes out premultiplied; the ICC profile comes from the
/// `ICCP` chunk.
public enum WebPDecoder {
    /// The size libwebp decodes a `full`-sized image to so that at least `minimumScale` of its
    /// resolution is kept on each axis, in pixels.
    ///
    /// Lossy images with alpha are decoded at full size: libwebp scales their colour planes
    /// without weighting by alpha and only then premultiplies, so the colour hidden under
    /// transparent pixels (which the encoder is free to change) would bleed into the edges. The
    /// rendition maker shrinks premultiplied rows instead. Lossless images are premultiplied before
    /// libwebp scales them.
    public static func scaledSize(_ full: PixelSize, minimumScale: Double, lossyWithAlpha: Bool) -> PixelSize {
        guard !lossyWithAlpha, minimumScale < 1 else { return full }
        func side(_ length: Int) -> Int { min(length, max(1, Int((Double(length) * minimumScale).rounded(.up)))) }
        return PixelSize(width: side(full.width), height: side(full.height))
    }

    /// Decodes the WebP open as `file` into `consumer`. `pixelLimit`: most pixels the image may
    /// have; `memoryLimit`: most bytes the file and the decode may hold; `expected`: the size the
    /// header reader gave, which libwebp's reading of the file must agree with.
    @discardableResult
    public static func decode(file: FileBytes, minimumScale: Double, pixelLimit: Int, memoryLimit: Int,
                              into consumer: RowConsumer, expecting expected: PixelSize? = nil) throws(CodecError) -> SourceInfo {
        guard file.count <= memoryLimit else {
            throw CodecError.overLimit("this WebP file is \(CodecError.mebibytes(file.count)) MiB, over the memory limit of \(memoryLimit >> 20) MiB (limits.memory_mb)")
        }
        let bytes = file.read(at: 0, length: file.count)
        return try bytes.withUnsafeBufferPointer { (data) throws(CodecError) -> SourceInfo in
            try decode(data, minimumScale: minimumScale, pixelLimit: pixelLimit, memoryLimit: memoryLimit, into: consumer,
                       expecting: expected)
        }
    }

    private static func decode(_ data: UnsafeBufferPointer<UInt8>, minimumScale: Double, pixelLimit: Int, memoryLimit: Int,
                               into consumer: RowConsumer, expecting expected: PixelSize?) throws(CodecError) -> SourceInfo {
        var config = WebPDecoderConfig()
        // A libwebp of another ABI than the header thumbgen was built with: the machine, not the file.
        guard WebPInitDecoderConfig(&config) != 0 else { throw CodecError.machine("libwebp's decoder does not match the header thumbgen was built with") }
        var status = WebPGetFeatures(data.baseAddress, data.count, &config.input)
        guard status == VP8_STATUS_OK else { throw failure(status, bytes: 0) }
        let features = config.input
        guard features.has_animation == 0 else { throw CodecError.unsupported("animated WebP images are not decoded") }
        let full = PixelSize(width: Int(features.width), height: Int(features.height))
        // Renditions are planned from the header: a file two readers size differently is damaged.
        if let expected, expected != full {
            throw CodecError.damaged("corrupt WebP: its header says \(expected) but libwebp reads an image of \(full)")
        }
        guard full.area <= pixelLimit else {
            throw CodecError.overLimit("\(full) is \(full.area) pixels, over the limit of \(pixelLimit) (limits.pixels)")
        }
        let hasAlpha = features.has_alpha != 0
        let lossyWithAlpha = hasAlpha && features.format != 2
        let size = scaledSize(full, minimumScale: minimumScale, lossyWithAlpha: lossyWithAlpha)
        // What libwebp holds besides the file: its output, and the whole image for lossless
        // files (back references reach every earlier pixel) or a lossy file's alpha plane.
        let held = size.area * 4 + (features.format == 2 ? full.area * 4 : hasAlpha ? full.area : 0) + data.count
        guard held <= memoryLimit else {
            throw CodecError.overLimit("this WebP needs \(CodecError.mebibytes(held)) MiB to decode, over the limit of \(memoryLimit >> 20) MiB (limits.memory_mb)")
        }

        if size != full {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(size.width)
            config.options.scaled_height = Int32(size.height)
        }
        config.output.colorspace = hasAlpha ? MODE_rgbA : MODE_RGBA
        status = WebPDecode(data.baseAddress, data.count, &config)
        defer { WebPFreeDecBuffer(&config.output) }
        guard status == VP8_STATUS_OK else { throw failure(status, bytes: size.area * 4) }

        var source = SourceInfo(fullSize: full, decodedSize: size)
        source.hasAlpha = hasAlpha
        source.embed(iccProfile(data))
        try consumer.begin(source)
        let rgba = config.output.u.RGBA
        if Int(rgba.stride) == size.width * 4 {
            consumer.consume(rows: UnsafeRawPointer(rgba.rgba), first: 0, count: size.height)
        } else {
            for row in 0..<size.height {
                consumer.consume(rows: UnsafeRawPointer(rgba.rgba + row * Int(rgba.stride)), first: row, count: 1)
            }
        }
        return source
    }

    /// Decodes the whole image into memory at (about) `minimumScale`: for tests and tools.
    public static func decode(path: String, minimumScale: Double, pixelLimit: Int, memoryLimit: Int) throws(CodecError) -> DecodedImage {
        let collector = PixelCollector()
        try decode(file: FileBytes(path: path), minimumScale: minimumScale, pixelLimit: pixelLimit, memoryLimit: memoryLimit, into: collector)
        return collector.image!
    }

    /// The `ICCP` chunk's payload, read with libwebpmux without copying the file; nil when there is
    /// none (or the container cannot be parsed: the pixels decoded, so they are shown untagged).
    static func iccProfile(_ data: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        // Only extended (VP8X) files carry chunks besides the image.
        guard data.count > 16, Array(data[12..<16]) == Array("VP8X".utf8) else { return nil }
        var bitstream = WebPData(bytes: data.baseAddress, size: data.count)
        guard let mux = WebPMuxCreate(&bitstream, 0) else { return nil }
        defer { WebPMuxDelete(mux) }
        var chunk = WebPData()
        guard WebPMuxGetChunk(mux, "ICCP", &chunk) == WEBP_MUX_OK, chunk.size > 0, let bytes = chunk.bytes else { return nil }
        return Array(UnsafeBufferPointer(start: bytes, count: chunk.size))
    }

    /// libwebp's status in words (its own names for them).
    static func failure(_ status: VP8StatusCode, bytes: Int) -> CodecError {
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: CodecError.outOfMemory(bytes: bytes)
        // libwebp checks thumbgen's options with it (scale, output buffer), not the data.
        case VP8_STATUS_INVALID_PARAM: CodecError.machine("libwebp refused the decoding options (invalid parameter)")
        case VP8_STATUS_BITSTREAM_ERROR: CodecError.damaged("corrupt WebP data (bitstream error)")
        case VP8_STATUS_UNSUPPORTED_FEATURE: CodecError.unsupported("this WebP uses a feature libwebp does not support")
        case VP8_STATUS_NOT_ENOUGH_DATA: CodecError.damaged("truncated WebP data (not enough data)")
        // Never asked for (no incremental decoding, no progress hook): libwebp misbehaved.
        case VP8_STATUS_SUSPENDED, VP8_STATUS_USER_ABORT: CodecError.machine("libwebp stopped decoding (status \(status.rawValue))")
        default: CodecError.damaged("corrupt WebP data (status \(status.rawValue))")
        }
    }
}
