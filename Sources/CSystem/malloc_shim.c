#include "tg_malloc.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>  // features.h, which defines __GLIBC__

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int tg_malloc_keep_blocks_under(size_t mapped, size_t trimmed) {
#if defined(__GLIBC__)
    const char *tunables = getenv("GLIBC_TUNABLES");
    if (getenv("MALLOC_MMAP_THRESHOLD_") != NULL || getenv("MALLOC_TRIM_THRESHOLD_") != NULL
        || (tunables != NULL && strstr(tunables, "glibc.malloc.") != NULL)) return 0;
    if (mapped > (size_t)0x7fffffff || trimmed > (size_t)0x7fffffff) return 0;
    if (mallopt(M_MMAP_THRESHOLD, (int)mapped) != 1) return 0;
    return mallopt(M_TRIM_THRESHOLD, (int)trimmed) == 1 ? 1 : 0;
#else
    (void)mapped;
    (void)trimmed;
    return 0;
#endif
}

size_t tg_malloc_heap_bytes(void) {
#if defined(__GLIBC__)
    return mallinfo2().arena;
#else
    return 0;
#endif
}
