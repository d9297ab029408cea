#include "tg_malloc.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>  // features.h, which defines __GLIBC__

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int tg_malloc_map_blocks_from(size_t bytes) {
#if defined(__GLIBC__)
    const char *tunables = getenv("GLIBC_TUNABLES");
    if (getenv("MALLOC_MMAP_THRESHOLD_") != NULL || (tunables != NULL && strstr(tunables, "glibc.malloc.") != NULL)) return 0;
    if (bytes > (size_t)0x7fffffff) return 0;
    return mallopt(M_MMAP_THRESHOLD, (int)bytes) == 1 ? 1 : 0;
#else
    (void)bytes;
    return 0;
#endif
}
