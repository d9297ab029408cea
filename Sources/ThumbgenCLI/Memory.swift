import CSystem

/// How the process's memory is kept.
enum Memory {
    /// Blocks of this size or more are mapped on their own and unmapped when freed: glibc's
    /// largest sliding threshold, fixed from the start.
    static let mappedBlockBytes = 32 << 20
    /// A heap gives its free top back to the system once that is over this.
    static let trimmedTopBytes = 40 << 20

    /// glibc's malloc keeps an image's large buffers (planes, a progressive JPEG's coefficients,
    /// the encoders' own) in the heap for the next image, where each freed one used to be
    /// unmapped and the next image's faulted in again, a page at a time. On the JPEG bench with
    /// two workers: 223,000 minor faults and 0.85 system CPU s with blocks of 1 MiB mapped on
    /// their own, 71,000 and 0.53 s with this (4.22 → 3.96 CPU s, median of 8 interleaved
    /// runs), for the same whole peak, 187 MB. glibc's default (a threshold sliding up to each
    /// mapped block freed, and a heap's top trimmed only past twice that, 64 MiB) lets each
    /// worker's heap keep a whole image's buffers as well: 207 MB. Returns whether it was set:
    /// not when the environment sets malloc's own tunables, which then stand.
    @discardableResult
    static func keepsBlocksInHeap() -> Bool {
        tg_malloc_keep_blocks_under(mappedBlockBytes, trimmedTopBytes) == 1
    }
}
