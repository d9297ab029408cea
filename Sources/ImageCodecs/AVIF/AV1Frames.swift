import Raster

/// The frames an AV1 item makes the decoder (dav1d or aom) decode, read from its OBUs without
/// decoding: the largest frame size of every sequence header (the `av1C`'s configOBUs and the
/// item's data, which libheif hands on together) and how many frames the data holds. No frame
/// of a sequence may be larger than its header's maximum, so that bounds what is allocated.
enum AV1Frames {
    static let sequenceHeaderType = 1, frameHeaderType = 3, frameType = 6

    /// Walks the OBUs of `data` (configOBUs, or an item's data): the size of each sequence
    /// header among them (nil for one that does not parse), and the frames. `units` is what is
    /// left of the file's allowance of OBUs looked at.
    static func walk(_ data: HEIFItemBytes, units: inout Int) -> (sizes: [PixelSize?], frames: Int)? {
        var sizes: [PixelSize?] = [], frames = 0
        let complete = obus(data, units: &units) { type, offset, length in
            switch type {
            case sequenceHeaderType:
                // The sizes come within the first hundred bytes of any sequence header.
                sizes.append(maxFrameSize(sequenceHeader: data.read(at: offset, length: min(length, 1024))))
            case frameHeaderType, frameType:
                frames += 1
            default:
                break
            }
            return true
        }
        return complete ? (sizes, frames) : nil
    }

    /// Each OBU of `data` in turn, to `body` with its type and its payload's offset and length,
    /// until `body` returns false or the OBUs stop parsing. False when `units` ran out first.
    static func obus(_ data: HEIFItemBytes, units: inout Int, _ body: (_ type: Int, _ offset: Int, _ length: Int) -> Bool) -> Bool {
        var offset = 0
        while offset < data.count {
            guard units > 0 else { return false }
            units -= 1
            // The header byte, an extension byte, and up to 8 bytes of leb128 size.
            let start = data.read(at: offset, length: 10)
            guard let header = start.first, header & 0x80 == 0 else { break }
            let type = Int(header >> 3) & 15, hasExtension = header & 4 != 0, hasSize = header & 2 != 0
            var position = hasExtension ? 2 : 1
            var length = data.count - offset - position
            if hasSize {
                guard let (value, bytes) = leb128(start.dropFirst(position)) else { break }
                position += bytes
                length = value
            }
            guard length >= 0, length <= data.count - offset - position, body(type, offset + position, length) else { break }
            offset += position + length
        }
        return true
    }

    /// leb128(): the value and the bytes it took (at most 8).
    static func leb128(_ bytes: ArraySlice<UInt8>) -> (Int, Int)? {
        var value = 0
        for (index, byte) in bytes.prefix(8).enumerated() {
            value |= Int(byte & 0x7F) << (7 * index)
            if byte & 0x80 == 0 { return (value, index + 1) }
        }
        return nil
    }

    /// max_frame_width_minus_1 + 1 × max_frame_height_minus_1 + 1 of a sequence header OBU's
    /// payload (AV1 specification, 5.5.1).
    static func maxFrameSize(sequenceHeader payload: [UInt8]) -> PixelSize? {
        var reader = BitReader(payload)
        return readToFrameSize(&reader)?.size
    }

    /// Reads a sequence header's payload up to and including its frame size: the size, the
    /// profile (seq_profile) and whether the header is the reduced one of a still picture.
    static func readToFrameSize(_ reader: inout BitReader) -> (size: PixelSize, profile: Int, reduced: Bool)? {
        guard let profile = reader.bits(3), reader.skip(1), let reduced = reader.bits(1) else { return nil }
        if reduced == 1 {
            guard reader.skip(5) else { return nil }
        } else {
            guard let timing = reader.bits(1) else { return nil }
            var decoderModel = 0, delayLength = 0
            if timing == 1 {
                // num_units_in_display_tick, time_scale, equal_picture_interval (and its uvlc).
                guard reader.skip(64), let equal = reader.bits(1) else { return nil }
                if equal == 1 { guard reader.uvlc() != nil else { return nil } }
                guard let model = reader.bits(1) else { return nil }
                decoderModel = model
                if model == 1 {
                    guard let length = reader.bits(5), reader.skip(32 + 5 + 5) else { return nil }
                    delayLength = length + 1
                }
            }
            guard let initialDelay = reader.bits(1), let points = reader.bits(5) else { return nil }
            for _ in 0...points {
                guard reader.skip(12), let level = reader.bits(5) else { return nil }
                if level > 7 { guard reader.skip(1) else { return nil } }
                if decoderModel == 1 {
                    guard let present = reader.bits(1) else { return nil }
                    if present == 1 { guard reader.skip(2 * delayLength + 1) else { return nil } }
                }
                if initialDelay == 1 {
                    guard let present = reader.bits(1) else { return nil }
                    if present == 1 { guard reader.skip(4) else { return nil } }
                }
            }
        }
        guard let widthBits = reader.bits(4), let heightBits = reader.bits(4),
              let width = reader.bits(widthBits + 1), let height = reader.bits(heightBits + 1) else { return nil }
        return (PixelSize(width: width + 1, height: height + 1), profile, reduced == 1)
    }
}
