import CSystem

/// How the process's memory is kept.
enum Memory {
    /// From what size a block is mapped on its own and unmapped when freed.
    static let mappedBlockBytes = 1 << 20

    /// glibc's malloc maps each block of `mappedBlockBytes` or more on its own (when no free
    /// chunk of its heap holds it), so that an image's large buffers (planes, a progressive
    /// JPEG's coefficients, the encoders' own) go back to the system when the image is done.
    /// glibc's default threshold slides up to each mapped block freed (to 32 MiB), after which
    /// such buffers stay in the heap and its arenas and fragment them: with two workers, the
    /// whole process's peak on the JPEG bench was 188 MB with this and 194–222 MB with the
    /// default, for the same CPU. Returns whether it was set: not when the environment sets
    /// malloc's own tunables (glibc.malloc.*), which then stand.
    @discardableResult
    static func mapsLargeBlocks() -> Bool {
        tg_malloc_map_blocks_from(mappedBlockBytes) == 1
    }
}
