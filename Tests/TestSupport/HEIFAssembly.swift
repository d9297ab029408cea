/// HEIF files libheif 1.15 cannot write, assembled from files it can: a grid of tiles (as iPhones
/// write them), a grid bomb, an image sequence's outline.
public enum HEIFAssembly {
    /// A grid image of `columns`×`rows` tiles, each a single-image HEIC made by libheif (all one
    /// size), shown at `output` pixels (at most the tiles' extent). `tileOrder` lists which tile
    /// fills each cell (default: each its own), so a bomb can name one tile 10,000 times.
    public static func grid(tiles: [[UInt8]], columns: Int, rows: Int, output: (width: Int, height: Int),
                            tileOrder: [Int]? = nil) -> [UInt8] {
        let parts = tiles.map(SingleImage.init)
        let order = tileOrder ?? Array(parts.indices)
        let tileSize = parts[0].ispe
        // Items: 1 is the grid, 2… the tiles. Properties (1-based): the grid's ispe, the tiles'
        // ispe, then each tile's hvcC.
        let gridDescriptor: [UInt8] = [0, 0, UInt8(rows - 1), UInt8(columns - 1)] + be16(output.width) + be16(output.height)
        var properties = box("ispe", [0, 0, 0, 0] + be32(output.width) + be32(output.height)) + tileSize
        for part in parts { properties += part.hvcC }
        var associations = be16(1) + [1, 0x01]
        for index in parts.indices { associations += be16(index + 2) + [2, UInt8(0x80 | (index + 3)), 0x02] }
        var infe: [UInt8] = box("infe", [2, 0, 0, 0] + be16(1) + [0, 0] + Array("grid".utf8) + [0])
        for index in parts.indices { infe += box("infe", [2, 0, 0, 1] + be16(index + 2) + [0, 0] + Array("hvc1".utf8) + [0]) }

        func meta(dataStart: Int) -> [UInt8] {
            var iloc: [UInt8] = [0, 0, 0, 0, 0x44, 0x00] + be16(1 + parts.count)
            iloc += be16(1) + be16(0) + be16(1) + be32(dataStart) + be32(gridDescriptor.count)
            var offset = dataStart + gridDescriptor.count
            for (index, part) in parts.enumerated() {
                iloc += be16(index + 2) + be16(0) + be16(1) + be32(offset) + be32(part.data.count)
                offset += part.data.count
            }
            let dimg = box("dimg", be16(1) + be16(order.count) + order.flatMap { be16($0 + 2) })
            return box("meta", [0, 0, 0, 0]
                + box("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
                + box("pitm", [0, 0, 0, 0] + be16(1))
                + box("iloc", iloc)
                + box("iinf", [0, 0, 0, 0] + be16(1 + parts.count) + infe)
                + box("iref", [0, 0, 0, 0] + dimg)
                + box("iprp", box("ipco", properties) + box("ipma", [0, 0, 0, 0] + be32(1 + parts.count) + associations)))
        }
        let ftyp = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))
        let start = ftyp.count + meta(dataStart: 0).count + 8
        return ftyp + meta(dataStart: start) + box("mdat", gridDescriptor + parts.flatMap(\.data))
    }

    /// `heic` (a libheif still) made into an image sequence's outline: `msf1` as its major brand
    /// and a `moov` with one track of `width`×`height`. The still stays its primary image, as in
    /// files that carry both.
    public static func sequence(_ heic: [UInt8], width: Int, height: Int) -> [UInt8] {
        var bytes = heic
        precondition(Array(bytes[4..<8]) == Array("ftyp".utf8))
        bytes.replaceSubrange(8..<12, with: Array("msf1".utf8))
        let tkhd = box("tkhd", [0, 0, 0, 3] + [UInt8](repeating: 0, count: 20 + 52) + be32(width << 16) + be32(height << 16))
        let mvhd = box("mvhd", [UInt8](repeating: 0, count: 100))
        return bytes + box("moov", mvhd + box("trak", tkhd))
    }

    /// A box of `type` around `payload`.
    public static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be32(8 + payload.count) + Array(type.utf8) + payload
    }

    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
}

/// The parts of a single-image HEIC libheif wrote: its primary item's coded data, its `hvcC`
/// and `ispe` boxes (whole, header included).
private struct SingleImage {
    var data: [UInt8] = []
    var hvcC: [UInt8] = []
    var ispe: [UInt8] = []

    init(_ file: [UInt8]) {
        let top = Self.boxes(file[...])
        let meta = top.first { $0.type == "meta" }!.payload.dropFirst(4)
        let children = Self.boxes(meta)
        let ipco = Self.boxes(Self.boxes(children.first { $0.type == "iprp" }!.payload).first { $0.type == "ipco" }!.payload)
        hvcC = Array(ipco.first { $0.type == "hvcC" }!.whole)
        ispe = Array(ipco.first { $0.type == "ispe" }!.whole)
        // iloc: the first item's extents (libheif's single image is item 1).
        var r = Array(children.first { $0.type == "iloc" }!.payload)[...]
        func read(_ count: Int) -> Int {
            defer { r = r.dropFirst(count) }
            return r.prefix(count).reduce(0) { $0 << 8 | Int($1) }
        }
        let version = read(1)
        _ = read(3)
        let sizes = read(1), more = read(1)
        let offsetSize = sizes >> 4, lengthSize = sizes & 15, baseSize = more >> 4, indexSize = version > 0 ? more & 15 : 0
        let items = read(version < 2 ? 2 : 4)
        for _ in 0..<items {
            let id = read(version < 2 ? 2 : 4)
            if version > 0 { _ = read(2) }
            _ = read(2)
            let base = read(baseSize)
            let extents = read(2)
            for _ in 0..<extents {
                _ = read(indexSize)
                let offset = read(offsetSize), length = read(lengthSize)
                if id == 1 { data += file[(base + offset)..<(base + offset + length)] }
            }
        }
    }

    struct Box { var type: String; var payload: ArraySlice<UInt8>; var whole: ArraySlice<UInt8> }

    static func boxes(_ bytes: ArraySlice<UInt8>) -> [Box] {
        var result: [Box] = []
        var offset = bytes.startIndex
        while offset + 8 <= bytes.endIndex {
            let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let end = size == 0 ? bytes.endIndex : offset + size
            result.append(Box(type: type, payload: bytes[offset + 8..<end], whole: bytes[offset..<end]))
            offset = end
        }
        return result
    }
}
