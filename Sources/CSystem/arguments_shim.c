// The command line without /proc. Swift's CommandLine.arguments reads /proc/self/cmdline on
// Linux, so in a root without /proc (a minimal chroot, a container with /proc hidden) it is
// empty and `thumbgen --version` ran a build. glibc calls each .init_array function of the
// program with (argc, argv, envp) before main; this one keeps them. argv itself lives for the
// whole process, so keeping the pointer is enough.
#include "tg_arguments.h"

#include <stddef.h>
#include <unistd.h>  // features.h, which defines __GLIBC__

static int saved_count = 0;
static char **saved_values = NULL;

#if defined(__GLIBC__)
// musl and others call constructors with no arguments: reading them there would read garbage,
// so only glibc's are taken; elsewhere the count stays 0 and Swift falls back to CommandLine.
__attribute__((constructor)) static void tg_capture_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc > 0 && argv != NULL) {
        saved_count = argc;
        saved_values = argv;
    }
}
#endif

int tg_argument_count(void) {
    return saved_count;
}

const char *tg_argument(int index) {
    if (index < 0 || index >= saved_count || saved_values == NULL) return NULL;
    return saved_values[index];
}
