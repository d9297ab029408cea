import LibEXIF
import Raster

/// Reads the orientation tag of an EXIF block with libexif.
public enum EXIFOrientation {
    /// `payload` is a JPEG APP1 payload (starting `Exif\0\0`) or a PNG `eXIf` chunk (a bare TIFF
    /// structure). Missing, zero or garbage values give `.up`.
    public static func read(_ payload: [UInt8]) -> Orientation {
        var bytes = payload
        if !bytes.hasBytes("Exif\0\0") { bytes = Array("Exif\0\0".utf8) + bytes }
        guard let data = bytes.withUnsafeBufferPointer({ exif_data_new_from_data($0.baseAddress, UInt32($0.count)) }) else {
            return .up
        }
        defer { exif_data_unref(data) }
        guard let ifd0 = data.pointee.ifd.0,
              let entry = exif_content_get_entry(ifd0, EXIF_TAG_ORIENTATION),
              entry.pointee.format == EXIF_FORMAT_SHORT, entry.pointee.components >= 1,
              entry.pointee.size >= 2, let value = entry.pointee.data
        else { return .up }
        return Orientation(exifValue: Int(exif_get_short(value, exif_data_get_byte_order(data))))
    }
}
