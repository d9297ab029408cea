// AVIF as `Formats` declares its output: the encoder called with the registry's settings. (AVIF
// originals are HEIF files: HEIF/ reads them.)

extension AVIFEncoder {
    /// `output.avif`: quality and speed; the ICC profile from the source.
    static func encode(_ pixels: EncoderPixels, _ settings: FormatSettings, _ source: SourceInfo) throws(CodecError) -> [UInt8] {
        var options = Options(quality: settings.integer("quality"), speed: settings.integer("speed"))
        options.iccProfile = source.iccProfile
        return try pixels.encoded(rgba: { image throws(CodecError) in try encode(image, options: options) },
                                  planar: { image throws(CodecError) in try encode(image, options: options) })
    }
}
