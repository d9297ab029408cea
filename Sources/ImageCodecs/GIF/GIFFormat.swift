import LibGIF

// GIF as `Formats` declares it: how its header is recognised, and its decoder called with the
// registry's requests.

extension GIFHeader {
    static func recognises(_ bytes: [UInt8]) -> Bool { bytes.hasBytes("GIF87a") || bytes.hasBytes("GIF89a") }
}

extension GIFDecoder {
    /// Full-resolution rows, like PNG.
    static func decode(_ request: DecodeRequest) throws(CodecError) -> SourceInfo {
        try decode(file: request.file, pixelLimit: request.limits.pixels, memoryLimit: request.limits.memoryBytes, into: request.consumer)
    }
}

extension CodecLibraries.Library {
    /// giflib offers only the macros of the header it was compiled against.
    public static let giflib = CodecLibraries.Library("giflib") { "\(GIFLIB_MAJOR).\(GIFLIB_MINOR).\(GIFLIB_RELEASE) (as compiled)" }
}
