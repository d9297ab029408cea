// glibc's malloc set for a process whose large blocks (decoded planes, a progressive JPEG's
// coefficients, an encoder's buffers) come and go one image at a time.
#ifndef TG_MALLOC_H
#define TG_MALLOC_H

#include <stddef.h>

/// Blocks under `mapped` bytes come from the heap, and blocks of `mapped` or more are mapped on
/// their own and unmapped when freed, at a fixed threshold instead of glibc's sliding one; a
/// heap gives its free top back to the system once that is over `trimmed` bytes. Does nothing and
/// returns 0 when the environment sets malloc's own tunables (MALLOC_MMAP_THRESHOLD_,
/// MALLOC_TRIM_THRESHOLD_, or glibc.malloc.* in GLIBC_TUNABLES), which then stand, or where the
/// C library is not glibc; 1 when both are set.
int tg_malloc_keep_blocks_under(size_t mapped, size_t trimmed);

/// Bytes the main heap holds from the system, in use or free (glibc's mallinfo2 `arena`); 0
/// elsewhere.
size_t tg_malloc_heap_bytes(void);

#endif
