import Glibc
import Raster

/// Writes renditions as 8-bit PNGs: grey or RGB, with alpha only when asked, rows filtered
/// adaptively, the image data compressed with libdeflate, and the colour chunks of the source
/// (`iCCP` or `sRGB`, `gAMA`, `cHRM`). The bytes depend only on the pixels and the options: no
/// time stamp, no text.
public enum PNGEncoder {
    public struct Options: Sendable {
        /// `output.png.compression`: 0 (stored) to 9 (smallest and slowest).
        public var compression: Int
        /// Write one grey channel (the source was grey; the pixels have R = G = B).
        public var grey = false
        /// An ICC profile for an `iCCP` chunk; an `sRGB` chunk is then left out.
        public var iccProfile: [UInt8]?
        public var colorChunks: PNGColorChunks?

        public init(compression: Int) {
            self.compression = compression
        }
    }

    /// Most bytes of image data in one IDAT chunk: every decoder reads chunks of this size.
    static let idatChunkBytes = 1 << 20
    /// The `iCCP` profile name (1 to 79 Latin-1 characters).
    static let profileName = "ICC profile"

    /// The PNG bytes of `image`; its alpha (premultiplied) is kept when `image.hasAlpha`.
    public static func encode(_ image: PixelBuffer, options: Options) throws(CodecError) -> [UInt8] {
        let layout = PNGPixelLayout(grey: options.grey, alpha: image.hasAlpha)
        var header = PNGChunkWriter()
        header.append("IHDR", UInt32(image.width).bigEndianBytes + UInt32(image.height).bigEndianBytes
            + [8, layout.colorType, 0, 0, 0])
        if let chunks = options.colorChunks {
            if let gamma = chunks.gamma { header.append("gAMA", UInt32(gamma).bigEndianBytes) }
            if let points = chunks.chromaticities, points.count == 8 {
                header.append("cHRM", points.flatMap { UInt32($0).bigEndianBytes })
            }
        }
        if let profile = options.iccProfile, !profile.isEmpty {
            header.append("iCCP", try iccpPayload(profile))
        } else if let intent = options.colorChunks?.srgbIntent {
            header.append("sRGB", [UInt8(intent)])
        }
        let level = Deflate.level(forCompression: options.compression)
        let rows = PNGRowFilter.filteredRows(image.unpremultiplied(), layout: layout, adaptive: level > 0)
        return try rows.withUnsafeBufferPointer { rows throws(CodecError) in
            try assemble(header: header.bytes, rows: rows, level: level)
        }
    }

    /// `header`, then `rows` compressed into IDAT chunks, then IEND, in one buffer: the zlib
    /// stream is written where it will stay, and only the pages it fills are touched.
    static func assemble(header: [UInt8], rows: UnsafeBufferPointer<UInt8>, level: Int) throws(CodecError) -> [UInt8] {
        let bound = Deflate.zlibBound(rows.count)
        let capacity = header.count + bound + 12 * (bound / idatChunkBytes + 1) + 12
        var failure: CodecError?
        let png = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = 0
            let base = UnsafeMutableRawPointer(buffer.baseAddress!)
            header.withUnsafeBytes { base.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            let dataStart = header.count + 8
            let length: Int
            do throws(CodecError) {
                length = try Deflate.zlib(rows, level: level, into: UnsafeMutableRawBufferPointer(start: base + dataStart, count: bound))
            } catch {
                failure = error
                return
            }
            let chunks = max(1, (length + idatChunkBytes - 1) / idatChunkBytes)
            // Open a 12-byte gap (CRC, length, type) before each further piece; the last moves first.
            for piece in stride(from: chunks - 1, through: 1, by: -1) {
                let from = dataStart + piece * idatChunkBytes
                memmove(base + from + 12 * piece, base + from, min(idatChunkBytes, length - piece * idatChunkBytes))
            }
            var offset = header.count
            for piece in 0..<chunks {
                let size = min(idatChunkBytes, length - piece * idatChunkBytes)
                writeChunkFrame(base + offset, type: "IDAT", size: size)
                offset += 12 + size
            }
            writeChunkFrame(base + offset, type: "IEND", size: 0)
            count = offset + 12
        }
        if let failure { throw failure }
        return png
    }

    /// Fills in the length, type and CRC around `size` data bytes already at `chunk + 8`.
    private static func writeChunkFrame(_ chunk: UnsafeMutableRawPointer, type: String, size: Int) {
        let framing = UInt32(size).bigEndianBytes + Array(type.utf8)
        framing.withUnsafeBytes { chunk.copyMemory(from: $0.baseAddress!, byteCount: 8) }
        let crc = Deflate.crc32(UnsafeRawBufferPointer(start: chunk + 4, count: 4 + size))
        crc.bigEndianBytes.withUnsafeBytes { (chunk + 8 + size).copyMemory(from: $0.baseAddress!, byteCount: 4) }
    }
}

extension PNGEncoder {
    /// libpng (1.6) refuses an `iCCP` chunk shorter than this many bytes as "too short".
    static let shortestICCPChunk = 92

    /// The `iCCP` payload: name, compression method 0, the profile as a zlib stream. A tiny
    /// profile that compresses below libpng's minimum is stored uncompressed instead.
    static func iccpPayload(_ profile: [UInt8]) throws(CodecError) -> [UInt8] {
        let prefix = Array(profileName.utf8) + [0, 0]
        var compressed = try Deflate.zlib(profile, level: 9)
        if prefix.count + compressed.count < shortestICCPChunk {
            compressed = try Deflate.zlib(profile, level: 0)
        }
        return prefix + compressed
    }
}

/// PNG chunks (length, type, data, CRC-32 of type and data) after the signature.
struct PNGChunkWriter {
    private(set) var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    mutating func append<Data: Collection<UInt8>>(_ type: String, _ data: Data) {
        let typeBytes = Array(type.utf8)
        precondition(typeBytes.count == 4)
        bytes += UInt32(data.count).bigEndianBytes
        let start = bytes.count
        bytes += typeBytes
        bytes += data
        let crc = bytes.withUnsafeBytes { Deflate.crc32(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        bytes += crc.bigEndianBytes
    }
}

extension UInt32 {
    /// The four bytes of the value, most significant first (PNG's byte order).
    var bigEndianBytes: [UInt8] {
        [UInt8(self >> 24), UInt8(truncatingIfNeeded: self >> 16), UInt8(truncatingIfNeeded: self >> 8), UInt8(truncatingIfNeeded: self)]
    }
}
