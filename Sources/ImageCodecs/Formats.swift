import Raster

/// Every format thumbgen reads or writes, each declared once: the rest of thumbgen (the header
/// reader, the decoders, the encode stage, the recipe, the index's output record, the manifest's
/// reader and schema, the globs, the profile) reads these entries and names no format itself.
/// A new format is one folder beside JPEG/ with its header reader, decoder or encoder (and the
/// library it calls, with its version: `CodecLibraries.Library`), one entry here (and its library in
/// `libraries`), and its system library in Package.swift. (The clients ship alone and keep their
/// own table of input media types: `FormatTableTests` holds them to this one.)
public enum Formats {
    /// Recognised in this order from a file's first bytes.
    public static let inputs: [InputFormat] = [
        InputFormat(format: .jpeg, title: "JPEG", mediaType: "image/jpeg", extensions: ["jpg", "jpeg", "jpe", "jfif"],
                    recognises: JPEGHeader.recognises, readHeader: JPEGHeader.read, decode: JPEGDecoder.decode,
                    libraries: [.libjpeg], fallback: .jpeg),
        InputFormat(format: .png, title: "PNG", mediaType: "image/png", extensions: ["png", "apng"],
                    recognises: PNGHeader.recognises, readHeader: PNGHeader.read, decode: PNGDecoder.decode,
                    libraries: [.libpng], fallback: .png),
        // A GIF's renditions are PNG: it may have transparency, and has at most 256 colours.
        InputFormat(format: .gif, title: "GIF", mediaType: "image/gif", extensions: ["gif"],
                    recognises: GIFHeader.recognises, readHeader: GIFHeader.read, decode: GIFDecoder.decode,
                    libraries: [.giflib], fallback: .png),
        InputFormat(format: .webp, title: "WebP", mediaType: "image/webp", extensions: ["webp"],
                    recognises: WebPHeader.recognises, readHeader: WebPHeader.read, decode: WebPDecoder.decode,
                    libraries: [.libwebpDecoder], fallback: nil),
        // lcms2 makes the ICC profile carried for a HEIF's nclx colour.
        InputFormat(format: .heif, title: "HEIC, HEIF", mediaType: "image/heif", extensions: ["heic", "heif", "hif"],
                    recognises: { HEIFHeader.format(start: $0) == .heif }, readHeader: HEIFHeader.read, decode: HEIFDecoder.decode,
                    libraries: [.libheif, .hevcDecoder, .lcms2], fallback: nil),
        InputFormat(format: .avif, title: "AVIF", mediaType: "image/avif", extensions: ["avif"],
                    recognises: { HEIFHeader.format(start: $0) == .avif }, readHeader: HEIFHeader.read, decode: HEIFDecoder.decode,
                    libraries: [.libheif, .av1Decoder, .lcms2], fallback: nil),
    ]

    /// The fallbacks first, then the modern formats; this order is the recipe's, the profile's,
    /// a shard identity's and the stale reasons'.
    ///
    /// The defaults of the WebP and AVIF settings match the JPEG fallback at quality 82 on
    /// SSIMULACRA2: median over the 960×540 boxes of the benchmark corpus's 49 JPEG photos, JPEG
    /// 78.4, WebP q87 78.0 (91% of JPEG's bytes), AVIF q76 78.8 (76%); on 15 photos it does not
    /// include (lomiri-wallpapers-16.04), JPEG 77.3, WebP 78.1 (100%), AVIF 79.2 (88%). Printed by
    /// `bench/formats.py quality` (bench/results/formats-quality-*.md). Speed 8: with aom, the
    /// most bytes saved per CPU second while the files stay well under 90% of the fallback's
    /// (`bench/formats.py sweep`: speed 7 takes 2.3× the CPU for 8% fewer bytes, speed 9
    /// makes 92% of JPEG's bytes).
    public static let outputs: [OutputFormat] = [.jpeg, .png, .webp, .avif]

    /// The C libraries whose output is in thumbgen's files, in the order recipes list them (a new
    /// one goes last: the lines of the recipes that do not use it stay as they are).
    public static let libraries: [CodecLibraries.Library] = [
        .libjpeg, .libpng, .libdeflate, .giflib, .libwebpDecoder, .libwebpEncoder, .libheif, .hevcDecoder, .av1Decoder,
        .libavif, .av1Encoder, .lcms2,
    ]

    /// Modern files a manifest that names none gets.
    public static let defaultModern: [OutputFormat] = [.webp]

    public static var fallbacks: [OutputFormat] { outputs.filter { $0.role == .fallback } }
    public static var modern: [OutputFormat] { outputs.filter { $0.role == .modern } }
    /// The modern formats' names as the schema and messages list them: alphabetical.
    public static var modernNames: [String] { modern.map(\.name).sorted() }

    public static func input(_ format: ImageFormat) -> InputFormat? { inputs.first { $0.format == format } }
    public static func output(_ format: ImageFormat) -> OutputFormat? { outputs.first { $0.format == format } }
    public static func output(named name: String) -> OutputFormat? { outputs.first { $0.name == name } }

    /// The format the first bytes of a file announce.
    public static func recognise(_ bytes: [UInt8]) -> ImageFormat {
        inputs.first { $0.recognises(bytes) }?.format ?? .unknown
    }

    /// The fallback of an original with this header: its input format's, else PNG for an image
    /// with alpha and JPEG for the rest (HEIC, AVIF, WebP photos).
    public static func fallback(for header: ImageHeader) -> OutputFormat {
        let named = input(header.format)?.fallback ?? (header.hasAlpha ? .png : .jpeg)
        return output(named) ?? .jpeg
    }

    /// True when the original is not in its own fallback's format (HEIC, AVIF, WebP, GIF): not
    /// every client shows it, so a box it already fits gets a fallback at its own size, never the
    /// original.
    public static func converts(_ header: ImageHeader) -> Bool {
        input(header.format)?.fallback != header.format
    }

    /// Every row of `thumbgen build --profile`, in its order: the pipeline's stages with each
    /// output format's encoder among them.
    public static var profileStages: [Stage] {
        Stage.beforeEncoding + outputs.map(\.stage) + Stage.afterEncoding
    }
}

extension ImageFormat {
    public static let jpeg = ImageFormat("jpeg")
    public static let png = ImageFormat("png")
    public static let gif = ImageFormat("gif")
    public static let webp = ImageFormat("webp")
    /// HEIC and other HEIF images (HEVC-coded, or any HEIF brand that is not AVIF).
    public static let heif = ImageFormat("heif")
    /// AV1-coded HEIF.
    public static let avif = ImageFormat("avif")
}

/// Quality as libjpeg, libwebp and libavif take it.
private let quality = 1...100

extension OutputFormat {
    public static let jpeg = OutputFormat(
        format: .jpeg, title: "JPEG", role: .fallback, mediaType: "image/jpeg", fileExtension: "jpg", summary: "JPEG fallbacks.",
        settings: [.integer("quality", quality, default: 82, "libjpeg quality."),
                   .flag("progressive", default: false, "Progressive instead of baseline JPEG.")],
        encodeBytesPerPixel: 2, takesPlanes: JPEGEncoder.takesPlanes, encode: JPEGEncoder.encode, libraries: [.libjpeg])

    /// thumbgen writes PNG's chunks itself and compresses with libdeflate (libpng only decodes).
    /// The encoder keeps a filtered copy and its compressed output: about 12 bytes a pixel,
    /// measured under `prlimit --as`.
    public static let png = OutputFormat(
        format: .png, title: "PNG", role: .fallback, mediaType: "image/png", fileExtension: "png", summary: "PNG fallbacks.",
        settings: [.integer("compression", 0...9, default: 6, "zlib level.")],
        encodeBytesPerPixel: 12, takesPlanes: { _ in false }, encode: PNGEncoder.encode, libraries: [.libdeflate])

    public static let webp = OutputFormat(
        format: .webp, title: "WebP", role: .modern, mediaType: "image/webp", fileExtension: "webp", summary: "WebP files.",
        settings: [.integer("quality", quality, default: 87, "libwebp quality."),
                   .flag("lossless", default: false, "Lossless WebP.")],
        encodeBytesPerPixel: 2, takesPlanes: { _ in false }, encode: WebPEncoder.encode, libraries: [.libwebpEncoder])

    public static let avif = OutputFormat(
        format: .avif, title: "AVIF", role: .modern, mediaType: "image/avif", fileExtension: "avif", summary: "AVIF files.",
        settings: [.integer("quality", quality, default: 76, "libavif quality."),
                   .integer("speed", 0...10, default: 8, "Encoder speed: 0 slowest and smallest, 10 fastest.")],
        encodeBytesPerPixel: 2, takesPlanes: { _ in true }, encode: AVIFEncoder.encode, libraries: [.libavif, .av1Encoder])
}
