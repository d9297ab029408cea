import LibHEIF

// HEIF and AVIF originals as `Formats` declares them: the brands that tell them apart, and the
// decoder called with the registry's requests.

extension HEIFHeader {
    /// The format the brands of an `ftyp` box at the start of a file announce (from its first
    /// bytes; the header reads the whole box), or nil for another file.
    static func format(start bytes: [UInt8]) -> ImageFormat? {
        guard bytes.hasBytes("ftyp", at: 4) else { return nil }
        return format(brands: fileBrands(Array(bytes.dropFirst(8).prefix(max(0, (bytes.uint32BE(0) ?? 0) - 8)))))
    }
}

extension HEIFDecoder {
    /// No shrink-on-load for HEVC or AV1: the whole image, within limits.memory_mb.
    static func decode(_ request: DecodeRequest) throws(CodecError) -> SourceInfo {
        try decode(file: request.file, header: request.header, limits: request.limits, into: request.consumer, planes: request.planes)
    }
}

extension CodecLibraries.Library {
    public static let libheif = CodecLibraries.Library("libheif") { heif_get_version().map { String(cString: $0) } ?? "unknown" }
    public static let hevcDecoder = CodecLibraries.Library("libheif-hevc-decoder") { heifDecoder(heif_compression_HEVC) }
    public static let av1Decoder = CodecLibraries.Library("libheif-av1-decoder") { heifDecoder(heif_compression_AV1) }

    /// The name (with its version) of the decoder libheif uses for `format`: the first, by
    /// priority, of those it has; "none" when it has none (the plugin is missing).
    private static func heifDecoder(_ format: heif_compression_format) -> String {
        var decoder: OpaquePointer?
        guard heif_get_decoder_descriptors(format, &decoder, 1) == 1, let decoder,
              let name = heif_decoder_descriptor_get_name(decoder) else { return "none" }
        return String(cString: name)
    }
}
