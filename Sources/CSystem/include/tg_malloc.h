// glibc's malloc set for a process whose large blocks (decoded planes, a progressive JPEG's
// coefficients, an encoder's buffers) come and go one image at a time.
#ifndef TG_MALLOC_H
#define TG_MALLOC_H

#include <stddef.h>

/// Blocks of `bytes` or more that no free chunk of the heap holds are mapped on their own and
/// unmapped when freed, instead of glibc's sliding threshold (which rises to each mapped block
/// freed, up to 32 MiB, after which an image's large blocks stay in the heap and arenas when
/// freed, and fragment them). Does nothing and returns 0 when the environment sets malloc's own
/// tunables (MALLOC_MMAP_THRESHOLD_, or glibc.malloc.* in GLIBC_TUNABLES), which then stand, or
/// where the C library is not glibc; 1 when set.
int tg_malloc_map_blocks_from(size_t bytes);

#endif
