/// Whether a HEIF's coded samples are full range, as the codec's own headers say: libheif 1.15
/// copies a monochrome image's luma to R, G and B, and an alpha image's samples to alpha, as
/// they are coded, so a limited-range one (black at 16, white at 235) comes out washed out, or
/// not quite opaque. HEIFDecoder expands them from what is read here and from the nclx.
struct HEIFSampleRanges: Equatable, Sendable {
    /// The primary image's AV1 sequence header's `color_range`: what libavif goes by when there
    /// is no nclx. nil for HEVC, a grid, or a header that does not say.
    var colour: Bool?
    /// The alpha image's: AV1 says its range only in its sequence header, HEVC in its SPS's
    /// VUI (`video_full_range_flag`); one that does not say is full range, as libheif takes it.
    var alpha = true

    init() {}

    init(_ items: HEIFItems, primary: Int, file: FileBytes) {
        colour = Self.av1FullRange(items, item: primary, file: file)
        let alphaItem = items.references["auxl"]?.first { item, targets in
            targets.contains(primary) && HEIFHeader.isAlpha(item, in: items)
        }?.key
        if let alphaItem, let full = Self.av1FullRange(items, item: alphaItem, file: file) ?? Self.hevcFullRange(items, item: alphaItem) {
            alpha = full
        }
    }

    /// `video_full_range_flag` of an HEVC item, from the first SPS in its `hvcC` (where HEIF
    /// puts an image's parameter sets); nil when it does not say or does not parse.
    static func hevcFullRange(_ items: HEIFItems, item: Int) -> Bool? {
        guard items.types[item] == "hvc1", let config = items.properties(of: item).first(where: { $0.type == "hvcC" }),
              let sps = HEVCFrames.configurationParameterSets(config.payload).first else { return nil }
        return HEVCSequenceParameterSet.withRange(nal: sps)?.fullRange
    }

    /// `color_range` of an AV1 item, from its `av1C`'s configOBUs, else its data.
    static func av1FullRange(_ items: HEIFItems, item: Int, file: FileBytes) -> Bool? {
        guard items.types[item] == "av01" else { return nil }
        if let config = items.properties(of: item).first(where: { $0.type == "av1C" }), config.payload.count > 4,
           let full = AV1ColourRange.isFullRange(obus: HEIFItemBytes(Array(config.payload.dropFirst(4)))) {
            return full
        }
        guard let location = items.locations[item], let data = HEIFItemBytes(location, file: file, idat: items.idat) else { return nil }
        return AV1ColourRange.isFullRange(obus: data)
    }
}
