import LibHEIF
import Raster

extension HEIFDecoder {
    /// An opaque 8-bit 4:2:0 HEIC or AVIF handed over as its own Y, Cb and Cr planes, the way a
    /// JPEG's are: full-range BT.601, chroma at half resolution. Asked for YCbCr 4:2:0, libheif
    /// gives it in its default colour, full-range BT.601, whatever the file's nclx says (a
    /// limited-range or BT.709 file is converted, as for RGB; HEIFPlanesTests checks the planes
    /// against libheif's own RGB decode). An image that comes back in any other colour (an nclx
    /// of its own that is not full-range BT.601), and a clean aperture on odd coordinates (its
    /// chroma would start mid-sample), stay on the RGB path.
    ///
    /// libheif before 1.19 (Debian 12 has 1.15) turns every decoded image into RGB 4:4:4 first,
    /// and a request for YCbCr 4:2:0 back again, in floating point on the calling thread. There
    /// the planes are made here from its RGB planes instead (`PlanarImage.ycbcr420`): on 12 HEIC
    /// photos, 80 MP, `build --profile`'s decode stage fell from 1.48–1.64 to 0.99–1.06 CPU s,
    /// conversion included. libheif 1.19.7, asked for 4:2:0, spent 0.13 s on the calling thread
    /// for the same photos: no conversion there.
    struct PlanarYCbCr {
        /// Whether this libheif makes YCbCr 4:2:0 from RGB: 1.15 does (measured), and the source
        /// of the versions up to 1.18 still has the step; 1.19.7 does not (measured).
        static let libheifGoesThroughRGB: Bool = {
            let major = heif_get_version_number_major(), minor = heif_get_version_number_minor()
            return major < 1 || (major == 1 && minor < 19)
        }()

        let layout: HEIFLayout

        /// nil when the header already rules planes out.
        init?(layout: HEIFLayout) {
            guard layout.chromaShare == 0.5, layout.bitDepth == 8, layout.cropX % 2 == 0, layout.cropY % 2 == 0 else { return nil }
            self.layout = layout
        }

        /// Decodes and hands the planes of the clean aperture to `consumer`; nil (nothing handed
        /// over) when libheif's image is not 8-bit 4:2:0 BT.601 (or 8-bit RGB, `throughRGB`)
        /// after all, and the caller decodes RGB.
        func decode(handle: OpaquePointer?, header: ImageHeader, into consumer: PlaneConsumer,
                    throughRGB: Bool) throws(CodecError) -> SourceInfo? {
            if throughRGB { return try decodeThroughRGB(handle: handle, header: header, into: consumer) }
            let image = try decodeImage(handle, colorspace: heif_colorspace_YCbCr, chroma: heif_chroma_420, header: header)
            defer { heif_image_release(image) }
            guard heif_image_get_colorspace(image) == heif_colorspace_YCbCr, heif_image_get_chroma_format(image) == heif_chroma_420,
                  Self.isFullRangeBT601(image: image) else { return nil }
            try checkDecoded(image, channel: heif_channel_Y, header: header)

            let size = header.size, chroma = PlanarImage.chromaSize(size)
            let planes = [(heif_channel_Y, size, layout.cropX, layout.cropY),
                          (heif_channel_Cb, chroma, layout.cropX / 2, layout.cropY / 2),
                          (heif_channel_Cr, chroma, layout.cropX / 2, layout.cropY / 2)]
            guard let rows = Self.rows(of: image, planes) else { return nil }
            let source = try begin(size: size, colour: colourProfile(handle: handle, image: image), consumer)
            for (index, plane) in rows.enumerated() {
                consumer.consume(plane: index, rows: plane.start, stride: plane.stride, first: 0, count: source.planes![index].size.height)
            }
            return source
        }

        /// The same planes made from libheif's RGB 4:4:4 decode, which is released before the
        /// planes go on (3 bytes a pixel the renditions' buffers need not share the peak with).
        func decodeThroughRGB(handle: OpaquePointer?, header: ImageHeader, into consumer: PlaneConsumer) throws(CodecError) -> SourceInfo? {
            let size = header.size, planar: PlanarImage, colour: [UInt8]?
            do {
                let image = try decodeImage(handle, colorspace: heif_colorspace_RGB, chroma: heif_chroma_444, header: header)
                defer { heif_image_release(image) }
                guard heif_image_get_colorspace(image) == heif_colorspace_RGB, heif_image_get_chroma_format(image) == heif_chroma_444 else { return nil }
                try checkDecoded(image, channel: heif_channel_R, header: header)
                guard let rgb = Self.rows(of: image, [heif_channel_R, heif_channel_G, heif_channel_B].map { ($0, size, layout.cropX, layout.cropY) })
                else { return nil }
                planar = PlanarImage.ycbcr420(red: rgb[0].start, green: rgb[1].start, blue: rgb[2].start,
                                              stride: (rgb[0].stride, rgb[1].stride, rgb[2].stride), size: size)
                colour = colourProfile(handle: handle, image: image)
            }
            let source = try begin(size: size, colour: colour, consumer)
            for (index, plane) in planar.planes.enumerated() {
                plane.bytes.withUnsafeBufferPointer {
                    consumer.consume(plane: index, rows: $0.baseAddress!, stride: plane.width, first: 0, count: plane.height)
                }
            }
            return source
        }

        /// The decoded `channel` is the coded size the header gave (see `HEIFDecoder.checkDecoded`).
        func checkDecoded(_ image: OpaquePointer?, channel: heif_channel, header: ImageHeader) throws(CodecError) {
            let decoded = PixelSize(width: Int(heif_image_get_width(image, channel)), height: Int(heif_image_get_height(image, channel)))
            try HEIFDecoder.checkDecoded(decoded, coded: layout.codedSize, header: header)
        }

        /// Where each (channel, size, x, y) starts in `image`, and its stride; nil when a plane is
        /// missing, not 8 bits, or smaller than the aperture.
        static func rows(of image: OpaquePointer?, _ planes: [(heif_channel, PixelSize, Int, Int)]) -> [(start: UnsafePointer<UInt8>, stride: Int)]? {
            var rows: [(start: UnsafePointer<UInt8>, stride: Int)] = []
            for (channel, wanted, x, y) in planes {
                var stride: Int32 = 0
                guard heif_image_get_bits_per_pixel_range(image, channel) == 8,
                      let plane = heif_image_get_plane_readonly(image, channel, &stride),
                      Int(heif_image_get_width(image, channel)) >= x + wanted.width,
                      Int(heif_image_get_height(image, channel)) >= y + wanted.height else { return nil }
                rows.append((plane + y * Int(stride) + x, Int(stride)))
            }
            return rows
        }

        /// Tells `consumer` that the Y, Cb and Cr planes of an image of `size` follow.
        func begin(size: PixelSize, colour: [UInt8]?, _ consumer: PlaneConsumer) throws(CodecError) -> SourceInfo {
            let chroma = PlanarImage.chromaSize(size)
            var source = SourceInfo(fullSize: size, decodedSize: size)
            source.embed(colour)
            source.planes = [DecodedPlane(size: size, scaleX: 1, scaleY: 1),
                             DecodedPlane(size: chroma, scaleX: 0.5, scaleY: 0.5),
                             DecodedPlane(size: chroma, scaleX: 0.5, scaleY: 0.5)]
            try consumer.begin(planes: source)
            return source
        }

        /// Whether the decoded image's colour is full-range BT.601: libheif's default when it
        /// attaches no nclx of its own.
        static func isFullRangeBT601(image: OpaquePointer?) -> Bool {
            var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
            guard heif_image_get_nclx_color_profile(image, &nclx).code == heif_error_Ok, let nclx else { return true }
            defer { heif_nclx_color_profile_free(nclx) }
            let matrix = nclx.pointee.matrix_coefficients.rawValue
            return (matrix == 5 || matrix == 6) && nclx.pointee.full_range_flag != 0
        }
    }
}
