import Raster

/// What thumbgen reads of an HEVC sequence parameter set (H.265 7.3.2.2), without decoding a
/// picture: the picture size libde265 allocates, and the VUI's `video_full_range_flag`, which
/// says whether an alpha image's samples are limited range (libheif 1.15 hands them over as
/// coded). Every count read is bounded as the standard bounds it; input that breaks a bound or
/// ends early does not parse.
struct HEVCSequenceParameterSet {
    /// pic_width_in_luma_samples × pic_height_in_luma_samples, before the conformance window.
    var pictureSize: PixelSize
    /// `video_full_range_flag` when the VUI carries a video signal type; nil when it does not
    /// say (libheif then takes the samples as full range, and so does thumbgen).
    var fullRange: Bool?

    private enum SignalledRange { case full, limited, unsaid }

    private var reader: BitReader
    private var subLayers = 0

    /// Parses the SPS NAL unit `nal` (its two-byte header included) up to the picture size;
    /// nil when that part does not parse.
    init?(nal: [UInt8]) {
        guard nal.count > 2, Int(nal[0] >> 1) & 0x3F == HEVCFrames.sequenceParameterSetType else { return nil }
        reader = BitReader(HEVCFrames.payload(nal.dropFirst(2)))
        pictureSize = .zero
        guard let size = readToPictureSize() else { return nil }
        pictureSize = size
    }

    /// The SPS with its VUI's range read too: nil when the rest of it does not parse.
    static func withRange(nal: [UInt8]) -> HEVCSequenceParameterSet? {
        guard var sps = HEVCSequenceParameterSet(nal: nal), let range = sps.readRange() else { return nil }
        sps.fullRange = range == .unsaid ? nil : range == .full
        return sps
    }

    private mutating func readToPictureSize() -> PixelSize? {
        // sps_video_parameter_set_id, sps_max_sub_layers_minus1, sps_temporal_id_nesting_flag.
        guard reader.skip(4), let subLayers = reader.bits(3), subLayers < 7, reader.skip(1) else { return nil }
        self.subLayers = subLayers
        // profile_tier_level: the general profile and level (96 bits), then each sub-layer's
        // presence flags, padded to 8 pairs, then the profiles and levels present.
        guard reader.skip(96) else { return nil }
        var present: [(profile: Bool, level: Bool)] = []
        for _ in 0..<subLayers {
            guard let profile = reader.bits(1), let level = reader.bits(1) else { return nil }
            present.append((profile == 1, level == 1))
        }
        if subLayers > 0 { guard reader.skip(2 * (8 - subLayers)) else { return nil } }
        for layer in present {
            guard reader.skip((layer.profile ? 88 : 0) + (layer.level ? 8 : 0)) else { return nil }
        }
        guard reader.exponentialGolomb() != nil, let chroma = reader.exponentialGolomb(), chroma <= 3 else { return nil }
        if chroma == 3 { guard reader.skip(1) else { return nil } }
        // Sides beyond 2^20 are no real stream's (HEVC's levels stop near 17,000) and their
        // area would not fit in Int: they do not parse.
        guard let width = reader.exponentialGolomb(), let height = reader.exponentialGolomb(),
              (1...1 << 20).contains(width), (1...1 << 20).contains(height) else { return nil }
        return PixelSize(width: width, height: height)
    }

    /// From after the picture size to the VUI's video signal type.
    private mutating func readRange() -> SignalledRange? {
        guard let window = reader.bits(1) else { return nil }
        if window == 1 { guard skipGolomb(4) else { return nil } }
        // Bit depths, then log2_max_pic_order_cnt_lsb_minus4 (0…12).
        guard skipGolomb(2), let pocBits = reader.exponentialGolomb(), pocBits <= 12, let ordering = reader.bits(1) else { return nil }
        guard skipGolomb(3 * (ordering == 1 ? subLayers + 1 : 1)) else { return nil }
        // Coding block and transform sizes, transform hierarchy depths.
        guard skipGolomb(6), let scaling = reader.bits(1) else { return nil }
        if scaling == 1 {
            guard let data = reader.bits(1) else { return nil }
            if data == 1 { guard skipScalingListData() else { return nil } }
        }
        // amp_enabled_flag, sample_adaptive_offset_enabled_flag, pcm_enabled_flag.
        guard reader.skip(2), let pcm = reader.bits(1) else { return nil }
        if pcm == 1 { guard reader.skip(8), skipGolomb(2), reader.skip(1) else { return nil } }
        guard skipShortTermReferencePictureSets(), let longTerm = reader.bits(1) else { return nil }
        if longTerm == 1 {
            guard let count = reader.exponentialGolomb(), count <= 32, reader.skip(count * (pocBits + 4 + 1)) else { return nil }
        }
        // sps_temporal_mvp_enabled_flag, strong_intra_smoothing_enabled_flag.
        guard reader.skip(2), let vui = reader.bits(1) else { return nil }
        guard vui == 1 else { return .unsaid }
        guard let aspect = reader.bits(1) else { return nil }
        if aspect == 1 {
            guard let idc = reader.bits(8) else { return nil }
            if idc == 255 { guard reader.skip(32) else { return nil } }
        }
        guard let overscan = reader.bits(1) else { return nil }
        if overscan == 1 { guard reader.skip(1) else { return nil } }
        guard let signal = reader.bits(1) else { return nil }
        guard signal == 1 else { return .unsaid }
        // video_format, then video_full_range_flag.
        guard reader.skip(3), let full = reader.bits(1) else { return nil }
        return full == 1 ? .full : .limited
    }

    private mutating func skipGolomb(_ count: Int) -> Bool {
        for _ in 0..<count { guard reader.exponentialGolomb() != nil else { return false } }
        return true
    }

    /// scaling_list_data() (7.3.4): only its length matters here.
    private mutating func skipScalingListData() -> Bool {
        for size in 0..<4 {
            for _ in stride(from: 0, to: 6, by: size == 3 ? 3 : 1) {
                guard let predicted = reader.bits(1) else { return false }
                if predicted == 0 {
                    guard reader.exponentialGolomb() != nil else { return false }
                    continue
                }
                let coefficients = min(64, 1 << (4 + (size << 1)))
                guard skipGolomb(coefficients + (size > 1 ? 1 : 0)) else { return false }
            }
        }
        return true
    }

    /// num_short_term_ref_pic_sets and each st_ref_pic_set() (7.3.7, 7.4.8): a set predicted
    /// from the one before it has as many flags as that one has pictures, plus one, so the
    /// pictures of each set are derived as the standard derives them.
    private mutating func skipShortTermReferencePictureSets() -> Bool {
        guard let count = reader.exponentialGolomb(), count <= 64 else { return false }
        var sets: [(negative: [Int], positive: [Int])] = []
        for index in 0..<count {
            var predicted = 0
            if index > 0 { guard let flag = reader.bits(1) else { return false }; predicted = flag }
            let next = predicted == 1 ? predictedSet(from: sets[index - 1]) : explicitSet()
            guard let next else { return false }
            sets.append(next)
        }
        return true
    }

    private mutating func explicitSet() -> (negative: [Int], positive: [Int])? {
        guard let negatives = reader.exponentialGolomb(), let positives = reader.exponentialGolomb(),
              negatives <= 16, positives <= 16 else { return nil }
        var negative: [Int] = [], positive: [Int] = []
        for _ in 0..<negatives {
            guard let delta = reader.exponentialGolomb(), reader.skip(1) else { return nil }
            negative.append((negative.last ?? 0) - (delta + 1))
        }
        for _ in 0..<positives {
            guard let delta = reader.exponentialGolomb(), reader.skip(1) else { return nil }
            positive.append((positive.last ?? 0) + (delta + 1))
        }
        return (negative, positive)
    }

    /// inter_ref_pic_set_prediction_flag = 1 (equations 7-61 and 7-62).
    private mutating func predictedSet(from reference: (negative: [Int], positive: [Int])) -> (negative: [Int], positive: [Int])? {
        guard let sign = reader.bits(1), let magnitude = reader.exponentialGolomb(), magnitude < 1 << 15 else { return nil }
        let deltaRPS = (1 - 2 * sign) * (magnitude + 1)
        let pictures = reference.negative.count + reference.positive.count
        var useDelta: [Bool] = []
        for _ in 0...pictures {
            guard let used = reader.bits(1) else { return nil }
            if used == 1 { useDelta.append(true); continue }
            guard let use = reader.bits(1) else { return nil }
            useDelta.append(use == 1)
        }
        // Each reference picture by its flag's index: the negative ones, the positive ones,
        // then the reference set's own picture (a delta of 0).
        let deltas = reference.negative + reference.positive + [0]
        var negative: [Int] = [], positive: [Int] = []
        for (index, delta) in deltas.enumerated() where useDelta[index] {
            let poc = delta + deltaRPS
            if poc < 0 { negative.append(poc) } else if poc > 0 { positive.append(poc) }
        }
        guard negative.count <= 16, positive.count <= 16 else { return nil }
        // Nearest first, as the standard orders them.
        return (negative.sorted(by: >), positive.sorted())
    }
}
