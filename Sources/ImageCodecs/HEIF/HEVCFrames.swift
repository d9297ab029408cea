import Raster

/// The frames an HEVC item makes libde265 decode, read from its parameter sets without decoding:
/// the coded size of every sequence parameter set (the `hvcC`'s and any in the item's data,
/// which libheif hands on to the decoder too) and how many pictures the data holds. The decoder
/// allocates each picture at its SPS's size, whatever the `ispe` says.
enum HEVCFrames {
    static let sequenceParameterSetType = 33
    /// Intra random access point pictures (BLA, IDR, CRA: H.265 table 7-1), which decode on
    /// their own; 22 and 23 are reserved IRAP types no decoder knows.
    static let intraTypes = 16...21

    /// The sizes of the `hvcC`'s SPS NAL units (nil for one that does not parse).
    static func configurationSizes(_ hvcC: ArraySlice<UInt8>) -> [PixelSize?] {
        configurationParameterSets(hvcC).map(pictureSize)
    }

    /// The `hvcC`'s SPS NAL units, headers included.
    static func configurationParameterSets(_ hvcC: ArraySlice<UInt8>) -> [[UInt8]] {
        // 22 bytes of fields, then arrays of NAL units by type.
        var reader = ByteReader(hvcC)
        guard reader.skip(22), let arrays = reader.uint8() else { return [] }
        var units: [[UInt8]] = []
        for _ in 0..<arrays {
            guard let type = reader.uint8(), let count = reader.uint16() else { break }
            for _ in 0..<count {
                guard let length = reader.uint16(), length <= reader.remaining.count else { return units }
                let nal = Array(reader.remaining.prefix(length))
                _ = reader.skip(length)
                if type & 0x3F == sequenceParameterSetType { units.append(nal) }
            }
        }
        return units
    }

    /// Walks the item's data as libheif hands it to libde265, NAL units each after a 4-byte
    /// length: the size of each SPS among them, the pictures (slices that begin one), and the
    /// NAL unit type of the first picture's first slice. `units` is what is left of the file's
    /// allowance of NAL units looked at.
    static func walk(_ data: HEIFItemBytes, units: inout Int) -> (sizes: [PixelSize?], frames: Int, firstSliceType: Int?)? {
        var sizes: [PixelSize?] = [], pictures = 0, offset = 0, firstSliceType: Int?
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
                if firstSliceType == nil { firstSliceType = type }
            }
            offset += length
        }
        return (sizes, pictures, firstSliceType)
    }

    /// pic_width_in_luma_samples × pic_height_in_luma_samples of an SPS NAL unit (header
    /// included): the size libde265 allocates, before the conformance window crops it.
    static func pictureSize(sps nal: [UInt8]) -> PixelSize? {
        HEVCSequenceParameterSet(nal: nal)?.pictureSize
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
