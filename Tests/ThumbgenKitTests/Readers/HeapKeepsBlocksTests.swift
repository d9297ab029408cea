import CSystem
import Foundation
import Glibc
import Testing

@testable import ThumbgenCLI

/// thumbgen keeps an image's large buffers in the heap for the next image
/// (`Memory.keepsBlocksInHeap`): blocks under 32 MiB come from the heap, larger ones are mapped on
/// their own, and a heap's free top stays until it is over 40 MiB. Asked of glibc itself, in a
/// fresh process (a long-lived one may hold free chunks that change what malloc does): whether a
/// block is mapped is bit 1 (IS_MMAPPED in glibc's malloc.c) of the size word just before it, and
/// what the heap keeps is mallinfo2's `arena` (`tg_malloc_heap_bytes`). The same process without the setting shows glibc's
/// default (its threshold starts at 128 KiB, so a 2 MiB block is mapped), so that each check is
/// seen to tell the two apart.
struct HeapKeepsBlocksTests {
    /// Whether the block malloc returned at `block` was mapped on its own.
    static func mapped(_ block: UnsafeMutableRawPointer) -> Bool {
        block.load(fromByteOffset: -MemoryLayout<Int>.size, as: UInt.self) & 0x2 != 0
    }

    /// Exit status: 0 when a 2 MiB and a 24 MiB block come from the heap, a 48 MiB one is mapped
    /// on its own, and the heap still holds the 24 MiB after it is freed; 1 when the 2 MiB block
    /// is mapped (glibc's default); 4 to 6 for the other checks. Not optimized: LLVM knows malloc
    /// and free, and drops or merges blocks it sees unused.
    @_optimize(none)
    static func blocksKept() -> Int32 {
        guard let small = malloc(2 << 20), let middle = malloc(24 << 20), let large = malloc(48 << 20) else { return 2 }
        memset(small, 1, 2 << 20)
        memset(middle, 1, 24 << 20)
        memset(large, 1, 48 << 20)
        defer { free(small); free(large) }
        if mapped(small) { return 1 }
        if mapped(middle) { return 4 }
        if !mapped(large) { return 5 }
        free(middle)
        return tg_malloc_heap_bytes() >= 24 << 20 ? 0 : 6
    }

    /// Whether the environment sets malloc's own tunables, which then stand (and this cannot run).
    static let tunedByEnvironment = ["MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_"].contains { ProcessInfo.processInfo.environment[$0] != nil }
        || ProcessInfo.processInfo.environment["GLIBC_TUNABLES"]?.contains("glibc.malloc.") == true

    @Test(.enabled(if: !tunedByEnvironment, "the environment sets malloc's tunables"))
    func largeBuffersStayInTheHeapForTheNextImage() async {
        await #expect(processExitsWith: .success) {
            guard Memory.keepsBlocksInHeap() else { exit(3) }
            exit(HeapKeepsBlocksTests.blocksKept())
        }
        // glibc's default: the same allocations, the 2 MiB block mapped on its own.
        await #expect(processExitsWith: .exitCode(1)) {
            exit(HeapKeepsBlocksTests.blocksKept())
        }
    }
}
