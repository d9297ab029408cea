import Glibc
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

    /// An APP1 payload ("Exif\0\0" + TIFF) holding only an orientation tag of `value` (any 16-bit
    /// value, so fixtures can hold garbage too), made with libexif.
    public static func payload(value: Int) -> [UInt8] {
        let data = exif_data_new()!
        defer { exif_data_unref(data) }
        exif_data_set_byte_order(data, EXIF_BYTE_ORDER_MOTOROLA)
        let entry = exif_entry_new()!
        defer { exif_entry_unref(entry) }
        exif_content_add_entry(data.pointee.ifd.0, entry)
        exif_entry_initialize(entry, EXIF_TAG_ORIENTATION)
        exif_set_short(entry.pointee.data, EXIF_BYTE_ORDER_MOTOROLA, ExifShort(truncatingIfNeeded: value))
        var buffer: UnsafeMutablePointer<UInt8>?
        var length: UInt32 = 0
        exif_data_save_data(data, &buffer, &length)
        defer { free(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(length)))
    }
}
