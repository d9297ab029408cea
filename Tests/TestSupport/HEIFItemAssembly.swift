/// A HEIF (or AVIF) file put together item by item: any item type, any properties, any
/// references between items, and top-level boxes of its own. For the files libheif 1.15 cannot
/// write: layered AVIF, predicted and non-intra HEVC, item types only newer libheif reads, a
/// primary image smaller than another item, an alpha image coded apart from its colour image.
public struct HEIFItemAssembly {
    public struct Item {
        public var id: Int
        /// Four characters: `hvc1`, `av01`, `unci`, …
        public var type: String
        /// Whole property boxes (header included), associated in this order.
        public var properties: [[UInt8]]
        public var data: [UInt8]

        public init(id: Int, type: String, properties: [[UInt8]], data: [UInt8]) {
            self.id = id
            self.type = type
            self.properties = properties
            self.data = data
        }
    }

    public var items: [Item] = []
    /// (reference type, from item, to items): `dimg`, `auxl`, `pred`, `thmb`, …
    public var references: [(type: String, from: Int, to: [Int])] = []
    public var primary = 1
    /// The major brand first.
    public var brands = ["heic", "mif1", "heic"]

    public init() {}

    /// Item `id` made of the primary image of `file`, a single-image HEIC or AVIF libheif wrote:
    /// its coded data, configuration and `ispe`, then `extra` properties.
    public static func item(_ id: Int, from file: [UInt8], extra: [[UInt8]] = []) -> Item {
        let single = SingleImage(file)
        return Item(id: id, type: single.itemType, properties: [single.ispe, single.hvcC] + extra, data: single.data)
    }

    /// An `ispe` box.
    public static func ispe(width: Int, height: Int) -> [UInt8] {
        HEIFAssembly.box("ispe", [0, 0, 0, 0] + HEIFAssembly.be32(width) + HEIFAssembly.be32(height))
    }

    /// An `auxC` box naming the alpha auxiliary type (HEVC's URN).
    public static let alphaType = HEIFAssembly.box("auxC", [0, 0, 0, 0] + Array("urn:mpeg:hevc:2015:auxid:1".utf8) + [0])

    /// The file: `ftyp`, `meta`, `mdat`.
    public func bytes() -> [UInt8] {
        let box = HEIFAssembly.box, be16 = HEIFAssembly.be16, be32 = HEIFAssembly.be32
        var properties: [UInt8] = [], associations: [UInt8] = [], infe: [UInt8] = [], next = 1
        for item in items {
            associations += be16(item.id) + [UInt8(item.properties.count)]
            for property in item.properties {
                properties += property
                // 16-bit indexes (ipma flags 1), none marked essential.
                associations += be16(next)
                next += 1
            }
            infe += box("infe", [2, 0, 0, 0] + be16(item.id) + [0, 0] + Array(item.type.utf8) + [0])
        }
        let iref = references.flatMap { box($0.type, be16($0.from) + be16($0.to.count) + $0.to.flatMap(be16)) }

        func meta(dataStart: Int) -> [UInt8] {
            var iloc: [UInt8] = [0, 0, 0, 0, 0x44, 0x00] + be16(items.count), offset = dataStart
            for item in items {
                iloc += be16(item.id) + be16(0) + be16(1) + be32(offset) + be32(item.data.count)
                offset += item.data.count
            }
            return box("meta", [0, 0, 0, 0]
                + box("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
                + box("pitm", [0, 0, 0, 0] + be16(primary))
                + box("iloc", iloc)
                + box("iinf", [0, 0, 0, 0] + be16(items.count) + infe)
                + (references.isEmpty ? [] : box("iref", [0, 0, 0, 0] + iref))
                + box("iprp", box("ipco", properties) + box("ipma", [0, 0, 0, 1] + be32(items.count) + associations)))
        }
        let ftyp = box("ftyp", Array(brands[0].utf8) + [0, 0, 0, 0] + brands.dropFirst().flatMap { Array($0.utf8) })
        let start = ftyp.count + meta(dataStart: 0).count + 8
        return ftyp + meta(dataStart: start) + box("mdat", items.flatMap(\.data))
    }

    /// The NAL units of an HEVC item's data (4-byte lengths), for tests that change them.
    public static func nalUnits(_ data: [UInt8]) -> [Range<Int>] {
        var units: [Range<Int>] = [], offset = 0
        while offset + 4 <= data.count {
            let length = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length > 0, offset + 4 + length <= data.count else { break }
            units.append(offset + 4..<offset + 4 + length)
            offset += 4 + length
        }
        return units
    }
}
