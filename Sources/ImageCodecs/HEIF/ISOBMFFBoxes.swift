/// The boxes of an ISO base media file (HEIF, AVIF), read with every length checked against what
/// holds it: a hostile size can only end the walk, never read past a buffer or loop for long.
struct ISOBMFFBox {
    /// The four-character type (`ftyp`, `meta`, …).
    var type: String
    /// The payload, after the size and type (and the 64-bit size when there is one).
    var payload: ArraySlice<UInt8>

    /// The boxes packed one after another in `bytes`, at most `limit` of them; nil when one
    /// claims more bytes than there are.
    static func children(of bytes: ArraySlice<UInt8>, limit: Int = 1_000_000) -> [ISOBMFFBox]? {
        var boxes: [ISOBMFFBox] = []
        return walk(bytes, limit: limit, into: &boxes) ? boxes : nil
    }

    /// The boxes up to the first that does not fit: for a prefix of a box read on purpose.
    static func children(of bytes: ArraySlice<UInt8>, lenient: Bool) -> [ISOBMFFBox] {
        var boxes: [ISOBMFFBox] = []
        _ = walk(bytes, limit: 1_000, into: &boxes)
        return boxes
    }

    private static func walk(_ bytes: ArraySlice<UInt8>, limit: Int, into boxes: inout [ISOBMFFBox]) -> Bool {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            guard boxes.count < limit, let header = BoxHeader(bytes, at: offset, available: bytes.endIndex - offset),
                  header.size <= bytes.endIndex - offset
            else { return false }
            boxes.append(ISOBMFFBox(type: header.type, payload: bytes[offset + header.headerSize..<offset + header.size]))
            offset += header.size
        }
        return true
    }

    /// The first child of type `type`.
    static func first(_ type: String, in boxes: [ISOBMFFBox]) -> ISOBMFFBox? {
        boxes.first { $0.type == type }
    }
}

/// A box's size and type. `size` 0 means "to the end of what holds it"; 1 means a 64-bit size follows.
struct BoxHeader {
    var type: String
    var size: Int
    var headerSize: Int

    /// Reads the header at `offset` of `bytes`, where `available` bytes remain for the box.
    init?(_ bytes: ArraySlice<UInt8>, at offset: Int, available: Int) {
        var reader = ByteReader(bytes[offset...])
        guard let size32 = reader.uint32(), let type = reader.fourCC() else { return nil }
        var size = size32, headerSize = 8
        if size32 == 1 {
            guard let size64 = reader.uint64(), size64 <= UInt64(Int.max) else { return nil }
            size = Int(size64)
            headerSize = 16
        } else if size32 == 0 {
            size = available
        }
        guard size >= headerSize else { return nil }
        self.type = type
        self.size = size
        self.headerSize = headerSize
    }
}

/// Big-endian reads through a slice; each returns nil past its end.
struct ByteReader {
    private(set) var bytes: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    var isEmpty: Bool { bytes.isEmpty }
    var remaining: ArraySlice<UInt8> { bytes }

    mutating func uint(_ count: Int) -> Int? {
        guard count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes.prefix(count) { value = value << 8 | Int(byte) }
        bytes = bytes.dropFirst(count)
        return value
    }

    mutating func uint8() -> Int? { uint(1) }
    mutating func uint16() -> Int? { uint(2) }
    mutating func uint32() -> Int? { uint(4) }

    mutating func int32() -> Int? {
        uint(4).map { Int(Int32(truncatingIfNeeded: $0)) }
    }

    mutating func uint64() -> UInt64? {
        guard let high = uint(4), let low = uint(4) else { return nil }
        return UInt64(high) << 32 | UInt64(low)
    }

    mutating func fourCC() -> String? {
        guard bytes.count >= 4 else { return nil }
        defer { bytes = bytes.dropFirst(4) }
        return String(decoding: bytes.prefix(4), as: UTF8.self)
    }

    /// A zero-terminated string (the terminator is consumed).
    mutating func cString() -> String? {
        guard let end = bytes.firstIndex(of: 0) else { return nil }
        defer { bytes = bytes[(end + 1)...] }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= bytes.count else { return false }
        bytes = bytes.dropFirst(count)
        return true
    }
}
