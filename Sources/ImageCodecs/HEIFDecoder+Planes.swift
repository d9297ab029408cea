import LibHEIF
import Raster

extension HEIFDecoder {
    /// An opaque 8-bit 4:2:0 HEIC or AVIF handed over as its own Y, Cb and Cr planes, the way a
    /// JPEG's are: full-range BT.601, chroma at half resolution. Asked for YCbCr 4:2:0, libheif
    /// 1.15 gives it in its default colour, full-range BT.601, whatever the file's nclx says (a
    /// limited-range or BT.709 file is converted, as for RGB; HEIFPlanesTests checks the planes
    /// against libheif's own RGB decode). An image that comes back in any other colour (an nclx
    /// of its own that is not full-range BT.601), and a clean aperture on odd coordinates (its
    /// chroma would start mid-sample), stay on the RGB path.
    struct PlanarYCbCr {
        let layout: HEIFLayout

        /// nil when the header already rules planes out.
        init?(layout: HEIFLayout) {
            guard layout.chromaShare == 0.5, layout.bitDepth == 8, layout.cropX % 2 == 0, layout.cropY % 2 == 0 else { return nil }
            self.layout = layout
        }

        /// Decodes and hands the planes of the clean aperture to `consumer`; nil (nothing handed
        /// over) when libheif's image is not 8-bit 4:2:0 BT.601 after all, and the caller decodes RGB.
        func decode(handle: OpaquePointer?, header: ImageHeader, into consumer: PlaneConsumer) throws(CodecError) -> SourceInfo? {
            let image = try decodeImage(handle, colorspace: heif_colorspace_YCbCr, chroma: heif_chroma_420, header: header)
            defer { heif_image_release(image) }
            guard heif_image_get_colorspace(image) == heif_colorspace_YCbCr, heif_image_get_chroma_format(image) == heif_chroma_420,
                  Self.isFullRangeBT601(image: image) else { return nil }

            let size = header.size, chroma = PixelSize(width: (size.width + 1) / 2, height: (size.height + 1) / 2)
            let planes = [(heif_channel_Y, size, layout.cropX, layout.cropY),
                          (heif_channel_Cb, chroma, layout.cropX / 2, layout.cropY / 2),
                          (heif_channel_Cr, chroma, layout.cropX / 2, layout.cropY / 2)]
            var rows: [(start: UnsafePointer<UInt8>, stride: Int)] = []
            for (channel, wanted, x, y) in planes {
                var stride: Int32 = 0
                guard heif_image_get_bits_per_pixel_range(image, channel) == 8,
                      let plane = heif_image_get_plane_readonly(image, channel, &stride),
                      Int(heif_image_get_width(image, channel)) >= x + wanted.width,
                      Int(heif_image_get_height(image, channel)) >= y + wanted.height else { return nil }
                rows.append((plane + y * Int(stride) + x, Int(stride)))
            }

            var source = SourceInfo(fullSize: size, decodedSize: size)
            source.iccProfile = colourProfile(handle: handle, image: image)
            source.planes = [DecodedPlane(size: size, scaleX: 1, scaleY: 1),
                             DecodedPlane(size: chroma, scaleX: 0.5, scaleY: 0.5),
                             DecodedPlane(size: chroma, scaleX: 0.5, scaleY: 0.5)]
            try consumer.begin(planes: source)
            for (index, plane) in rows.enumerated() {
                consumer.consume(plane: index, rows: plane.start, stride: plane.stride, first: 0, count: source.planes![index].size.height)
            }
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
