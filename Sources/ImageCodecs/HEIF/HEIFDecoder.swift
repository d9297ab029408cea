import LibHEIF
import Raster

/// Decodes the primary image of a HEIC, HEIF or AVIF file with libheif. HEVC and AV1 have no
/// shrink-on-load, so the whole image is decoded (within `limits.memory_mb`), then handed on as
/// 8-bit RGBA rows, premultiplied when there is alpha.
///
/// Rows are in *stored* orientation, as for every decoder: libheif is told to ignore the
/// transformations, the rows are the clean aperture of the coded image, and the header's
/// orientation (from `irot` and `imir`, see `HEIFGeometry`) turns the renditions upright.
public enum HEIFDecoder {
    /// A tile costs a decoder start whatever its size: each counts as at least this many pixels
    /// against `limits.pixels`, so that a grid of 10,000 tiny tiles is refused before decoding.
    public static let minimumTilePixels = 256 * 256

    /// Decodes the file open as `file`, whose header is `header`, into `consumer`. With `planes`,
    /// an opaque 8-bit 4:2:0 image goes to it as its own planes instead (see `PlanarYCbCr`): no
    /// RGBA copy of the whole image, and the renditions are resampled plane by plane.
    @discardableResult
    public static func decode(file: FileBytes, header: ImageHeader, limits: DecodeLimits, into consumer: RowConsumer,
                              planes: PlaneConsumer? = nil) throws(CodecError) -> SourceInfo {
        try decode(file: file, header: header, limits: limits, into: consumer, planes: planes,
                   planesThroughRGB: PlanarYCbCr.libheifGoesThroughRGB)
    }

    /// The file at `path`, opened here: for tests and tools.
    @discardableResult
    public static func decode(path: String, header: ImageHeader, limits: DecodeLimits, into consumer: RowConsumer,
                              planes: PlaneConsumer? = nil) throws(CodecError) -> SourceInfo {
        try decode(file: FileBytes(path: path), header: header, limits: limits, into: consumer, planes: planes)
    }

    /// `planesThroughRGB`: the planes are made from libheif's RGB decode (see `PlanarYCbCr`).
    static func decode(file: FileBytes, header: ImageHeader, limits: DecodeLimits, into consumer: RowConsumer,
                       planes: PlaneConsumer?, planesThroughRGB: Bool) throws(CodecError) -> SourceInfo {
        if let reason = header.unsupportedReason { throw CodecError.unsupported(reason) }
        guard let layout = header.heifLayout else { throw CodecError.unsupported("not a HEIF image") }
        try check(layout, header: header, limits: limits)
        let reader = HEIFFileReader(file: file)
        // Runs last: the context reads through the reader until it is freed.
        defer { withExtendedLifetime(reader) {} }
        guard let context = heif_context_alloc() else { throw CodecError.outOfMemory(bytes: 1 << 20) }
        defer { heif_context_free(context) }
        heif_context_set_maximum_image_size_limit(context, Int32(clamping: libheifSizeLimit(layout)))
        try check(HEIFFileReader.read(context, through: reader))
        var handle: OpaquePointer?
        if let item = layout.shownItem {
            try check(heif_context_get_image_handle(context, heif_item_id(item), &handle))
        } else {
            try check(heif_context_get_primary_image_handle(context, &handle))
        }
        defer { heif_image_handle_release(handle) }
        let coded = PixelSize(width: Int(heif_image_handle_get_ispe_width(handle)), height: Int(heif_image_handle_get_ispe_height(handle)))
        guard coded == layout.codedSize else {
            throw CodecError.damaged("corrupt HEIF: libheif finds a primary image of \(coded), its boxes say \(layout.codedSize)")
        }

        let hasAlpha = heif_image_handle_has_alpha_channel(handle) != 0
        let wide = heif_image_handle_get_luma_bits_per_pixel(handle) > 8
        if let planes, !hasAlpha, !wide, heif_image_handle_get_chroma_bits_per_pixel(handle) == 8,
           let ycbcr = PlanarYCbCr(layout: layout) {
            let source = try ycbcr.decode(handle: handle, header: header, into: planes, throughRGB: planesThroughRGB)
            if let source { return source }
        }
        let chroma = wide ? (hasAlpha ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RRGGBB_LE) : heif_chroma_interleaved_RGBA
        let image = try decodeImage(handle, colorspace: heif_colorspace_RGB, chroma: chroma, header: header)
        defer { heif_image_release(image) }

        var stride: Int32 = 0
        guard let plane = heif_image_get_plane(image, heif_channel_interleaved, &stride) else {
            throw CodecError.damaged("corrupt HEIF: libheif returned no pixels")
        }
        let decoded = PixelSize(width: Int(heif_image_get_width(image, heif_channel_interleaved)),
                                height: Int(heif_image_get_height(image, heif_channel_interleaved)))
        try checkDecoded(decoded, coded: coded, header: header)

        var source = SourceInfo(fullSize: header.size, decodedSize: header.size)
        source.hasAlpha = hasAlpha
        source.isGrey = layout.chromaShare == 0
        source.embed(colourProfile(handle: handle, image: image))
        try consumer.begin(source)
        let rows = HEIFRows(plane: plane, stride: Int(stride), crop: (layout.cropX, layout.cropY), size: header.size,
                            bits: wide ? Int(heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved)) : 8,
                            hasAlpha: hasAlpha, premultiplied: heif_image_is_premultiplied_alpha(image) != 0, greyIsLimited:
                                layout.chromaShare == 0 && !isFullRange(handle: handle, layout: layout), alphaIsLimited: hasAlpha && !layout.ranges.alpha)
        rows.stream(into: consumer)
        return source
    }

    /// libheif's decode of the coded image (no transformations applied) in `colorspace` and
    /// `chroma`; the caller releases it.
    static func decodeImage(_ handle: OpaquePointer?, colorspace: heif_colorspace, chroma: heif_chroma,
                            header: ImageHeader) throws(CodecError) -> OpaquePointer? {
        guard let options = heif_decoding_options_alloc() else { throw CodecError.outOfMemory(bytes: 1 << 20) }
        defer { heif_decoding_options_free(options) }
        options.pointee.ignore_transformations = 1
        var image: OpaquePointer?
        try check(heif_decode_image(handle, &image, colorspace, chroma, options), bytes: header.wholeImageBytes)
        return image
    }

    /// Decodes the whole image into memory: for tests and tools.
    public static func decode(path: String, limits: DecodeLimits) throws(CodecError) -> DecodedImage {
        let file = try FileBytes(path: path)
        let header = try ImageHeader.read(file: file)
        let collector = PixelCollector()
        try decode(file: file, header: header, limits: limits, into: collector)
        return collector.image!
    }

    /// Refuses what a decode would exceed, from the header alone: pixels (tiles counted at
    /// least `minimumTilePixels` each) and the memory of a whole decode.
    static func check(_ layout: HEIFLayout, header: ImageHeader, limits: DecodeLimits) throws(CodecError) {
        let coded = layout.codedSize
        guard coded.area <= limits.pixels else {
            throw CodecError.overLimit("\(coded) is \(coded.area) pixels, over the limit of \(limits.pixels) (limits.pixels)")
        }
        if layout.tiles > 1 {
            let (tilePixels, overflow) = layout.tiles.multipliedReportingOverflow(by: max(layout.tileSize.area, minimumTilePixels))
            guard !overflow, tilePixels <= limits.pixels else {
                throw CodecError.overLimit("a grid of \(layout.tiles) tiles of \(layout.tileSize) counts as \(overflow ? "too many" : String(tilePixels)) pixels (at least \(minimumTilePixels) a tile), over the limit of \(limits.pixels) (limits.pixels)")
            }
        }
        // Every decode at the size the codec's headers give (tiles as often as the grid names
        // them, alpha images): a grid whose tiles all name one big frame is refused here.
        guard layout.decodedPixels <= limits.pixels else {
            throw CodecError.overLimit("decoding it takes \(layout.decodes) decode\(layout.decodes == 1 ? "" : "s") of \(layout.decodedPixels == Int.max ? "too many" : String(layout.decodedPixels)) pixels in all (each tile and alpha image at its coded size, at least \(minimumTilePixels) a decode), over the limit of \(limits.pixels) (limits.pixels)")
        }
        if let mismatch = layout.tileMismatch { throw CodecError.damaged(mismatch) }
        guard header.wholeImageBytes <= limits.memoryBytes else {
            throw CodecError.overLimit("this \(header.format == .avif ? "AVIF" : "HEIF") image is decoded whole (HEVC and AV1 have no shrink-on-load), \(CodecError.mebibytes(header.wholeImageBytes)) MiB, over the limit of \(limits.memoryBytes >> 20) MiB (limits.memory_mb)")
        }
    }

    /// libheif's own bound on a side of any image it reads or allocates (a side must stay below
    /// it). libheif 1.15 checks it against every item of the file when reading it, so it must
    /// pass the largest item the file claims, decoded or not (a thumbnail-sized primary image
    /// beside a larger one); what thumbgen decodes is held to its own limits, from the codec's
    /// headers (`check`), and to the header's size once decoded (`checkDecoded`).
    static func libheifSizeLimit(_ layout: HEIFLayout) -> Int {
        let sides = [layout.codedSize.width, layout.codedSize.height, layout.largestFrame.width, layout.largestFrame.height,
                     layout.tileSize.width, layout.tileSize.height, layout.largestClaimedSide]
        return sides.max()! + HEIFCodedFrames.padding + 1
    }

    /// The decoded image is what the header said it would be, or it is refused: no claim of
    /// the header is believed unchecked. It may exceed the `ispe` by the codec's padding, as the
    /// header lets a coded frame (libheif 1.15 writes an odd size as the `ispe` of a frame coded
    /// a pixel larger, with a `clap`); the rows handed on are the header's.
    static func checkDecoded(_ decoded: PixelSize, coded: PixelSize, header: ImageHeader) throws(CodecError) {
        guard !HEIFCodedFrames.agrees(frame: decoded, ispe: coded) else { return }
        if decoded == coded.transposed, header.orientation.swapsAxes {
            // libheif 1.15's encoder (and tools built on it) wrote the rotated size into `ispe`,
            // which the standard defines before rotation: the header's sizes are then transposed.
            throw CodecError.damaged("corrupt HEIF: its ispe gives \(coded), the size after rotation, but the coded image is \(decoded)")
        }
        throw CodecError.damaged("corrupt HEIF: the decoded image is \(decoded), not the \(coded) its ispe gives")
    }

    /// The embedded ICC profile, else one made for the nclx colour (nil for plain sRGB).
    static func colourProfile(handle: OpaquePointer?, image: OpaquePointer?) -> [UInt8]? {
        let size = heif_image_handle_get_raw_color_profile_size(handle)
        if size > 0 {
            var profile = [UInt8](repeating: 0, count: size)
            if heif_image_handle_get_raw_color_profile(handle, &profile).code == heif_error_Ok { return profile }
        }
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        if heif_image_handle_get_nclx_color_profile(handle, &nclx).code != heif_error_Ok {
            guard heif_image_get_nclx_color_profile(image, &nclx).code == heif_error_Ok else { return nil }
        }
        guard let nclx else { return nil }
        defer { heif_nclx_color_profile_free(nclx) }
        let c = nclx.pointee
        let primaries = NCLXProfile.Primaries(white: (Double(c.color_primary_white_x), Double(c.color_primary_white_y)),
                                              red: (Double(c.color_primary_red_x), Double(c.color_primary_red_y)),
                                              green: (Double(c.color_primary_green_x), Double(c.color_primary_green_y)),
                                              blue: (Double(c.color_primary_blue_x), Double(c.color_primary_blue_y)))
        return NCLXProfile.profile(primariesCode: Int(c.color_primaries.rawValue), primaries: primaries,
                                   transferCode: Int(c.transfer_characteristics.rawValue))
    }

    /// Whether the colour samples are full range: the nclx's `full_range_flag`, else what the AV1
    /// sequence header says (as libavif reads it), else full (libheif's default).
    static func isFullRange(handle: OpaquePointer?, layout: HEIFLayout) -> Bool {
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        guard heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok, let nclx else {
            return layout.ranges.colour ?? true
        }
        defer { heif_nclx_color_profile_free(nclx) }
        return nclx.pointee.full_range_flag != 0
    }

    /// libheif's error as a codec error, by its code (the message only explains): a verdict on
    /// the bytes only when the code says the bytes are at fault.
    static func check(_ error: heif_error, bytes: Int = 1 << 20) throws(CodecError) {
        guard error.code != heif_error_Ok else { return }
        var message = error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)"
        while message.last?.isWhitespace == true { message.removeLast() }
        throw failure(code: error.code, subcode: error.subcode, message: message, bytes: bytes)
    }

    /// What each libheif error code says of the file. `Invalid_input`, a security limit libheif's
    /// memory check found the file's claims over, and a decoder plugin finding the data ends
    /// inside a NAL unit (`End_of_data`) are the bytes (damage); a feature of
    /// the format libheif does not decode is `unsupported`; a codec it has no decoder for (a
    /// plugin this machine lacks), a decoder plugin's failure (libde265 and dav1d report their
    /// own memory and thread failures the same way as a bad bitstream), memory, usage and plugin
    /// errors are the machine: never kept, the next build tries again.
    static func failure(code: heif_error_code, subcode: heif_suberror_code, message: String, bytes: Int) -> CodecError {
        switch code {
        case heif_error_Input_does_not_exist:
            return .io("cannot read the file: \(message)")
        case heif_error_Invalid_input:
            return .damaged("corrupt or truncated HEIF data (\(message))")
        case heif_error_Memory_allocation_error where subcode == heif_suberror_Security_limit_exceeded:
            return .damaged("corrupt HEIF: it claims more than libheif's security limits allow (\(message))")
        case heif_error_Memory_allocation_error:
            return .outOfMemory(bytes: bytes)
        case heif_error_Unsupported_feature where subcode == heif_suberror_Unsupported_codec:
            return .machine("libheif has no decoder for this HEIF's codec on this machine (\(message)); install its plugin")
        case heif_error_Unsupported_feature, heif_error_Unsupported_filetype:
            return .unsupported("this HEIF uses what libheif does not decode (\(message))")
        case heif_error_Decoder_plugin_error where subcode == heif_suberror_End_of_data:
            return .damaged("corrupt or truncated HEIF data (\(message))")
        case heif_error_Decoder_plugin_error:
            return .machine("libheif's decoder failed (\(message)); the data may be damaged, tried again next build")
        default:
            return .machine("libheif failed (\(message))")
        }
    }
}

/// The decoded image's clean aperture as 8-bit premultiplied RGBA rows.
private struct HEIFRows {
    let plane: UnsafeMutablePointer<UInt8>
    let stride: Int
    let crop: (x: Int, y: Int)
    let size: PixelSize
    /// 8: RGBA bytes. Above 8: little-endian 16-bit samples holding `bits` bits, RGB or RGBA.
    let bits: Int
    let hasAlpha: Bool
    let premultiplied: Bool
    /// A monochrome image's luma, which libheif 1.15 copies to R, G and B as coded, and the alpha
    /// image's samples, which it copies to alpha as coded: limited range, expanded here.
    let greyIsLimited: Bool
    let alphaIsLimited: Bool

    func stream(into consumer: RowConsumer) {
        let width = size.width
        if bits == 8 {
            for row in 0..<size.height {
                let start = plane + (crop.y + row) * stride + crop.x * 4
                expand(UnsafeMutableBufferPointer(start: start, count: width * 4), channels: 4, table: LimitedRange.table8)
                if hasAlpha && !premultiplied { PixelBuffer.premultiply(UnsafeMutableBufferPointer(start: start, count: width * 4)) }
                consumer.consume(rows: UnsafeRawPointer(start), first: row, count: 1)
            }
            return
        }
        let channels = hasAlpha ? 4 : 3, maximum = UInt32(1 << bits - 1)
        var wide = [UInt16](repeating: 0, count: width * 4)
        var narrow = [UInt8](repeating: 255, count: width * 4)
        let table = greyIsLimited || alphaIsLimited ? LimitedRange.table(bits: bits) : []
        for row in 0..<size.height {
            let samples = UnsafeMutableRawPointer(plane + (crop.y + row) * stride).assumingMemoryBound(to: UInt16.self) + crop.x * channels
            if !table.isEmpty {
                // Little-endian samples, clamped to the table, expanded and stored back.
                var native = (0..<width * channels).map { UInt16(min(maximum, UInt32(UInt16(littleEndian: samples[$0])))) }
                native.withUnsafeMutableBufferPointer { expand($0, channels: channels, table: table) }
                for index in 0..<native.count { samples[index] = native[index].littleEndian }
            }
            narrow.withUnsafeMutableBufferPointer { narrow in
                if hasAlpha && !premultiplied {
                    // To 16 bits, then premultiplied and rounded once (see PremultipliedRGBA16).
                    wide.withUnsafeMutableBufferPointer { wide in
                        for index in 0..<width * 4 {
                            wide[index] = UInt16((min(maximum, UInt32(UInt16(littleEndian: samples[index]))) * 65535 + maximum / 2) / maximum)
                        }
                        PremultipliedRGBA16.convert(UnsafeBufferPointer(wide), into: narrow)
                    }
                } else {
                    for pixel in 0..<width {
                        for channel in 0..<channels {
                            let value = min(maximum, UInt32(UInt16(littleEndian: samples[pixel * channels + channel])))
                            narrow[pixel * 4 + channel] = UInt8((value * 255 + maximum / 2) / maximum)
                        }
                    }
                }
                consumer.consume(rows: UnsafeRawPointer(narrow.baseAddress!), first: row, count: 1)
            }
        }
    }

    /// Limited-range grey (R, G, B) and alpha of one row of `channels`-sample pixels, expanded.
    private func expand<Sample: FixedWidthInteger>(_ row: UnsafeMutableBufferPointer<Sample>, channels: Int, table: [Sample]) {
        guard greyIsLimited || alphaIsLimited else { return }
        var index = 0
        while index + channels <= row.count {
            if greyIsLimited { for channel in 0..<3 { row[index + channel] = table[Int(row[index + channel])] } }
            if alphaIsLimited && channels == 4 { row[index + 3] = table[Int(row[index + 3])] }
            index += channels
        }
    }
}
