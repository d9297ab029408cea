import LibHEIF

/// libheif reads the original through here, by offset on the descriptor the build opened once,
/// instead of opening the file again by its path.
final class HEIFFileReader {
    private let file: FileBytes
    private var position = 0

    init(file: FileBytes) {
        self.file = file
    }

    /// Reads `context`'s file through `reader`, which must outlive the context: libheif reads
    /// item data from it lazily, as images are decoded.
    static func read(_ context: OpaquePointer, through reader: HEIFFileReader) -> heif_error {
        withUnsafePointer(to: &functions) { table in
            heif_context_read_from_reader(context, table, Unmanaged.passUnretained(reader).toOpaque(), nil)
        }
    }

    private static func reader(_ user: UnsafeMutableRawPointer?) -> HEIFFileReader {
        Unmanaged<HEIFFileReader>.fromOpaque(user!).takeUnretainedValue()
    }

    /// One table for every reader (libheif keeps the pointer for the context's life); each
    /// call finds its reader in `userdata`.
    nonisolated(unsafe) private static var functions = heif_reader(
        reader_api_version: 1,
        get_position: { user in Int64(reader(user).position) },
        read: { data, size, user in
            // libheif asks for nothing into no buffer (an av1C box without config OBUs).
            guard size > 0 else { return 0 }
            let reader = reader(user)
            guard let data, size <= Int.max - reader.position else { return 1 }
            let got = reader.file.read(into: data, at: reader.position, length: size)
            reader.position += got
            return got == size ? 0 : 1
        },
        seek: { position, user in
            let reader = reader(user)
            guard position >= 0, position <= Int64(reader.file.count) else { return 1 }
            reader.position = Int(position)
            return 0
        },
        wait_for_file_size: { target, user in
            target <= Int64(reader(user).file.count) ? heif_reader_grow_status_size_reached : heif_reader_grow_status_size_beyond_eof
        })
}
