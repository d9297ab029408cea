import LibDeflate
import LibPNG

// PNG as `Formats` declares it: how its header is recognised, and its decoder and encoder
// called with the registry's requests and settings.

extension PNGHeader {
    static func recognises(_ bytes: [UInt8]) -> Bool { bytes.starts(with: signature) }
}

extension PNGDecoder {
    /// Full-resolution rows: the consumer box-shrinks them on the way in.
    static func decode(_ request: DecodeRequest) throws(CodecError) -> SourceInfo {
        try decode(file: request.file, pixelLimit: request.limits.pixels, memoryLimit: request.limits.memoryBytes, into: request.consumer)
    }
}

extension PNGEncoder {
    /// `output.png`: compression; grey, the ICC profile and the colour chunks from the source.
    static func encode(_ pixels: EncoderPixels, _ settings: FormatSettings, _ source: SourceInfo) throws(CodecError) -> [UInt8] {
        var options = Options(compression: settings.integer("compression"))
        options.grey = source.isGrey
        options.iccProfile = source.iccProfile
        options.colorChunks = source.colorChunks
        return try encode(pixels.rgba, options: options)
    }
}

extension CodecLibraries.Library {
    public static let libpng = CodecLibraries.Library("libpng") { png_get_libpng_ver(nil).map { String(cString: $0) } ?? "unknown" }
    /// libdeflate 1.14 has no version call: its header's, as compiled.
    public static let libdeflate = CodecLibraries.Library("libdeflate") { "\(LIBDEFLATE_VERSION_MAJOR).\(LIBDEFLATE_VERSION_MINOR) (as compiled)" }
}
