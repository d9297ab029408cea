import CJPEG
import Raster

extension JPEGDecoder {
    /// One decode's steps, in the order `decode` takes them: open the file and read its header,
    /// hold a progressive file to the limits, read its ICC profile, then hand over its planes or
    /// its rows. Every libjpeg call goes through the shim, which owns its setjmp
    /// (C-LIBRARIES.md); a step that fails throws what the shim says went wrong.
    final class Session {
        let decoder: OpaquePointer
        var info = tg_jpeg_info()
        /// What the decode would hold, for the error when an allocation fails.
        private var neededBytes = 1 << 20

        init(decoder: OpaquePointer) { self.decoder = decoder }

        /// The shim's failure as a `CodecError`.
        func failure() -> CodecError {
            let message = String(cString: tg_jpeg_decoder_message(decoder))
            switch Int(tg_jpeg_decoder_failure(decoder)) {
            case TG_JPEG_OVER_LIMIT: return .overLimit(message)
            case TG_JPEG_OUT_OF_MEMORY: return .outOfMemory(bytes: neededBytes)
            default: return .damaged(message)
            }
        }

        /// Reads the header of the file open at `descriptor` (which the shim takes over),
        /// libjpeg holding to `memoryLimit` and the scan limits.
        func open(_ descriptor: Int32, memoryLimit: Int, scanLimit: Int) throws(CodecError) {
            let opened = tg_jpeg_decoder_open(decoder, descriptor, memoryLimit, Int32(clamping: scanLimit),
                                              Int64(blockLimit(scanLimit: scanLimit)), &info)
            guard opened == 0 else { throw opened == -2 ? .io(String(cString: tg_jpeg_decoder_message(decoder))) : failure() }
            neededBytes = Int(info.width) * 4 * stripRows
        }

        /// A progressive file keeps every coefficient: its buffer must be within `memoryLimit`,
        /// and (`countingScans`) its scans and the blocks they decode within the scan limit,
        /// counted from the bytes before any scan is decoded.
        func checkProgressive(memoryLimit: Int, scanLimit: Int, countingScans: Bool) throws(CodecError) {
            let needed = coefficientBytes(info)
            neededBytes += needed
            if needed > memoryLimit {
                throw CodecError.overLimit("this progressive JPEG needs \(needed >> 20) MiB to decode, over the limit of \(memoryLimit >> 20) MiB (limits.memory_mb)")
            }
            guard scanLimit > 0, countingScans else { return }
            let blockLimit = blockLimit(scanLimit: scanLimit)
            var blocks: Int64 = 0
            let scans = Int(tg_jpeg_decoder_count_scans(decoder, &blocks))
            if scans > scanLimit {
                throw CodecError.overLimit("this progressive JPEG has \(scans) scans, over the limit of \(scanLimit) (limits.scans)")
            }
            if blocks > blockLimit {
                throw CodecError.overLimit("this progressive JPEG's \(scans) scans decode \(blocks) blocks of coefficients, over the limit of \(blockLimit) (limits.scans × \(blocksPerScan) blocks: every scan visits each block, so a larger image may have fewer scans)")
            }
        }

        /// The embedded ICC profile, when the file has one.
        func iccProfile() throws(CodecError) -> [UInt8]? {
            var iccData: UnsafeMutablePointer<UInt8>?
            var iccLength: UInt32 = 0
            guard tg_jpeg_decoder_icc(decoder, &iccData, &iccLength) == 0 else { throw failure() }
            defer { tg_jpeg_free(iccData) }
            return iccData.map { Array(UnsafeBufferPointer(start: $0, count: Int(iccLength))) }
        }

        /// The file's own planes at `numerator`/8, handed to `planes`; nil (nothing started) when
        /// its colour space has none (CMYK, YCCK, RGB).
        func decodePlanes(numerator: Int, icc: [UInt8]?, into planes: PlaneConsumer) throws(CodecError) -> SourceInfo? {
            var reader = PlaneReader(decoder: decoder)
            guard try reader.start(numerator: numerator, info: &info, failure: failure) else { return nil }
            var source = SourceInfo(fullSize: PixelSize(width: Int(info.width), height: Int(info.height)),
                                    decodedSize: reader.planes[0].size, scale: Double(numerator) / 8)
            source.isGrey = reader.planes.count == 1
            source.embed(icc)
            source.isChroma444 = isChroma444(info)
            source.planes = reader.planes
            try planes.begin(planes: source)
            try reader.read(into: planes, failure: failure)
            guard tg_jpeg_decoder_finish(decoder) == 0 else { throw failure() }
            return source
        }

        /// RGBA rows at `numerator`/8, in strips of `stripRows`, CMYK converted to sRGB through its
        /// profile (`CMYKConversion`; the profile, which describes inks, is not carried).
        func decodeRows(numerator: Int, icc: [UInt8]?, into consumer: RowConsumer) throws(CodecError) -> SourceInfo {
            guard tg_jpeg_decoder_start(decoder, Int32(numerator), 0, &info) == 0 else { throw failure() }
            let cmyk = info.output_is_cmyk != 0
            var source = SourceInfo(fullSize: PixelSize(width: Int(info.width), height: Int(info.height)),
                                    decodedSize: PixelSize(width: Int(info.output_width), height: Int(info.output_height)),
                                    scale: Double(numerator) / 8)
            source.isGrey = info.color_space == Int32(TG_JPEG_GRAY)
            source.embed(cmyk ? nil : icc)
            let conversion = cmyk ? CMYKConversion(profile: icc, inverted: info.adobe_transform >= 0) : nil
            if let warning = conversion?.warning { source.warnings.append(warning) }
            source.isChroma444 = isChroma444(info)
            let rowBytes = source.decodedSize.width * 4, height = source.decodedSize.height
            let strip = try HeapBytes(count: rowBytes * stripRows)
            try consumer.begin(source)
            var row = 0
            while row < height {
                var got: Int32 = 0
                guard tg_jpeg_decoder_read(decoder, strip.pointer, rowBytes, Int32(min(stripRows, height - row)), &got) == 0 else { throw failure() }
                guard got > 0 else {
                    throw CodecError.damaged("the JPEG ended after \(row) of \(height) rows (truncated?)")
                }
                if let conversion {
                    StageClock.measure(.colour) {
                        conversion.convert(UnsafeMutableBufferPointer(rebasing: strip.bytes[..<(Int(got) * rowBytes)]))
                    }
                }
                consumer.consume(rows: UnsafeRawPointer(strip.pointer), first: row, count: Int(got))
                row += Int(got)
            }
            guard tg_jpeg_decoder_finish(decoder) == 0 else { throw failure() }
            return source
        }
    }
}
