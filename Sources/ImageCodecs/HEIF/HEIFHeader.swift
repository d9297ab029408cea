import Raster

/// What a HEIF or AVIF file's boxes say of its primary image, read without decoding a pixel
/// (libheif 1.15 has no call for the transformations, so the boxes are read here): the coded
/// size (`ispe`), the transformations (`clap`, `irot`, `imir`) folded into a crop of the coded
/// image plus an EXIF-style orientation, grid tiles, alpha, bit depth and chroma, and whether the
/// file is an image sequence.
enum HEIFHeader {
    /// Most bytes of a `meta` box read: an iPhone's 48 MP grid needs about 20 KiB.
    static let maxMetaBytes = 16 << 20
    /// Bytes of a `moov` box read to find the first track's size.
    static let moovPrefixBytes = 64 << 10
    /// Top-level boxes looked at before giving up.
    static let maxTopLevelBoxes = 1_000
    static let sequenceBrands: Set<String> = ["msf1", "hevc", "hevx", "hevs", "hevm", "avis"]
    static let alphaTypes: Set<String> = ["urn:mpeg:hevc:2015:auxid:1", "urn:mpeg:mpegB:cicp:systems:auxiliary:alpha"]

    /// Is `item` an alpha image (an auxiliary image of one of the alpha types)?
    static func isAlpha(_ item: Int, in items: HEIFItems) -> Bool {
        items.properties(of: item).contains { HEIFProperty.auxiliaryType($0).map(alphaTypes.contains) == true }
    }

    static func read(_ file: FileBytes) throws(CodecError) -> ImageHeader {
        var brands: [String] = []
        var meta: ArraySlice<UInt8>?
        var moov: ArraySlice<UInt8>?
        var hasMini = false
        var offset = 0
        for _ in 0..<maxTopLevelBoxes where offset < file.count {
            let start = file.read(at: offset, length: 16)
            guard let box = BoxHeader(start[...], at: 0, available: file.count - offset) else { break }
            let payloadStart = offset + box.headerSize, payloadLength = min(box.size, file.count - offset) - box.headerSize
            switch box.type {
            case "ftyp":
                brands = fileBrands(file.read(at: payloadStart, length: min(payloadLength, 4096)))
            case "meta":
                guard payloadLength <= maxMetaBytes else {
                    throw CodecError.damaged("corrupt HEIF: its meta box claims \(CodecError.mebibytes(payloadLength)) MiB")
                }
                meta = file.read(at: payloadStart, length: payloadLength)[...]
            case "moov":
                moov = file.read(at: payloadStart, length: min(payloadLength, moovPrefixBytes))[...]
            case "mini":
                hasMini = true
            default:
                break
            }
            // A box that runs to the end of the file, or claims to run past it, is the last one.
            guard box.size < file.count - offset else { break }
            offset += box.size
        }
        guard let format = format(brands: brands) else {
            throw CodecError.unsupported("an ISO media file that is not a HEIF or AVIF image (brands \(brands.joined(separator: ", ")))")
        }
        let isSequence = moov != nil && (meta == nil || !sequenceBrands.isDisjoint(with: brands))
        guard let meta else {
            if hasMini { throw CodecError.unsupported(HEIFSupport.miniReason) }
            guard isSequence, let size = moov.flatMap(trackSize) else { throw CodecError.damaged("corrupt HEIF: no meta box (truncated?)") }
            var header = ImageHeader(format: format, size: size)
            header.isAnimated = true
            return header
        }
        var header = try primaryImage(HEIFItems(meta: meta), format: format, file: file)
        header.isAnimated = isSequence
        return header
    }

    /// The major brand, then the compatible ones.
    static func fileBrands(_ ftyp: [UInt8]) -> [String] {
        var reader = ByteReader(ftyp[...])
        guard let major = reader.fourCC(), reader.skip(4) else { return [] }
        var brands = [major]
        while let brand = reader.fourCC() { brands.append(brand) }
        return brands
    }

    /// AVIF when any brand says so, else HEIF for the HEIF brands; nil for other ISO media.
    static func format(brands: [String]) -> ImageFormat? {
        if brands.contains(where: { ["avif", "avis"].contains($0) }) { return .avif }
        let heif: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "mif2", "mif3", "msf1", "miaf"]
        return brands.contains(where: heif.contains) ? .heif : nil
    }

    private static func primaryImage(_ items: HEIFItems, format: ImageFormat, file: FileBytes) throws(CodecError) -> ImageHeader {
        guard let primary = items.shown, let type = items.types[primary] else {
            throw CodecError.damaged("corrupt HEIF: no primary image in its meta box")
        }
        let properties = items.properties(of: primary)
        let claimed = properties.lazy.compactMap(HEIFProperty.size).first
        // What libheif cannot decode right is refused before anything else is asked of it.
        if let reason = HEIFSupport.reason(items, primary: primary, format: format) {
            return unsupported(reason, format: format, coded: claimed, properties: properties)
        }
        guard let coded = claimed else {
            throw CodecError.damaged("corrupt HEIF: the primary image has no size (ispe)")
        }
        // Sides of 2^31 or more are damage (their product would not fit in Int).
        guard coded.width > 0, coded.height > 0, coded.width < 1 << 31, coded.height < 1 << 31 else {
            throw CodecError.damaged("corrupt HEIF: its primary image is \(coded)")
        }
        let geometry = HEIFGeometry(coded: coded, transformations: properties)
        guard geometry.crop.width > 0, geometry.crop.height > 0 else {
            throw CodecError.damaged("corrupt HEIF: its clean aperture (clap) leaves no pixel, or its fractions are too large to compute")
        }

        try checkDerivation(items, primary: primary, type: type)
        // What the decoder will really decode, from the codec's headers; an ispe that lies is damage.
        let frames = try HEIFCodedFrames(items, file: file, primary: primary)
        if let predicted = frames.nonIntra {
            return unsupported(HEIFSupport.nonIntraReason(item: predicted.item, nalType: predicted.nalType), format: format,
                               coded: coded, properties: properties)
        }

        var layout = HEIFLayout(codedSize: coded, cropX: geometry.crop.x, cropY: geometry.crop.y)
        if primary != items.primary { layout.shownItem = primary }
        layout.decodedPixels = frames.pixels
        layout.decodes = frames.decodes
        layout.largestFrame = frames.largestFrame
        // Only an item's ispe is a size libheif checks: one no item takes claims nothing.
        let associated = Set(items.associations.values.joined()).filter { $0 < items.propertyBoxes.count }
        layout.largestClaimedSide = associated.compactMap { HEIFProperty.size(items.propertyBoxes[$0]) }.reduce(0) { max($0, $1.width, $1.height) }
        layout.ranges = HEIFSampleRanges(items, primary: primary, file: file)
        let coding = try derivedLayout(&layout, items: items, primary: primary, type: type, file: file) ?? properties
        if let config = coding.lazy.compactMap(HEIFProperty.coding).first {
            layout.bitDepth = config.bitDepth
            layout.chromaShare = config.chromaShare
        }
        if let depth = properties.lazy.compactMap(HEIFProperty.bitDepth).first { layout.bitDepth = depth }

        var header = ImageHeader(format: format, size: PixelSize(width: geometry.crop.width, height: geometry.crop.height))
        header.orientation = geometry.orientation
        header.hasAlpha = items.references["auxl"]?.contains { item, targets in
            targets.contains(primary) && isAlpha(item, in: items)
        } ?? false
        header.components = layout.chromaShare == 0 ? 1 : 3
        header.needsWholeImage = true
        header.wholeImageBytes = layout.decodeBytes(hasAlpha: header.hasAlpha)
        header.heifLayout = layout
        return header
    }

    /// A grid (or overlay) takes its coding from its tiles, which all share one size: their
    /// properties (nil for a coded image), with the tiles and the canvas checked.
    private static func derivedLayout(_ layout: inout HEIFLayout, items: HEIFItems, primary: Int, type: String,
                                      file: FileBytes) throws(CodecError) -> [ISOBMFFBox]? {
        guard type == "grid" || type == "iovl" else { return nil }
        let tiles = items.references["dimg"]?[primary] ?? []
        guard let first = tiles.first else { throw CodecError.damaged("corrupt HEIF: a grid image without tiles") }
        layout.tiles = tiles.count
        let coding = items.properties(of: first)
        layout.tileSize = coding.lazy.compactMap(HEIFProperty.size).first ?? .zero
        guard layout.tileSize.width < 1 << 31, layout.tileSize.height < 1 << 31 else {
            throw CodecError.damaged("corrupt HEIF: its grid's tiles are \(layout.tileSize)")
        }
        try HEIFCanvas.check(items, item: primary, type: type, ispe: layout.codedSize, inputs: tiles, tileSize: layout.tileSize, file: file)
        if type == "grid" { layout.tileMismatch = HEIFCanvas.tileMismatch(items, inputs: tiles, tileSize: layout.tileSize) }
        return coding
    }

    /// The header of an image thumbgen does not decode: its size when its boxes give one.
    private static func unsupported(_ reason: String, format: ImageFormat, coded: PixelSize?, properties: [ISOBMFFBox]) -> ImageHeader {
        var size = PixelSize.zero, orientation = Orientation.up
        if let coded, coded.width > 0, coded.height > 0, coded.width < 1 << 31, coded.height < 1 << 31 {
            let geometry = HEIFGeometry(coded: coded, transformations: properties)
            if geometry.crop.width > 0, geometry.crop.height > 0 {
                size = PixelSize(width: geometry.crop.width, height: geometry.crop.height)
                orientation = geometry.orientation
            }
        }
        var header = ImageHeader(format: format, size: size)
        header.orientation = orientation
        header.unsupportedReason = reason
        return header
    }

    private static let derivedTypes: Set<String> = ["grid", "iovl", "iden"]

    /// libheif 1.15 decodes a derived image's inputs, and every decoded image's alpha image, by
    /// recursing, starting threads of its own for a grid's tiles: a grid among its own tiles, or
    /// any loop, recurses until the process runs out of threads (an uncaught C++ exception that
    /// aborts it) or stack. Encoders write grids and overlays of coded tiles, at most behind an
    /// `iden`, and alpha images without loops; anything else is refused.
    static func checkDerivation(_ items: HEIFItems, primary: Int, type: String) throws(CodecError) {
        func inputs(_ item: Int) -> [Int] { items.references["dimg"]?[item] ?? [] }
        func isDerived(_ item: Int) -> Bool { derivedTypes.contains(items.types[item] ?? "") }
        let sound = switch type {
        case "iden": inputs(primary).allSatisfy { !isDerived($0) || (items.types[$0] != "iden" && !inputs($0).contains(where: isDerived)) }
        case "grid", "iovl": !inputs(primary).contains(where: isDerived)
        default: true
        }
        guard sound else {
            throw CodecError.damaged("corrupt HEIF: its primary image is made of derived images (a grid inside a grid, or one that uses itself)")
        }
        guard !decodingLoops(items, from: primary) else {
            throw CodecError.damaged("corrupt HEIF: its images use each other in a loop (through their tiles or alpha images)")
        }
    }

    /// Does decoding `primary` come back to an image being decoded, following each image's `dimg`
    /// inputs and its alpha images? Depth first without recursion (a chain may be long); an image
    /// reached twice without a loop (a tile repeated in a grid) is looked at once.
    static func decodingLoops(_ items: HEIFItems, from primary: Int) -> Bool {
        var alphas: [Int: [Int]] = [:]
        for (item, masters) in items.references["auxl"] ?? [:] where isAlpha(item, in: items) {
            for master in masters { alphas[master, default: []].append(item) }
        }
        func next(_ item: Int) -> [Int] { (items.references["dimg"]?[item] ?? []) + (alphas[item] ?? []) }
        var onPath: Set<Int> = [primary], finished: Set<Int> = []
        // Each entry's children and how many are done: removing the first of 10,000 tiles each
        // time was quadratic.
        var stack: [(item: Int, next: [Int], done: Int)] = [(primary, next(primary), 0)]
        while let top = stack.last {
            guard top.done < top.next.count else {
                onPath.remove(top.item)
                finished.insert(top.item)
                stack.removeLast()
                continue
            }
            let child = top.next[top.done]
            stack[stack.count - 1].done += 1
            if onPath.contains(child) { return true }
            if finished.contains(child) { continue }
            onPath.insert(child)
            stack.append((child, next(child), 0))
        }
        return false
    }

    /// The first track's width and height (`tkhd`, 16.16 fixed point).
    static func trackSize(_ moov: ArraySlice<UInt8>) -> PixelSize? {
        guard let trak = ISOBMFFBox.children(of: moov, lenient: true).first(where: { $0.type == "trak" }),
              let tkhd = ISOBMFFBox.children(of: trak.payload, lenient: true).first(where: { $0.type == "tkhd" })
        else { return nil }
        var reader = ByteReader(tkhd.payload)
        guard let version = reader.uint8(), reader.skip(3 + (version == 1 ? 32 : 20) + 52),
              let width = reader.uint32(), let height = reader.uint32(), width >> 16 > 0, height >> 16 > 0
        else { return nil }
        return PixelSize(width: width >> 16, height: height >> 16)
    }
}

/// Where a HEIF's stored image lies in its coded image, and what decoding it costs.
public struct HEIFLayout: Equatable, Sendable {
    /// The coded image's size (`ispe`, before any transformation), in pixels.
    public var codedSize: PixelSize
    /// The clean aperture's top-left corner in the coded image ((0, 0) without `clap`), in pixels.
    public var cropX = 0, cropY = 0
    /// The item decoded when it is not the primary item (`HEIFItems.shown`).
    public var shownItem: Int?
    /// Tiles of a grid image; 1 for a single coded image.
    public var tiles = 1
    /// A grid's tile size (zero for a single coded image), in pixels.
    public var tileSize = PixelSize.zero
    /// Bits a luma sample.
    public var bitDepth = 8
    /// Chroma samples per luma sample, both planes: 0 (monochrome), 0.5 (4:2:0), 1 (4:2:2), 2 (4:4:4).
    public var chromaShare = 0.5
    /// Pixels of every decode libheif runs for the image (each tile as often as the grid names
    /// it, each alpha image), at the coded frame size the codec's headers give, at least
    /// `HEIFDecoder.minimumTilePixels` a decode.
    public var decodedPixels = 0
    /// Decodes libheif runs for the image.
    public var decodes = 1
    /// The largest coded frame any of those decodes allocates, in pixels.
    public var largestFrame = PixelSize.zero
    /// Whether the colour and alpha samples are coded full range, from the codec's headers.
    var ranges = HEIFSampleRanges()
    /// The largest side any item of the file claims (`ispe`): libheif 1.15 checks its size
    /// limit against every item when it reads the file, decoded or not.
    public var largestClaimedSide = 0
    /// Why a grid's tiles do not agree in size (refused after the limits), or nil.
    var tileMismatch: String?

    /// libheif 1.15 decodes up to this many tiles of a grid at once (its default).
    static let tileThreads = 4

    /// Bytes libheif holds at the peak of a decode with no shrink-on-load: the decoded planes
    /// (twice: the codec's picture and libheif's copy), then the interleaved RGBA it converts
    /// them to (8 bits a channel; above 8 bits 16, and RGB without alpha). The planes are as
    /// large as the coded frame, padding included; a grid's tiles add their own pictures, a few
    /// at once.
    public func decodeBytes(hasAlpha: Bool) -> Int {
        let sample = bitDepth > 8 ? 2.0 : 1.0
        let planes = sample * (1 + chromaShare + (hasAlpha ? 1 : 0))
        let output = bitDepth > 8 ? sample * (hasAlpha ? 4 : 3) : 4
        let width = Double(max(codedSize.width, tiles > 1 ? 0 : largestFrame.width))
        let height = Double(max(codedSize.height, tiles > 1 ? 0 : largestFrame.height))
        var bytes = width * height * (2 * planes + output)
        if tiles > 1 {
            bytes += Double(min(decodes, Self.tileThreads)) * Double(largestFrame.width) * Double(largestFrame.height) * 2 * sample * (1 + chromaShare)
        }
        return bytes >= Double(Int.max / 2) ? Int.max : Int(bytes)
    }
}
