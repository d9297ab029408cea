import CJPEG
import LibAVIF
import LibDeflate
import LibGIF
import LibHEIF
import LibJPEG
import LibLCMS2
import LibPNG
import LibWebP

/// The C libraries whose output is in thumbgen's files, with the versions of the ones this
/// process loaded, read once. Two machines with other versions of a library can write other
/// bytes for the same recipe (libwebp, libaom and libheif's decoders change theirs between
/// releases), so a file's recipe names the versions of the libraries that shaped it.
public struct CodecLibraries: Sendable, Equatable {
    /// One library, by the role it plays (libwebp's decoder and encoder are versioned apart).
    public enum Library: String, CaseIterable, Sendable {
        case libjpeg = "libjpeg-turbo"
        case libpng
        case libdeflate
        case giflib
        case libwebpDecoder = "libwebp-decoder"
        case libwebpEncoder = "libwebp-encoder"
        case libheif
        case hevcDecoder = "libheif-hevc-decoder"
        case av1Decoder = "libheif-av1-decoder"
        case libavif
        case av1Encoder = "libavif-av1-encoder"
        case lcms2
    }

    public var versions: [Library: String]

    public init(versions: [Library: String]) { self.versions = versions }

    /// What the libraries loaded in this process say of themselves, read once.
    public static let current = CodecLibraries(versions: readVersions())

    /// The libraries that shape a file decoded from an original in `format` (`InputFormat.libraries`).
    public static func decoding(_ format: ImageFormat) -> [Library] {
        Formats.input(format)?.libraries ?? []
    }

    /// The libraries that write a file in `format` (`OutputFormat.libraries`).
    public static func encoding(_ format: ImageFormat) -> [Library] {
        Formats.output(format)?.libraries ?? []
    }

    /// `libwebp-decoder 1.2.4`, one a line, in the order of `Library`, each library once.
    public func lines(_ libraries: [Library]) -> [String] {
        let wanted = Set(libraries)
        return Library.allCases.filter(wanted.contains).map { "\($0.rawValue) \(version($0))" }
    }

    public func version(_ library: Library) -> String { versions[library] ?? "unknown" }

    private static func readVersions() -> [Library: String] {
        var versions: [Library: String] = [:]
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
        versions[.libjpeg] = "\(turbo / 1_000_000).\(turbo / 1000 % 1000).\(turbo % 1000) (as compiled; libjpeg API \(api.split(separator: " ").first ?? "?") at run time)"
        versions[.libpng] = png_get_libpng_ver(nil).map { String(cString: $0) } ?? "unknown"
        // libdeflate 1.14 has no version call: its header's, as compiled.
        versions[.libdeflate] = "\(LIBDEFLATE_VERSION_MAJOR).\(LIBDEFLATE_VERSION_MINOR) (as compiled)"
        // giflib offers only the macros of the header it was compiled against.
        versions[.giflib] = "\(GIFLIB_MAJOR).\(GIFLIB_MINOR).\(GIFLIB_RELEASE) (as compiled)"
        versions[.libwebpDecoder] = hexVersion(WebPGetDecoderVersion())
        versions[.libwebpEncoder] = hexVersion(WebPGetEncoderVersion()) + " (mux \(hexVersion(WebPGetMuxVersion())))"
        versions[.libheif] = heif_get_version().map { String(cString: $0) } ?? "unknown"
        versions[.hevcDecoder] = heifDecoder(heif_compression_HEVC)
        versions[.av1Decoder] = heifDecoder(heif_compression_AV1)
        versions[.libavif] = String(cString: avifVersion())
        versions[.av1Encoder] = avifCodec(AVIFEncoder.defaultCodec.rawValue)
        let cms = Int(cmsGetEncodedCMMversion())
        versions[.lcms2] = "\(cms / 1000).\(cms / 10 % 100)"
        return versions
    }

    /// libwebp's 0xMMmmpp as `M.m.p`.
    private static func hexVersion(_ value: Int32) -> String {
        "\(value >> 16 & 0xff).\(value >> 8 & 0xff).\(value & 0xff)"
    }

    /// The name (with its version) of the decoder libheif uses for `format`: the first, by
    /// priority, of those it has; "none" when it has none (the plugin is missing).
    private static func heifDecoder(_ format: heif_compression_format) -> String {
        var decoder: OpaquePointer?
        guard heif_get_decoder_descriptors(format, &decoder, 1) == 1, let decoder,
              let name = heif_decoder_descriptor_get_name(decoder) else { return "none" }
        return String(cString: name)
    }

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
