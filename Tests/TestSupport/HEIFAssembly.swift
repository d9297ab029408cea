/// HEIF files libheif 1.15 cannot write, assembled from files it can: a grid of tiles (as iPhones
/// write them), a grid bomb, an image sequence's outline.
public enum HEIFAssembly {
    /// A grid image of `columns`×`rows` tiles, each a single-image HEIC made by libheif (all one
    /// size), shown at `output` pixels (at most the tiles' extent). `tileOrder` lists which tile
    /// fills each cell (default: each its own), so a bomb can name one tile 10,000 times.
    public static func grid(tiles: [[UInt8]], columns: Int, rows: Int, output: (width: Int, height: Int),
                            tileOrder: [Int]? = nil) -> [UInt8] {
        // Each tile item carries its own ispe and configuration (HEIFSizeLies lets them differ).
        HEIFSizeLies.grid(tiles: tiles, columns: columns, rows: rows, output: output, tileOrder: tileOrder)
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

/// The parts of a single-image HEIC (or AVIF) libheif wrote: its primary item's coded data, its
/// `hvcC` (or `av1C`) and `ispe` boxes (whole, header included).
struct SingleImage {
    var data: [UInt8] = []
    var hvcC: [UInt8] = []
    var ispe: [UInt8] = []
    /// `hvc1`, or `av01` when the configuration is an `av1C`.
    var itemType: String { String(decoding: hvcC[4..<8], as: UTF8.self) == "av1C" ? "av01" : "hvc1" }

    init(_ file: [UInt8]) {
        let top = Self.boxes(file[...])
        let meta = top.first { $0.type == "meta" }!.payload.dropFirst(4)
        let children = Self.boxes(meta)
        let ipco = Self.boxes(Self.boxes(children.first { $0.type == "iprp" }!.payload).first { $0.type == "ipco" }!.payload)
        hvcC = Array(ipco.first { $0.type == "hvcC" || $0.type == "av1C" }!.whole)
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
