import LibAVIF

// AVIF as `Formats` declares its output: the encoder called with the registry's settings. (AVIF
// originals are HEIF files: HEIF/ reads them.)

extension AVIFEncoder {
    /// `output.avif`: quality and speed; the source's colour as a colour file carries it (the
    /// encoder writes 4:2:0, never 4:0:0 grey).
    static func encode(_ pixels: EncoderPixels, _ settings: FormatSettings, _ source: SourceInfo) throws(CodecError) -> [UInt8] {
        var options = Options(quality: settings.integer("quality"), speed: settings.integer("speed"))
        options.iccProfile = source.profile(greyFile: false)
        return try pixels.inColour(source).encoded(rgba: { image throws(CodecError) in try encode(image, options: options) },
                                  planar: { image throws(CodecError) in try encode(image, options: options) })
    }
}

extension CodecLibraries.Library {
    public static let libavif = CodecLibraries.Library("libavif") { String(cString: avifVersion()) }
    public static let av1Encoder = CodecLibraries.Library("libavif-av1-encoder") { avifCodec(AVIFEncoder.defaultCodec.rawValue) }

    /// The version libavif gives for `codec` in `avifCodecVersions` ("aom [enc/dec]:v3.6.0").
    private static func avifCodec(_ codec: String) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        avifCodecVersions(&buffer)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        for entry in text.split(separator: ",") {
            let parts = entry.trimmingPrefix(" ").split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].split(separator: " ").first.map(String.init) == codec else { continue }
            return "\(codec) \(parts[1])"
        }
        return "\(codec) none"
    }
}
