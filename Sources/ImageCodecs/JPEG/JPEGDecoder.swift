import CJPEG
import Raster

/// Decodes a JPEG straight to a DCT scale (1/8 to 8/8) that still leaves `minimumScale`
/// of the original's resolution, handing rows on in strips as they are decoded.
public enum JPEGDecoder {
    /// Rows decoded per call into libjpeg.
    static let stripRows = 16

    /// The DCT scale numerator (over 8) for a wanted fraction of the full resolution: every
    /// eighth libjpeg-turbo offers, not only the powers of two. A 2560-pixel photo whose largest
    /// rendition needs 0.46 of it decodes at 5/8 instead of in full: on the bench corpus the
    /// resample stage fell from 1.02 to 0.65 CPU s, and the renditions scored the same (PSNR and
    /// SSIMULACRA2 medians within 0.02 of the power-of-two choice; RenditionQualityTests' 40 dB
    /// bar holds at 3/8).
    public static func scaleNumerator(for minimumScale: Double) -> Int {
        (1...8).first { Double($0) / 8 >= minimumScale } ?? 8
    }

    /// limits.scans counts in scans of this many blocks of coefficients (an 8-megapixel grey
    /// image, a 5.6-megapixel 4:2:0 photo): every scan visits each block of its components, even
    /// one with no data, so the work is the blocks summed over the scans, and a file may decode
    /// at most `limits.scans` × this. A larger image may have proportionally fewer scans: the
    /// largest the default limits allow, 16383×16383 4:4:4 in libjpeg's 10 scans, decodes 58.7
    /// million. Empty refinement scans cost about 33 ns a block here (8192×8192 grey, 250 such
    /// scans: 8.7 s of CPU on a loaded machine), so the default 500 scans' 65.5 million blocks
    /// are about 2 s at most, whatever the image's size.
    public static let blocksPerScan = 1 << 17

    /// Most blocks a progressive file's scans may decode under `scanLimit` (0: no limit).
    static func blockLimit(scanLimit: Int) -> Int {
        scanLimit > 0 ? scanLimit.multipliedReportingOverflow(by: blocksPerScan).overflow ? Int.max : scanLimit * blocksPerScan : 0
    }

    /// Decodes into `consumer`. `memoryLimit` (bytes) bounds what the decoder may hold; a
    /// progressive JPEG keeps every DCT coefficient of the full image, whatever the scale.
    /// `scanLimit`: most scans a progressive JPEG may have (0: no limit), and with
    /// `blocksPerScan` the most blocks its scans may decode; both are counted from the file's
    /// bytes before any scan is decoded.
    /// With `planes`, a YCbCr or grey file goes to it as its own planes instead (no colour
    /// conversion, no chroma upsampling); CMYK, YCCK and RGB files still come as RGBA rows.
    @discardableResult
    public static func decode(file: FileBytes, minimumScale: Double, memoryLimit: Int, scanLimit: Int,
                              into consumer: RowConsumer, planes: PlaneConsumer? = nil) throws(CodecError) -> SourceInfo {
        try decode(file: file, minimumScale: minimumScale, memoryLimit: memoryLimit, scanLimit: scanLimit,
                   countingScans: true, into: consumer, planes: planes)
    }

    /// The file at `path`, opened here: for tests and tools.
    @discardableResult
    public static func decode(path: String, minimumScale: Double, memoryLimit: Int, scanLimit: Int,
                              into consumer: RowConsumer, planes: PlaneConsumer? = nil) throws(CodecError) -> SourceInfo {
        try decode(file: FileBytes(path: path), minimumScale: minimumScale, memoryLimit: memoryLimit, scanLimit: scanLimit,
                   countingScans: true, into: consumer, planes: planes)
    }

    /// `countingScans: false` leaves the scan limit to libjpeg's own count as it reads (tests).
    static func decode(file: FileBytes, minimumScale: Double, memoryLimit: Int, scanLimit: Int, countingScans: Bool,
                       into consumer: RowConsumer, planes: PlaneConsumer? = nil) throws(CodecError) -> SourceInfo {
        guard let decoder = tg_jpeg_decoder_create() else { throw CodecError.outOfMemory(bytes: 1 << 20) }
        defer { tg_jpeg_decoder_destroy(decoder) }
        let session = Session(decoder: decoder)
        try session.open(file.streamDescriptor(), memoryLimit: memoryLimit, scanLimit: scanLimit)
        if session.info.progressive != 0 {
            try session.checkProgressive(memoryLimit: memoryLimit, scanLimit: scanLimit, countingScans: countingScans)
        }
        let icc = try session.iccProfile()
        let numerator = scaleNumerator(for: minimumScale)
        if let planes, let source = try session.decodePlanes(numerator: numerator, icc: icc, into: planes) { return source }
        return try session.decodeRows(numerator: numerator, icc: icc, into: consumer)
    }

    /// Decodes the whole image into memory: for tests and tools. `scanLimit` 0: no limit.
    public static func decode(path: String, minimumScale: Double, memoryLimit: Int, scanLimit: Int = 0) throws(CodecError) -> DecodedImage {
        let collector = PixelCollector()
        try decode(path: path, minimumScale: minimumScale, memoryLimit: memoryLimit, scanLimit: scanLimit, into: collector)
        return collector.image!
    }

    /// What a JPEG file holds, read from its header: for tests and diagnostics.
    public struct FileInfo: Equatable, Sendable {
        public var size: PixelSize
        public var components: Int
        public var progressive: Bool
        /// Every component at full resolution.
        public var chroma444: Bool
        public var iccProfile: [UInt8]?
    }

    public static func inspect(path: String) throws(CodecError) -> FileInfo {
        guard let decoder = tg_jpeg_decoder_create() else { throw CodecError.outOfMemory(bytes: 1 << 20) }
        defer { tg_jpeg_decoder_destroy(decoder) }
        var info = tg_jpeg_info()
        var iccData: UnsafeMutablePointer<UInt8>?
        var iccLength: UInt32 = 0
        guard tg_jpeg_decoder_open(decoder, try FileBytes(path: path).streamDescriptor(), 0, 0, 0, &info) == 0, tg_jpeg_decoder_icc(decoder, &iccData, &iccLength) == 0 else {
            throw CodecError.damaged(String(cString: tg_jpeg_decoder_message(decoder)))
        }
        defer { tg_jpeg_free(iccData) }
        return FileInfo(size: PixelSize(width: Int(info.width), height: Int(info.height)), components: Int(info.components),
                        progressive: info.progressive != 0, chroma444: isChroma444(info),
                        iccProfile: iccData.map { Array(UnsafeBufferPointer(start: $0, count: Int(iccLength))) })
    }

    /// The scans of the file at `path` and the blocks they decode, as the limit counts them.
    static func countScans(path: String) throws(CodecError) -> (scans: Int, blocks: Int) {
        guard let decoder = tg_jpeg_decoder_create() else { throw CodecError.outOfMemory(bytes: 1 << 20) }
        defer { tg_jpeg_decoder_destroy(decoder) }
        var info = tg_jpeg_info(), blocks: Int64 = 0
        guard tg_jpeg_decoder_open(decoder, try FileBytes(path: path).streamDescriptor(), 0, 0, 0, &info) == 0 else { throw CodecError.damaged(String(cString: tg_jpeg_decoder_message(decoder))) }
        let scans = Int(tg_jpeg_decoder_count_scans(decoder, &blocks))
        return (scans, Int(blocks))
    }

    /// Bytes of the whole-image coefficient buffer a progressive decode allocates.
    static func coefficientBytes(_ info: tg_jpeg_info) -> Int {
        let h = info.h_samp, v = info.v_samp
        let sampling = [(Int(h.0), Int(v.0)), (Int(h.1), Int(v.1)), (Int(h.2), Int(v.2)), (Int(h.3), Int(v.3))]
        return JPEGHeader.coefficientBytes(width: Int(info.width), height: Int(info.height),
                                           sampling: Array(sampling.prefix(max(0, min(Int(info.components), 4)))).map { (h: $0.0, v: $0.1) })
    }

    static func isChroma444(_ info: tg_jpeg_info) -> Bool {
        let h = info.h_samp, v = info.v_samp
        let components = Int(info.components)
        guard components >= 3 else { return false }
        return h.0 == h.1 && h.1 == h.2 && v.0 == v.1 && v.1 == v.2
    }
}
