import Raster

/// A grid's or overlay's canvas, from its descriptor (the derived item's data, ISO/IEC 23008-12
/// 6.6.2.3 and 6.6.2.4), held to its `ispe` before decoding: libheif allocates the canvas the
/// descriptor gives, whatever the `ispe` says, and a grid whose tiles do not cover it leaves
/// pixels no tile wrote. thumbgen's limits are checked against the `ispe`, so the two must agree.
enum HEIFCanvas {
    /// Checks the descriptor of `item` (a `grid` or `iovl` whose `ispe` is `ispe`, whose inputs
    /// are `inputs`, of `tileSize` each for a grid).
    static func check(_ items: HEIFItems, item: Int, type: String, ispe: PixelSize, inputs: [Int], tileSize: PixelSize,
                      file: FileBytes) throws(CodecError) {
        guard let location = items.locations[item], let data = HEIFItemBytes(location, file: file, idat: items.idat) else {
            throw CodecError.damaged("corrupt HEIF: its \(type == "grid" ? "grid" : "overlay") image has no descriptor")
        }
        var reader = ByteReader(data.read(at: 0, length: 32)[...])
        guard let version = reader.uint8(), version == 0, let flags = reader.uint8() else {
            throw CodecError.damaged("corrupt HEIF: its \(type == "grid" ? "grid" : "overlay") descriptor does not parse")
        }
        let wide = flags & 1 != 0
        if type == "grid" {
            guard let rows = reader.uint8().map({ $0 + 1 }), let columns = reader.uint8().map({ $0 + 1 }),
                  let canvas = size(&reader, wide: wide) else {
                throw CodecError.damaged("corrupt HEIF: its grid descriptor does not parse")
            }
            try checkGrid(rows: rows, columns: columns, canvas: canvas, ispe: ispe, tiles: inputs.count, tileSize: tileSize)
        } else {
            // Four 16-bit fill values, then the canvas.
            guard reader.skip(8), let canvas = size(&reader, wide: wide) else {
                throw CodecError.damaged("corrupt HEIF: its overlay descriptor does not parse")
            }
            guard canvas == ispe else {
                throw CodecError.damaged("corrupt HEIF: its overlay's canvas is \(canvas) but its ispe says \(ispe); the decoder would allocate the canvas")
            }
        }
    }

    private static func size(_ reader: inout ByteReader, wide: Bool) -> PixelSize? {
        guard let width = wide ? reader.uint32() : reader.uint16(), let height = wide ? reader.uint32() : reader.uint16() else { return nil }
        return PixelSize(width: width, height: height)
    }

    /// The canvas is the `ispe`; the tiles fill it, each row and column of them showing.
    static func checkGrid(rows: Int, columns: Int, canvas: PixelSize, ispe: PixelSize, tiles: Int, tileSize: PixelSize) throws(CodecError) {
        guard canvas == ispe else {
            throw CodecError.damaged("corrupt HEIF: its grid's canvas is \(canvas) but its ispe says \(ispe); the decoder would allocate the canvas")
        }
        guard tiles == rows * columns else {
            throw CodecError.damaged("corrupt HEIF: its grid is \(columns)x\(rows) tiles but names \(tiles)")
        }
        let covers = columns * tileSize.width >= canvas.width && rows * tileSize.height >= canvas.height
        let shows = (columns - 1) * tileSize.width < canvas.width && (rows - 1) * tileSize.height < canvas.height
        guard covers && shows else {
            throw CodecError.damaged("corrupt HEIF: its grid's \(columns)x\(rows) tiles of \(tileSize) do not match its canvas of \(canvas) (its ispe)")
        }
    }

    /// Why a grid's tiles do not all have the first tile's `ispe`, as the standard requires
    /// (libheif places each by its own size, leaving gaps), or nil when they do. Refused after
    /// the limits, which count each tile at its own size.
    static func tileMismatch(_ items: HEIFItems, inputs: [Int], tileSize: PixelSize) -> String? {
        var seen: Set<Int> = []
        for tile in inputs where seen.insert(tile).inserted {
            let size = items.properties(of: tile).lazy.compactMap(HEIFProperty.size).first
            guard size == tileSize else {
                return "corrupt HEIF: its grid's tiles are not all one size (image \(tile) is \(size.map(String.init(describing:)) ?? "of no size"), the first \(tileSize))"
            }
        }
        return nil
    }
}
