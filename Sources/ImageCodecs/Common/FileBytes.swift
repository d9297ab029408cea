import Glibc

/// An original, open once: header readers read parts of it by offset (never loading a whole
/// image), decoders read it through their libraries' own ways (`streamDescriptor()` for stdio
/// and giflib). The build opens each original once, under its root with no way out
/// (`RootDirectory.openForReading`), and hands this one descriptor to every stage.
public final class FileBytes: @unchecked Sendable {
    /// The open file; closed when this goes.
    public let descriptor: Int32
    /// The file's size in bytes when it was opened.
    public let count: Int

    /// Opens `path` for reading (for tools and tests; a build opens through its root); throws
    /// `CodecError.io` with the system's reason.
    public convenience init(path: String) throws(CodecError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CodecError.io(CodecError.systemReason("cannot open the file")) }
        try self.init(descriptor: descriptor)
    }

    /// Takes over `descriptor`, a file open for reading (closed here even when this throws).
    public init(descriptor: Int32) throws(CodecError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = CodecError.systemReason("cannot read the file")
            close(descriptor)
            throw CodecError.io(reason)
        }
        self.descriptor = descriptor
        count = Int(info.st_size)
    }

    /// A descriptor of its own on the same file, at its start, for a library that reads a
    /// stream (stdio's FILE, giflib) and closes what it is given. Reads by offset here are
    /// unaffected: they never use the shared position.
    public func streamDescriptor() throws(CodecError) -> Int32 {
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { throw CodecError.io(CodecError.systemReason("cannot open the file")) }
        guard lseek(copy, 0, SEEK_SET) == 0 else {
            let reason = CodecError.systemReason("cannot read the file")
            close(copy)
            throw CodecError.io(reason)
        }
        return copy
    }

    deinit { close(descriptor) }

    /// Up to `length` bytes from `offset` (fewer at the end of the file).
    public func read(at offset: Int, length: Int) -> [UInt8] {
        guard offset >= 0, offset < count, length > 0 else { return [] }
        let wanted = min(length, count - offset)
        var bytes = [UInt8](repeating: 0, count: wanted)
        let done = bytes.withUnsafeMutableBytes { read(into: $0.baseAddress!, at: offset, length: wanted) }
        return done == wanted ? bytes : Array(bytes[..<done])
    }

    /// Reads up to `length` bytes from `offset` into `target`: how many it read (fewer at the
    /// end of the file or when a read fails, errno then telling why).
    public func read(into target: UnsafeMutableRawPointer, at offset: Int, length: Int) -> Int {
        var done = 0
        while done < length {
            let got = pread(descriptor, target + done, length - done, off_t(offset + done))
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            done += got
        }
        return done
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
