import Raster

/// The frames an HEVC item makes libde265 decode, read from its parameter sets without decoding:
/// the coded size of every sequence parameter set (the `hvcC`'s and any in the item's data,
/// which libheif hands on to the decoder too) and how many pictures the data holds. The decoder
/// allocates each picture at its SPS's size, whatever the `ispe` says.
enum HEVCFrames {
    static let sequenceParameterSetType = 33

    /// The sizes of the `hvcC`'s SPS NAL units (nil for one that does not parse).
    static func configurationSizes(_ hvcC: ArraySlice<UInt8>) -> [PixelSize?] {
        // 22 bytes of fields, then arrays of NAL units by type.
        var reader = ByteReader(hvcC)
        guard reader.skip(22), let arrays = reader.uint8() else { return [] }
        var sizes: [PixelSize?] = []
        for _ in 0..<arrays {
            guard let type = reader.uint8(), let count = reader.uint16() else { break }
            for _ in 0..<count {
                guard let length = reader.uint16(), length <= reader.remaining.count else { return sizes }
                let nal = Array(reader.remaining.prefix(length))
                _ = reader.skip(length)
                if type & 0x3F == sequenceParameterSetType { sizes.append(pictureSize(sps: nal)) }
            }
        }
        return sizes
    }

    /// Walks the item's data as libheif hands it to libde265, NAL units each after a 4-byte
    /// length: the size of each SPS among them, and the pictures (slices that begin one).
    /// `units` is what is left of the file's allowance of NAL units looked at.
    static func walk(_ data: HEIFItemBytes, units: inout Int) -> (sizes: [PixelSize?], frames: Int)? {
        var sizes: [PixelSize?] = [], pictures = 0, offset = 0
        while offset + 4 <= data.count {
            guard units > 0 else { return nil }
            units -= 1
            let prefix = data.read(at: offset, length: 4)
            guard prefix.count == 4 else { break }
            let length = prefix.reduce(0) { $0 << 8 | Int($1) }
            offset += 4
            guard length >= 2, length <= data.count - offset else { break }
            let start = data.read(at: offset, length: 3)
            guard start.count >= 2 else { break }
            let type = Int(start[0] >> 1) & 0x3F
            if type == sequenceParameterSetType {
                // The sizes come within the first few hundred bytes of any SPS.
                sizes.append(pictureSize(sps: data.read(at: offset, length: min(length, 1024))))
            } else if type < 32, start.count == 3, start[2] & 0x80 != 0 {
                // A slice segment with first_slice_segment_in_pic_flag set.
                pictures += 1
            }
            offset += length
        }
        return (sizes, pictures)
    }

    /// pic_width_in_luma_samples × pic_height_in_luma_samples of an SPS NAL unit (header
    /// included): the size libde265 allocates, before the conformance window crops it.
    static func pictureSize(sps nal: [UInt8]) -> PixelSize? {
        guard nal.count > 2, Int(nal[0] >> 1) & 0x3F == sequenceParameterSetType else { return nil }
        var reader = BitReader(payload(nal.dropFirst(2)))
        // sps_video_parameter_set_id, sps_max_sub_layers_minus1, sps_temporal_id_nesting_flag.
        guard reader.skip(4), let subLayers = reader.bits(3), reader.skip(1) else { return nil }
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
        guard reader.exponentialGolomb() != nil, let chroma = reader.exponentialGolomb() else { return nil }
        if chroma == 3 { guard reader.skip(1) else { return nil } }
        // Sides beyond 2^20 are no real stream's (HEVC's levels stop near 17,000) and their
        // area would not fit in Int: they do not parse.
        guard let width = reader.exponentialGolomb(), let height = reader.exponentialGolomb(),
              (1...1 << 20).contains(width), (1...1 << 20).contains(height) else { return nil }
        return PixelSize(width: width, height: height)
    }

    /// The raw payload: each emulation prevention byte (0x03 after two zero bytes) removed.
    static func payload(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = [], zeros = 0
        result.reserveCapacity(bytes.count)
        for byte in bytes {
            if zeros >= 2, byte == 3 {
                zeros = 0
                continue
            }
            zeros = byte == 0 ? zeros + 1 : 0
            result.append(byte)
        }
        return result
    }
}
