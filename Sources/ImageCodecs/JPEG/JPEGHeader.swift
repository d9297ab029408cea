import Raster

/// Walks a JPEG's markers up to its frame header: size, components, progressive, EXIF
/// orientation, an ICC profile.
enum JPEGHeader {
    /// Largest EXIF block read for the orientation (an APP1 segment is at most 64 KiB anyway).
    static let maxEXIFBytes = 65_535

    /// Most stray bytes skipped before any one marker. libjpeg skips any number (warning
    /// "N extraneous bytes before marker"); past this many the file is called corrupt rather
    /// than read to its end.
    static let maxStrayBytes = 1 << 20

    static func read(_ file: FileBytes) throws(CodecError) -> ImageHeader {
        var offset = 2
        var orientation = Orientation.up, hasProfile = false
        while true {
            let marker = file.read(at: offset, length: 4)
            guard marker.count >= 2 else {
                throw CodecError.damaged("the JPEG ends before its frame header (truncated?)")
            }
            // Anything but a marker is skipped as libjpeg skips it: bytes other than 0xFF, and
            // 0xFF 0x00 (a stuffed zero).
            guard marker[0] == 0xFF, marker[1] != 0x00 else {
                offset = try nextMarker(file, after: offset)
                continue
            }
            let code = marker[1]
            switch code {
            case 0xFF:  // fill byte
                offset += 1
                continue
            case 0x01, 0xD0...0xD8:  // markers without a length
                offset += 2
                continue
            case 0xD9, 0xDA:
                throw CodecError.damaged("corrupt JPEG: no frame header before the image data")
            default:
                break
            }
            guard let length = marker.uint16BE(2) else {
                throw CodecError.damaged("the JPEG ends before its frame header (truncated?)")
            }
            guard length >= 2 else {
                // libjpeg skips an APPn or comment segment by its length less the length's own two
                // bytes: a length of 0 or 1 skips nothing, and what follows is stray bytes.
                guard (0xE0...0xEF).contains(code) || code == 0xFE else {
                    throw CodecError.damaged("corrupt JPEG header: the segment at byte \(offset) gives a length of \(length)")
                }
                offset += 4
                continue
            }
            if code == 0xE1, orientation == .up {
                let payload = file.read(at: offset + 4, length: min(length - 2, maxEXIFBytes))
                if payload.hasBytes("Exif\0\0") { orientation = EXIFOrientation.read(payload) }
            }
            if code == 0xE2, !hasProfile { hasProfile = file.read(at: offset + 4, length: 12).hasBytes("ICC_PROFILE\0") }
            if (0xC0...0xCF).contains(code), ![0xC4, 0xC8, 0xCC].contains(code) {
                var header = try frame(file.read(at: offset + 4, length: min(length - 2, 6 + 3 * 4)), code: code, orientation: orientation)
                header.hasColourProfile = hasProfile
                return header
            }
            offset += 2 + length
        }
    }

    /// Where the next marker starts after the stray bytes at `offset`: the first 0xFF not
    /// followed (past any more 0xFF fill bytes) by 0x00, as libjpeg's `next_marker` finds it.
    static func nextMarker(_ file: FileBytes, after offset: Int) throws(CodecError) -> Int {
        let tooMany = CodecError.damaged("corrupt JPEG header: no marker in the \(maxStrayBytes) bytes after byte \(offset)")
        var position = offset
        var fillStart: Int?  // the first 0xFF of the run being read
        while position - offset <= maxStrayBytes {
            let piece = file.read(at: position, length: 4096)
            guard !piece.isEmpty else { throw CodecError.damaged("the JPEG ends before its frame header (truncated?)") }
            for (index, byte) in piece.enumerated() {
                if byte == 0xFF {
                    if fillStart == nil { fillStart = position + index }
                } else if let start = fillStart {
                    if byte != 0x00 {
                        guard start - offset <= maxStrayBytes else { throw tooMany }
                        return start
                    }
                    fillStart = nil
                }
            }
            position += piece.count
        }
        throw tooMany
    }

    private static func frame(_ bytes: [UInt8], code: UInt8, orientation: Orientation) throws(CodecError) -> ImageHeader {
        guard bytes.count >= 6, let height = bytes.uint16BE(1), let width = bytes.uint16BE(3) else {
            throw CodecError.damaged("the JPEG ends inside its frame header (truncated?)")
        }
        guard width > 0, height > 0 else {
            throw CodecError.damaged("the JPEG frame header gives a size of \(width)x\(height)")
        }
        var header = ImageHeader(format: .jpeg, size: PixelSize(width: width, height: height))
        header.orientation = orientation
        header.components = Int(bytes[5])
        header.needsWholeImage = [0xC2, 0xC6, 0xCA, 0xCE].contains(code)
        if header.needsWholeImage {
            var sampling: [(h: Int, v: Int)] = []
            var index = 6
            while index + 2 < bytes.count, sampling.count < header.components {
                sampling.append((h: Int(bytes[index + 1] >> 4), v: Int(bytes[index + 1] & 15)))
                index += 3
            }
            header.wholeImageBytes = coefficientBytes(width: width, height: height, sampling: sampling)
        }
        return header
    }

    /// Bytes of the whole-image coefficient buffer a progressive decode allocates: two bytes per
    /// DCT coefficient of every component, in whole MCUs.
    static func coefficientBytes(width: Int, height: Int, sampling: [(h: Int, v: Int)]) -> Int {
        guard !sampling.isEmpty else { return width * height * 3 * 2 }
        let maxH = max(1, sampling.map(\.h).max()!), maxV = max(1, sampling.map(\.v).max()!)
        let mcuColumns = (width + 8 * maxH - 1) / (8 * maxH)
        let mcuRows = (height + 8 * maxV - 1) / (8 * maxV)
        return sampling.reduce(0) { $0 + mcuColumns * max(1, $1.h) * mcuRows * max(1, $1.v) * 64 * 2 }
    }
}
