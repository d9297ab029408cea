import Glibc
import Testing

@testable import ThumbgenKit

extension FileSystemTests {
    /// Names read from `readdir`'s entries.
    @Suite struct FolderEntryTests {
        /// Each entry laid out as glibc lays out the last one in its buffer: the record ends a few
        /// bytes after the name's NUL, and the memory after it cannot be read. The name is read up
        /// to its NUL only; reading the whole 256-byte `d_name` field (as `pointee.d_name` does)
        /// faults here, and overran glibc's buffer under AddressSanitizer when the manifest fuzzer
        /// set `root: /`.
        @Test(arguments: [Array("a.jpg".utf8), Array(repeating: UInt8(ascii: "x"), count: 255), [0x63, 0x61, 0x66, 0xE9]])
        func nameIsReadUpToItsNulOnly(_ name: [UInt8]) throws {
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            let memory = try #require(mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
            try #require(memory != MAP_FAILED)
            defer { munmap(memory, 2 * page) }
            #expect(mprotect(memory + page, page, PROT_NONE) == 0)
            let nameOffset = MemoryLayout<dirent>.offset(of: \.d_name)!
            let recordLength = (nameOffset + name.count + 1 + 7) & ~7
            let entry = memory + page - recordLength
            (entry + nameOffset).copyMemory(from: name + [0], byteCount: name.count + 1)
            #expect(FolderEntry.nameBytes(entry.assumingMemoryBound(to: dirent.self)) == name)
        }
    }
}
