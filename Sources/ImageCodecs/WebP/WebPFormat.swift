import LibWebP

// WebP as `Formats` declares it: how its header is recognised, and its decoder and encoder
// called with the registry's requests and settings.

extension WebPHeader {
    static func recognises(_ bytes: [UInt8]) -> Bool { bytes.hasBytes("RIFF") && bytes.hasBytes("WEBP", at: 8) }
}

extension WebPDecoder {
    static func decode(_ request: DecodeRequest) throws(CodecError) -> SourceInfo {
        try decode(file: request.file, minimumScale: request.minimumScale, pixelLimit: request.limits.pixels,
                   memoryLimit: request.limits.memoryBytes, into: request.consumer, expecting: request.header.size)
    }
}

extension WebPEncoder {
    /// `output.webp`: quality and lossless; the source's colour as a colour file carries it
    /// (WebP has no grey).
    static func encode(_ pixels: EncoderPixels, _ settings: FormatSettings, _ source: SourceInfo) throws(CodecError) -> [UInt8] {
        var options = Options(quality: settings.integer("quality"), lossless: settings.flag("lossless"))
        options.iccProfile = source.profile(greyFile: false)
        return try pixels.inColour(source).encoded(rgba: { image throws(CodecError) in try encode(image, options: options) },
                                  planar: { image throws(CodecError) in try encode(image, options: options) })
    }
}

extension CodecLibraries.Library {
    public static let libwebpDecoder = CodecLibraries.Library("libwebp-decoder") { hexVersion(WebPGetDecoderVersion()) }
    public static let libwebpEncoder = CodecLibraries.Library("libwebp-encoder") {
        hexVersion(WebPGetEncoderVersion()) + " (mux \(hexVersion(WebPGetMuxVersion())))"
    }

    /// libwebp's 0xMMmmpp as `M.m.p`.
    private static func hexVersion(_ value: Int32) -> String {
        "\(value >> 16 & 0xff).\(value >> 8 & 0xff).\(value & 0xff)"
    }
}
