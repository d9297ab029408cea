import CJPEG
import LibJPEG
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
        try decode(file: request.file, minimumScale: request.minimumScale, memoryLimit: request.limits.memoryBytes,
                   scanLimit: request.limits.scans, into: request.consumer, planes: request.planes)
    }
}

extension JPEGEncoder {
    /// `output.jpeg`: quality and progressive; grey, 4:4:4 chroma and the ICC profile (or the one PNG
    /// `gAMA`/`cHRM` mean) from the source.
    static func encode(_ pixels: EncoderPixels, _ settings: FormatSettings, _ source: SourceInfo) throws(CodecError) -> [UInt8] {
        var options = Options(quality: settings.integer("quality"), progressive: settings.flag("progressive"))
        options.grayscale = source.isGrey
        options.sourceIsChroma444 = source.isChroma444
        options.iccProfile = source.profile(greyFile: source.isGrey)
        return try pixels.encoded(rgba: { image throws(CodecError) in try encode(image, options: options) },
                                  planar: { image throws(CodecError) in try encode(image, options: options) })
    }

    /// In 4:2:0 it is made as well from the original's planes; 4:4:4 sources at quality 90 or
    /// more keep their chroma through RGB.
    static func takesPlanes(_ settings: FormatSettings) -> Bool {
        !Options.keepsChroma(quality: settings.integer("quality"))
    }
}

extension CodecLibraries.Library {
    public static let libjpeg = CodecLibraries.Library("libjpeg-turbo") {
        // libjpeg's API has no version call. Its message table holds JVERSION from the library
        // loaded (libjpeg-turbo answers with the API it emulates, "6b"), and
        // jpeg_CreateDecompress refuses a library of another JPEG_LIB_VERSION at run time; the
        // libjpeg-turbo release is only known as compiled in (LIBJPEG_TURBO_VERSION_NUMBER),
        // which the soname (libjpeg.so.62) ties to the same API but not to the same patch.
        var errors = jpeg_error_mgr()
        _ = jpeg_std_error(&errors)
        let code = Int(JMSG_VERSION.rawValue)
        let api = code <= Int(errors.last_jpeg_message) ? errors.jpeg_message_table?[code].map { String(cString: $0) } ?? "?" : "?"
        let turbo = Int(LIBJPEG_TURBO_VERSION_NUMBER)
        return "\(turbo / 1_000_000).\(turbo / 1000 % 1000).\(turbo % 1000) (as compiled; libjpeg API \(api.split(separator: " ").first ?? "?") at run time)"
    }
}
