/// Where an item's coded data lies (`iloc`): extents in the file (construction method 0) or in
/// the `meta` box's `idat` (method 1), joined in order. Read on demand, a few bytes at a time:
/// the header looks only at the codec's own headers inside it.
struct HEIFItemLocation: Equatable {
    /// 0: file offsets; 1: offsets into `idat`; 2 (offsets into other items) is not followed.
    var constructionMethod = 0
    /// Offsets from the start of the file (or of `idat`), base offset included; a length of 0
    /// runs to the end.
    var extents: [(offset: Int, length: Int)] = []

    static func == (a: HEIFItemLocation, b: HEIFItemLocation) -> Bool {
        a.constructionMethod == b.constructionMethod && a.extents.elementsEqual(b.extents) { $0 == $1 }
    }

    /// Most extents an item may have before its location is left unread.
    static let maxExtents = 10_000

    /// Every item's location in an `iloc` payload; items whose entry does not parse are left out.
    static func read(_ payload: ArraySlice<UInt8>) -> [Int: HEIFItemLocation] {
        var reader = ByteReader(payload)
        guard let version = reader.uint8(), version <= 2, reader.skip(3), let sizes = reader.uint8(), let more = reader.uint8() else { return [:] }
        let offsetSize = sizes >> 4, lengthSize = sizes & 15, baseSize = more >> 4, indexSize = version > 0 ? more & 15 : 0
        guard [0, 4, 8].contains(offsetSize), [0, 4, 8].contains(lengthSize), [0, 4, 8].contains(baseSize), [0, 4, 8].contains(indexSize),
              let count = version < 2 ? reader.uint16() : reader.uint32() else { return [:] }
        var locations: [Int: HEIFItemLocation] = [:], extentsRead = 0
        for _ in 0..<count {
            guard let id = version < 2 ? reader.uint16() : reader.uint32() else { break }
            var location = HEIFItemLocation()
            if version > 0 {
                guard let method = reader.uint16() else { break }
                location.constructionMethod = method & 15
            }
            guard reader.skip(2), let base = reader.uint(baseSize), let extentCount = reader.uint16() else { break }
            extentsRead += extentCount
            guard extentsRead <= maxExtents * 10 else { break }
            guard extentCount <= maxExtents else {
                // Skipped in one step: extents of no bytes each would otherwise loop for nothing.
                guard reader.skip(extentCount * (indexSize + offsetSize + lengthSize)) else { break }
                continue
            }
            var sound = true
            for _ in 0..<extentCount {
                guard reader.skip(indexSize), let offset = reader.uint(offsetSize), let length = reader.uint(lengthSize) else { return locations }
                let (start, overflow) = base.addingReportingOverflow(offset)
                sound = sound && !overflow
                if sound { location.extents.append((start, length)) }
            }
            if sound { locations[id] = location }
        }
        return locations
    }
}

/// An item's data as one run of bytes, read through its extents.
struct HEIFItemBytes {
    private let file: FileBytes?
    /// `idat`'s payload (shared, not copied: many items may lie in it).
    private let idat: ArraySlice<UInt8>
    /// Extents clipped to what holds them, in order.
    private let extents: [(offset: Int, length: Int)]
    /// Bytes in all extents together.
    let count: Int

    /// nil for a construction method that is not followed (2: offsets into other items).
    init?(_ location: HEIFItemLocation, file: FileBytes, idat: ArraySlice<UInt8>?) {
        guard location.constructionMethod == 0 || location.constructionMethod == 1 else { return nil }
        self.file = location.constructionMethod == 0 ? file : nil
        self.idat = location.constructionMethod == 1 ? idat ?? [] : []
        let available = location.constructionMethod == 0 ? file.count : self.idat.count
        var extents: [(offset: Int, length: Int)] = [], total = 0
        for extent in location.extents where extent.offset < available {
            // Offsets into idat count from its first byte.
            let offset = location.constructionMethod == 1 ? self.idat.startIndex + extent.offset : extent.offset
            let length = extent.length == 0 ? available - extent.offset : min(extent.length, available - extent.offset)
            extents.append((offset, length))
            total += length
        }
        self.extents = extents
        count = total
    }

    /// Bytes held in memory (a codec configuration's own parameter sets), for the same walks.
    init(_ bytes: [UInt8]) {
        file = nil
        idat = bytes[...]
        extents = [(0, bytes.count)]
        count = bytes.count
    }

    /// Up to `length` bytes from `offset` of the joined extents (fewer at the end).
    func read(at offset: Int, length: Int) -> [UInt8] {
        guard offset >= 0, length > 0 else { return [] }
        var bytes: [UInt8] = [], start = 0
        for extent in extents {
            defer { start += extent.length }
            let wanted = offset + bytes.count
            guard wanted < start + extent.length, bytes.count < length else { continue }
            let from = extent.offset + (wanted - start), take = min(length - bytes.count, start + extent.length - wanted)
            if let file {
                let got = file.read(at: from, length: take)
                bytes += got
                if got.count < take { break }
            } else {
                bytes += idat[from..<from + take]
            }
        }
        return bytes
    }
}
