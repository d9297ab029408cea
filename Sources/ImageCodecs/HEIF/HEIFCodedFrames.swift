import Raster

/// What libheif will really decode for a HEIF's primary image, from the codec's own headers
/// rather than from what `ispe` claims: every coded image it decodes (the primary image, each
/// grid tile as often as the grid names it, every alpha image, theirs too) with the frame size
/// its HEVC sequence parameter sets or AV1 sequence headers give. An image whose frames are not
/// the size its `ispe` says is damage, refused before decoding: a 64×64 `ispe` over an
/// 8192×8192 frame would have the decoder allocate 64 MP while the limits see 4 KP.
struct HEIFCodedFrames {
    /// A frame may exceed `ispe` by the codec's padding, less than this on each side: HEVC codes
    /// whole minimum coding blocks (8 to 64 pixels) and crops the rest with its conformance
    /// window; AV1 frames have any size, so theirs equals `ispe`. Smaller is never allowed.
    static let padding = 64
    /// NAL units or OBUs looked at in the whole file, over all its images: a still has a handful
    /// an image, a tiled one a few thousand at most.
    static let maxUnits = 100_000

    /// Pixels of every decode summed (each image's frames × frames it holds, at least
    /// `HEIFDecoder.minimumTilePixels` a decode), and the decodes.
    var pixels = 0
    var decodes = 0
    /// The largest frame any decode allocates.
    var largestFrame = PixelSize.zero
    /// The first HEVC image whose picture is not an intra random access point (it is predicted
    /// from pictures the item does not hold), with its first slice's NAL unit type: libde265
    /// decodes it to grey.
    var nonIntra: (item: Int, nalType: Int)?

    /// A coded image's largest frame, its `ispe` (the frame's size without one), and its frames.
    private struct CodedImage {
        var size: PixelSize
        var claimed: PixelSize
        var count: Int
    }

    private let items: HEIFItems
    private let file: FileBytes
    private var units = maxUnits
    private var frames: [Int: CodedImage] = [:]

    init(_ items: HEIFItems, file: FileBytes, primary: Int) throws(CodecError) {
        self.items = items
        self.file = file
        var alphas: [Int: [Int]] = [:]
        for (item, masters) in items.references["auxl"] ?? [:] where HEIFHeader.isAlpha(item, in: items) {
            for master in masters { alphas[master, default: []].append(item) }
        }
        // Decodes of each image, counted down from the primary image in an order where every
        // image comes after all that use it (the graph has no loops: checkDerivation).
        var uses: [Int: Int] = [primary: 1]
        for item in Self.usersFirst(from: primary, next: { (items.references["dimg"]?[$0] ?? []) + (alphas[$0] ?? []) }) {
            let count = uses[item] ?? 0
            for child in (items.references["dimg"]?[item] ?? []) + (alphas[item] ?? []) {
                uses[child] = Self.sum(uses[child] ?? 0, count)
            }
            guard let coded = try codedFrames(item) else { continue }
            // Counted at the ispe's size, which the frame exceeds by padding at most.
            let each = max(HEIFDecoder.minimumTilePixels, Self.product(coded.claimed.area, max(1, coded.count)))
            pixels = Self.sum(pixels, Self.product(each, count))
            decodes = Self.sum(decodes, count)
            if coded.size.area > largestFrame.area { largestFrame = coded.size }
        }
    }

    /// The frame size and count of a coded image (nil for a derived one, or a codec libheif
    /// decodes that is neither HEVC nor AV1), checked against its `ispe`.
    private mutating func codedFrames(_ item: Int) throws(CodecError) -> CodedImage? {
        if let known = frames[item] { return known }
        let type = items.types[item] ?? ""
        guard type == "hvc1" || type == "av01" else { return nil }
        let codec = type == "hvc1" ? "HEVC" : "AV1"
        let properties = items.properties(of: item)
        var sizes: [PixelSize?] = [], count = 0
        if let config = properties.first(where: { $0.type == (type == "hvc1" ? "hvcC" : "av1C") }) {
            sizes = type == "hvc1" ? HEVCFrames.configurationSizes(config.payload)
                : AV1Frames.walk(HEIFItemBytes(Array(config.payload.dropFirst(4))), units: &units)?.sizes ?? []
        }
        if let location = items.locations[item], let data = HEIFItemBytes(location, file: file, idat: items.idat) {
            var walked: (sizes: [PixelSize?], frames: Int)?
            if type == "hvc1", let hevc = HEVCFrames.walk(data, units: &units) {
                walked = (hevc.sizes, hevc.frames)
                if let slice = hevc.firstSliceType, !HEVCFrames.intraTypes.contains(slice), nonIntra == nil { nonIntra = (item, slice) }
            } else if type == "av01" {
                walked = AV1Frames.walk(data, units: &units)
            }
            guard let walked else {
                throw CodecError.damaged("corrupt HEIF: its \(codec) data holds more than \(Self.maxUnits) NAL units or OBUs")
            }
            sizes += walked.sizes
            count = walked.frames
        }
        let header = type == "hvc1" ? "sequence parameter set" : "sequence header"
        guard !sizes.contains(where: { $0 == nil }) else {
            throw CodecError.damaged("corrupt HEIF: image \(item)'s \(codec) \(header) does not parse")
        }
        let coded = sizes.compactMap { $0 }
        guard let largest = coded.max(by: { $0.area < $1.area }) else {
            throw CodecError.damaged("corrupt HEIF: image \(item) has no \(codec) \(header), so nothing gives its coded size")
        }
        let claimed = properties.lazy.compactMap(HEIFProperty.size).first
        if let claimed {
            for size in coded where !Self.agrees(frame: size, ispe: claimed) {
                if Self.agrees(frame: size, ispe: claimed.transposed), HEIFGeometry(coded: claimed, transformations: properties).orientation.swapsAxes {
                    // libheif 1.15's encoder wrote the size after rotation into `ispe`, which the
                    // standard defines before it.
                    throw CodecError.damaged("corrupt HEIF: its ispe gives \(claimed), the size after rotation, but the coded image is \(size)")
                }
                throw CodecError.damaged("corrupt HEIF: image \(item) claims \(claimed) (ispe) but its \(codec) frames are \(size) (its \(header)); the decoder would allocate those")
            }
        }
        let image = CodedImage(size: largest, claimed: claimed ?? largest, count: count)
        frames[item] = image
        return image
    }

    /// Does a frame of `frame` decode an image of `ispe`: as large, and larger only by padding?
    static func agrees(frame: PixelSize, ispe: PixelSize) -> Bool {
        frame.width >= ispe.width && frame.width - ispe.width < padding && frame.height >= ispe.height && frame.height - ispe.height < padding
    }

    /// The images reachable from `start`, each after every image that reaches it (a reverse
    /// post-order, without recursion: a chain of alpha images may be long).
    static func usersFirst(from start: Int, next: (Int) -> [Int]) -> [Int] {
        var order: [Int] = [], seen: Set<Int> = [start]
        // Each entry's children and how many of them are done (a grid may name 10,000 tiles).
        var stack: [(item: Int, next: [Int], done: Int)] = [(start, next(start), 0)]
        while let top = stack.last {
            guard top.done < top.next.count else {
                order.append(top.item)
                stack.removeLast()
                continue
            }
            let child = top.next[top.done]
            stack[stack.count - 1].done += 1
            if seen.insert(child).inserted { stack.append((child, next(child), 0)) }
        }
        return order.reversed()
    }

    static func sum(_ a: Int, _ b: Int) -> Int {
        let (value, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : value
    }

    static func product(_ a: Int, _ b: Int) -> Int {
        let (value, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? Int.max : value
    }
}
