import Raster

/// The item structure of a HEIF `meta` box: the primary item, each item's type, references
/// between items and each item's properties, in the order `ipma` lists them (transformations
/// apply in that order). Boxes that do not parse are left out; what is missing is reported by
/// whoever needs it.
struct HEIFItems {
    var primary: Int?
    /// Item id → four-character item type (`hvc1`, `av01`, `grid`, …).
    var types: [Int: String] = [:]
    /// Reference type (`dimg`, `auxl`, …) → from item → to items, in order.
    var references: [String: [Int: [Int]]] = [:]
    /// The `ipco` properties; `ipma` indexes them from 1.
    var propertyBoxes: [ISOBMFFBox] = []
    /// Item id → indexes into `propertyBoxes`, in `ipma` order.
    var associations: [Int: [Int]] = [:]
    /// Item id → where its data lies (`iloc`).
    var locations: [Int: HEIFItemLocation] = [:]
    /// The `idat` box's payload: data of items stored inside `meta`.
    var idat: ArraySlice<UInt8>?

    init(meta: ArraySlice<UInt8>) {
        // `meta` is a full box: version and flags first.
        guard meta.count >= 4, let boxes = ISOBMFFBox.children(of: meta.dropFirst(4)) else { return }
        for box in boxes {
            var reader = ByteReader(box.payload)
            switch box.type {
            case "pitm":
                guard let version = reader.uint8(), reader.skip(3) else { continue }
                primary = version == 0 ? reader.uint16() : reader.uint32()
            case "iinf":
                guard let version = reader.uint8(), reader.skip(3 + (version == 0 ? 2 : 4)),
                      let entries = ISOBMFFBox.children(of: reader.remaining)
                else { continue }
                for entry in entries where entry.type == "infe" {
                    var infe = ByteReader(entry.payload)
                    guard let version = infe.uint8(), version >= 2, infe.skip(3),
                          let id = version == 2 ? infe.uint16() : infe.uint32(), infe.skip(2), let type = infe.fourCC()
                    else { continue }
                    types[id] = type
                }
            case "iref":
                guard let version = reader.uint8(), reader.skip(3), let links = ISOBMFFBox.children(of: reader.remaining) else { continue }
                for link in links {
                    var ids = ByteReader(link.payload)
                    let width = version == 0 ? 2 : 4
                    guard let from = ids.uint(width), let count = ids.uint16() else { continue }
                    var targets: [Int] = []
                    for _ in 0..<count {
                        guard let to = ids.uint(width) else { break }
                        targets.append(to)
                    }
                    references[link.type, default: [:]][from, default: []] += targets
                }
            case "iloc":
                locations = HEIFItemLocation.read(box.payload)
            case "idat":
                idat = box.payload
            case "iprp":
                guard let children = ISOBMFFBox.children(of: box.payload) else { continue }
                if let ipco = ISOBMFFBox.first("ipco", in: children) { propertyBoxes = ISOBMFFBox.children(of: ipco.payload) ?? [] }
                for ipma in children where ipma.type == "ipma" { readAssociations(ipma.payload) }
            default:
                break
            }
        }
    }

    /// The image a file shows: its primary item, or, when the file makes the primary item a
    /// thumbnail (`thmb`) of another image, that image, as newer libheif shows it (libheif 1.15
    /// and the file's `pitm` would show the thumbnail as the image).
    var shown: Int? {
        guard let primary else { return nil }
        if let master = references["thmb"]?[primary]?.first, master != primary, types[master] != nil,
           references["thmb"]?[master] == nil {
            return master
        }
        return primary
    }

    private mutating func readAssociations(_ payload: ArraySlice<UInt8>) {
        var reader = ByteReader(payload)
        guard let version = reader.uint8(), let flags = reader.uint(3), let count = reader.uint32() else { return }
        for _ in 0..<count {
            guard let item = version < 1 ? reader.uint16() : reader.uint32(), let associationCount = reader.uint8() else { return }
            for _ in 0..<associationCount {
                // The top bit marks an essential property; the rest is a 1-based index.
                guard let value = flags & 1 != 0 ? reader.uint16().map({ $0 & 0x7FFF }) : reader.uint8().map({ $0 & 0x7F }) else { return }
                if value > 0 { associations[item, default: []].append(value - 1) }
            }
        }
    }

    /// The item's properties, in `ipma` order.
    func properties(of item: Int) -> [ISOBMFFBox] {
        (associations[item] ?? []).compactMap { propertyBoxes.indices.contains($0) ? propertyBoxes[$0] : nil }
    }
}

/// Readers of the item properties thumbgen uses; each returns nil for a box of another type or
/// one too short.
enum HEIFProperty {
    /// `ispe`: the coded image's width and height.
    static func size(_ box: ISOBMFFBox) -> PixelSize? {
        guard box.type == "ispe" else { return nil }
        var reader = ByteReader(box.payload)
        guard reader.skip(4), let width = reader.uint32(), let height = reader.uint32() else { return nil }
        return PixelSize(width: width, height: height)
    }

    /// `pixi`: bits per sample of the first channel.
    static func bitDepth(_ box: ISOBMFFBox) -> Int? {
        guard box.type == "pixi" else { return nil }
        var reader = ByteReader(box.payload)
        guard reader.skip(4), let channels = reader.uint8(), channels > 0, let bits = reader.uint8(), bits > 0 else { return nil }
        return bits
    }

    /// `auxC`: the auxiliary image's type URN.
    static func auxiliaryType(_ box: ISOBMFFBox) -> String? {
        guard box.type == "auxC" else { return nil }
        var reader = ByteReader(box.payload)
        guard reader.skip(4) else { return nil }
        return reader.cString()
    }

    /// Bit depth and chroma share from an HEVC (`hvcC`) or AV1 (`av1C`) decoder configuration.
    static func coding(_ box: ISOBMFFBox) -> (bitDepth: Int, chromaShare: Double)? {
        let bytes = Array(box.payload)
        switch box.type {
        case "hvcC" where bytes.count >= 19:
            // chroma_format_idc at byte 16, bit_depth_luma_minus8 at byte 17 (low bits).
            let share = [0, 0.5, 1, 2][Int(bytes[16] & 3)]
            return (8 + Int(bytes[17] & 7), share)
        case "av1C" where bytes.count >= 3:
            // Byte 2: high_bitdepth, twelve_bit, monochrome, subsampling x and y.
            let flags = bytes[2]
            let depth = flags & 0x40 == 0 ? 8 : flags & 0x20 == 0 ? 10 : 12
            let mono = flags & 0x10 != 0, subX = flags & 0x08 != 0, subY = flags & 0x04 != 0
            return (depth, mono ? 0 : subX && subY ? 0.5 : subX ? 1 : 2)
        default:
            return nil
        }
    }
}
