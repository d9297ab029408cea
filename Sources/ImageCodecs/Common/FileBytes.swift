import Glibc

/// Reads parts of a file by offset, for header parsers that must not load a whole image.
public final class FileBytes {
    private let descriptor: Int32
    /// The file's size in bytes when it was opened.
    public let count: Int

    /// Opens `path` for reading; throws `CodecError.unreadable` with the system's reason.
    public init(path: String) throws(CodecError) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CodecError.io(CodecError.systemReason("cannot open the file")) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            throw CodecError.io(CodecError.systemReason("cannot read the file"))
        }
        count = Int(info.st_size)
    }

    deinit { close(descriptor) }

    /// Up to `length` bytes from `offset` (fewer at the end of the file).
    public func read(at offset: Int, length: Int) -> [UInt8] {
        guard offset >= 0, offset < count, length > 0 else { return [] }
        let wanted = min(length, count - offset)
        var bytes = [UInt8](repeating: 0, count: wanted)
        var done = 0
        while done < wanted {
            let got = bytes.withUnsafeMutableBytes { raw in
                pread(descriptor, raw.baseAddress! + done, wanted - done, off_t(offset + done))
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            done += got
        }
        return done == wanted ? bytes : Array(bytes[..<done])
    }
}

/// Big- and little-endian reads from a byte array, returning nil past the end.
extension Array where Element == UInt8 {
    func uint16BE(_ at: Int) -> Int? {
        guard at >= 0, at + 2 <= count else { return nil }
        return Int(self[at]) << 8 | Int(self[at + 1])
    }

    func uint32BE(_ at: Int) -> Int? {
        guard at >= 0, at + 4 <= count else { return nil }
        return Int(self[at]) << 24 | Int(self[at + 1]) << 16 | Int(self[at + 2]) << 8 | Int(self[at + 3])
    }

    func uint16LE(_ at: Int) -> Int? {
        guard at >= 0, at + 2 <= count else { return nil }
        return Int(self[at]) | Int(self[at + 1]) << 8
    }

    func uint24LE(_ at: Int) -> Int? {
        guard at >= 0, at + 3 <= count else { return nil }
        return Int(self[at]) | Int(self[at + 1]) << 8 | Int(self[at + 2]) << 16
    }

    func uint32LE(_ at: Int) -> Int? {
        guard at >= 0, at + 4 <= count else { return nil }
        return Int(self[at]) | Int(self[at + 1]) << 8 | Int(self[at + 2]) << 16 | Int(self[at + 3]) << 24
    }

    func hasBytes(_ prefix: String, at offset: Int = 0) -> Bool {
        let expected = Array(prefix.utf8)
        guard offset >= 0, offset + expected.count <= count else { return false }
        return self[offset..<offset + expected.count].elementsEqual(expected)
    }
}
