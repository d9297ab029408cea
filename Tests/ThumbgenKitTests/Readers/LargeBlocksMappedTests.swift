import Foundation
import Glibc
import Testing

@testable import ThumbgenCLI

/// thumbgen maps each block of 1 MiB or more on its own (`Memory.mapsLargeBlocks`), so that an
/// image's buffers go back to the system when it is done. In a fresh process (a long-lived one
/// may hold a free chunk big enough, which malloc hands out before mapping anything), after a
/// 16 MiB block is freed (which under glibc's default raises the threshold to 16 MiB, so that
/// a 2 MiB block then comes from the heap), a 2 MiB block must still be mapped on its own, as
/// glibc itself marks it: the size word just before the block has bit 1 (IS_MMAPPED in glibc's
/// malloc.c) set. The same process without the setting shows the default's behaviour, so that
/// the check is seen to tell the two apart.
struct LargeBlocksMappedTests {
    /// Exit status 0 when a 2 MiB block allocated after a freed 16 MiB one is mapped on its own.
    /// Not optimized: LLVM knows malloc and free, and drops or merges blocks it sees unused.
    @_optimize(none)
    static func secondBlockMapped() -> Int32 {
        guard let large = malloc(16 << 20) else { return 2 }
        memset(large, 1, 16 << 20)
        free(large)
        guard let block = malloc(2 << 20) else { return 2 }
        memset(block, 1, 2 << 20)
        let sizeWord = block.load(fromByteOffset: -MemoryLayout<Int>.size, as: UInt.self)
        return sizeWord & 0x2 != 0 ? 0 : 1
    }

    /// Whether the environment sets malloc's own tunables, which then stand (and this cannot run).
    static let tunedByEnvironment = ProcessInfo.processInfo.environment["MALLOC_MMAP_THRESHOLD_"] != nil
        || ProcessInfo.processInfo.environment["GLIBC_TUNABLES"]?.contains("glibc.malloc.") == true

    @Test(.enabled(if: !tunedByEnvironment, "the environment sets malloc's tunables"))
    func aLargeBlockIsMappedOnItsOwnAfterALargerOneWasFreed() async {
        await #expect(processExitsWith: .success) {
            guard Memory.mapsLargeBlocks() else { exit(3) }
            exit(LargeBlocksMappedTests.secondBlockMapped())
        }
        // glibc's default: the same allocations, the 2 MiB block from the heap.
        await #expect(processExitsWith: .exitCode(1)) {
            exit(LargeBlocksMappedTests.secondBlockMapped())
        }
    }
}
