import Glibc
import Raster

/// Bytes from `malloc`, freed when the value goes away: for buffers whose size follows the
/// original's (an interlaced PNG held whole, a strip of rows of a very wide image). Swift's own
/// allocations end the process when malloc fails; this one makes that image
/// `CodecError.outOfMemory` and lets the build go on.
final class HeapBytes {
    let count: Int
    let bytes: UnsafeMutableBufferPointer<UInt8>

    /// `count` bytes, zeroed when `zeroed` (calloc: untouched pages cost nothing until written).
    init(count: Int, zeroed: Bool = false) throws(CodecError) {
        guard count >= 0, let pointer = zeroed ? calloc(max(count, 1), 1) : malloc(max(count, 1)) else {
            throw CodecError.outOfMemory(bytes: count)
        }
        self.count = count
        bytes = UnsafeMutableBufferPointer(start: pointer.assumingMemoryBound(to: UInt8.self), count: count)
    }

    deinit { free(bytes.baseAddress) }

    var pointer: UnsafeMutablePointer<UInt8> { bytes.baseAddress! }

    /// `a × b × c`, or Int.max when it overflows: a size no allocation can meet.
    static func product(_ a: Int, _ b: Int, _ c: Int = 1) -> Int {
        let (ab, first) = a.multipliedReportingOverflow(by: b)
        let (abc, second) = ab.multipliedReportingOverflow(by: c)
        return first || second ? Int.max : abc
    }
}

extension PixelBuffer {
    /// A zeroed buffer, or `CodecError.outOfMemory` when its bytes cannot be had. An array
    /// cannot take memory from malloc and traps when its own allocation fails, so malloc is
    /// asked first and the bytes given back for the array to take. Another thread may take them
    /// in between; only decodes for tests and tools collect whole images this way.
    static func allocating(width: Int, height: Int, hasAlpha: Bool) throws(CodecError) -> PixelBuffer {
        _ = try HeapBytes(count: HeapBytes.product(width, height, PixelBuffer.channels))
        return PixelBuffer(width: width, height: height, hasAlpha: hasAlpha)
    }
}
