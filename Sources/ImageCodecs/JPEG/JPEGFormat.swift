import Raster

// JPEG as `Formats` declares it: how its header is recognised, and its decoder and encoder
// called with the registry's requests and settings.

extension JPEGHeader {
    /// SOI followed by a marker.
    static func recognises(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF
    }
}

extension JPEGDecoder {
    static func decode(_ request: DecodeRequest) throws(CodecError) -> SourceInfo {
        try decode(path: request.path, minimumScale: request.minimumScale, memoryLimit: request.limits.memoryBytes,
                   scanLimit: request.limits.scans, into: request.consumer, planes: request.planes)
    }
}

extension JPEGEncoder {
    /// `output.jpeg`: quality and progressive; grey, 4:4:4 chroma and the ICC profile from the source.
    static func encode(_ pixels: EncoderPixels, _ settings: FormatSettings, _ source: SourceInfo) throws(CodecError) -> [UInt8] {
        var options = Options(quality: settings.integer("quality"), progressive: settings.flag("progressive"))
        options.grayscale = source.isGrey
        options.sourceIsChroma444 = source.isChroma444
        options.iccProfile = source.iccProfile
        return try pixels.encoded(rgba: { image throws(CodecError) in try encode(image, options: options) },
                                  planar: { image throws(CodecError) in try encode(image, options: options) })
    }

    /// In 4:2:0 it is made as well from the original's planes; 4:4:4 sources at quality 90 or
    /// more keep their chroma through RGB.
    static func takesPlanes(_ settings: FormatSettings) -> Bool {
        !Options.keepsChroma(quality: settings.integer("quality"))
    }
}
