/// HEIF and AVIF files whose boxes lie about the size of what the codec decodes, made from
/// honest files libheif wrote: an `ispe` smaller than the coded frame, and grids whose tiles
/// are not what their first tile says (the bombs of issue 29).
public enum HEIFSizeLies {
    /// `file` with every `ispe` saying `width`×`height`: the same number of bytes, so no offset
    /// moves, and the coded frames stay as they were.
    public static func lyingISPE(_ file: [UInt8], width: Int, height: Int) -> [UInt8] {
        var bytes = file
        var index = 0
        while index + 16 <= bytes.count {
            if bytes[index..<index + 4].elementsEqual("ispe".utf8) {
                bytes.replaceSubrange(index + 8..<index + 16, with: HEIFAssembly.be32(width) + HEIFAssembly.be32(height))
                index += 16
            }
            index += 1
        }
        return bytes
    }

    /// A grid image of `columns`×`rows` cells filled from `tiles`, single-image files libheif
    /// wrote (all HEVC or all AV1), each tile an item with its own `ispe` and configuration (so
    /// tiles may differ, as the standard forbids and the bombs do); `tileOrder` names which tile
    /// fills each cell (default: each its own). Shown at `output` pixels.
    public static func grid(tiles: [[UInt8]], columns: Int, rows: Int, output: (width: Int, height: Int),
                            tileOrder: [Int]? = nil) -> [UInt8] {
        let parts = tiles.map(SingleImage.init)
        let order = tileOrder ?? Array(parts.indices)
        let avif = parts[0].itemType == "av01"
        let box = HEIFAssembly.box, be16 = HEIFAssembly.be16, be32 = HEIFAssembly.be32
        let descriptor: [UInt8] = [0, 0, UInt8(rows - 1), UInt8(columns - 1)] + be16(output.width) + be16(output.height)
        // Properties (1-based): the grid's ispe, then each tile's ispe and configuration.
        var properties = box("ispe", [0, 0, 0, 0] + be32(output.width) + be32(output.height))
        var associations = be16(1) + [1, 0x01]
        var infe = box("infe", [2, 0, 0, 0] + be16(1) + [0, 0] + Array("grid".utf8) + [0])
        for (index, part) in parts.enumerated() {
            properties += part.ispe + part.hvcC
            associations += be16(index + 2) + [2, UInt8(2 * index + 2), UInt8(0x80 | (2 * index + 3))]
            infe += box("infe", [2, 0, 0, 1] + be16(index + 2) + [0, 0] + Array(part.itemType.utf8) + [0])
        }

        func meta(dataStart: Int) -> [UInt8] {
            var iloc: [UInt8] = [0, 0, 0, 0, 0x44, 0x00] + be16(1 + parts.count)
            iloc += be16(1) + be16(0) + be16(1) + be32(dataStart) + be32(descriptor.count)
            var offset = dataStart + descriptor.count
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
        let ftyp = avif ? box("ftyp", Array("avif".utf8) + [0, 0, 0, 0] + Array("mif1avifmiaf".utf8))
            : box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))
        let start = ftyp.count + meta(dataStart: 0).count + 8
        return ftyp + meta(dataStart: start) + box("mdat", descriptor + parts.flatMap(\.data))
    }
}
