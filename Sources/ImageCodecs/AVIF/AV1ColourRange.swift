/// Whether an AV1 item's samples are full range, from its sequence header's `color_range` (AV1
/// specification 5.5.1–5.5.2), as libavif reads it: an alpha image says its range only there,
/// and libheif 1.15 hands alpha over as coded, so a limited-range alpha plane must be expanded
/// by thumbgen (HEIFDecoder).
enum AV1ColourRange {
    /// `color_range` of the first sequence header among `obus` (an `av1C`'s configOBUs or an
    /// item's data); nil when there is none or it does not parse.
    static func isFullRange(obus: HEIFItemBytes) -> Bool? {
        var found: Bool?, units = 1_000
        _ = AV1Frames.obus(obus, units: &units) { type, offset, length in
            guard type == AV1Frames.sequenceHeaderType else { return true }
            found = isFullRange(sequenceHeader: obus.read(at: offset, length: min(length, 1024)))
            return false
        }
        return found
    }

    /// `color_range` of a sequence header OBU's payload.
    static func isFullRange(sequenceHeader payload: [UInt8]) -> Bool? {
        var reader = BitReader(payload)
        guard let (_, profile, reduced) = AV1Frames.readToFrameSize(&reader) else { return nil }
        if !reduced {
            guard let frameIDs = reader.bits(1) else { return nil }
            if frameIDs == 1 { guard reader.skip(7) else { return nil } }
        }
        // use_128x128_superblock, enable_filter_intra, enable_intra_edge_filter.
        guard reader.skip(3) else { return nil }
        if !reduced {
            // enable_interintra_compound, masked_compound, warped_motion, dual_filter.
            guard reader.skip(4), let orderHint = reader.bits(1) else { return nil }
            if orderHint == 1 { guard reader.skip(2) else { return nil } }
            guard let choose = reader.bits(1) else { return nil }
            var forceScreenContent = 2
            if choose == 0 { guard let force = reader.bits(1) else { return nil }; forceScreenContent = force }
            if forceScreenContent > 0 {
                guard let chooseIntegerMV = reader.bits(1) else { return nil }
                if chooseIntegerMV == 0 { guard reader.skip(1) else { return nil } }
            }
            if orderHint == 1 { guard reader.skip(3) else { return nil } }
        }
        // enable_superres, enable_cdef, enable_restoration, then color_config.
        guard reader.skip(3), let highBitDepth = reader.bits(1) else { return nil }
        if profile == 2 && highBitDepth == 1 { guard reader.skip(1) else { return nil } }
        var mono = 0
        if profile != 1 { guard let flag = reader.bits(1) else { return nil }; mono = flag }
        guard let described = reader.bits(1) else { return nil }
        var primaries = 2, transfer = 2, matrix = 2
        if described == 1 {
            guard let p = reader.bits(8), let t = reader.bits(8), let m = reader.bits(8) else { return nil }
            (primaries, transfer, matrix) = (p, t, m)
        }
        // sRGB with identity matrix has no color_range bit: full range.
        if mono == 0 && primaries == 1 && transfer == 13 && matrix == 0 { return true }
        return reader.bits(1).map { $0 == 1 }
    }
}
