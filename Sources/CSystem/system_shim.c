#define _GNU_SOURCE
#include "CSystem.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#ifdef __linux__
#include <linux/openat2.h>
#include <stdio.h>
#include <sys/syscall.h>

#ifndef SYS_openat2
#define SYS_openat2 437  // the same number on every architecture
#endif

const int tg_o_path = O_PATH;

int tg_openat2(int folder, const char *path, uint64_t flags, uint64_t mode, uint64_t resolve) {
    struct open_how how = { .flags = flags, .mode = mode, .resolve = resolve };
    // The kernel's headers may be newer than the running kernel: ENOSYS then, never a crash.
    return (int)syscall(SYS_openat2, folder, path, &how, sizeof how);
}

int tg_rename_noreplace(int from_folder, const char *from, int to_folder, const char *to) {
    return (int)syscall(SYS_renameat2, from_folder, from, to_folder, to, RENAME_NOREPLACE);
}

#else

const int tg_o_path = 0;

int tg_openat2(int folder, const char *path, uint64_t flags, uint64_t mode, uint64_t resolve) {
    (void)folder; (void)path; (void)flags; (void)mode; (void)resolve;
    errno = ENOSYS;
    return -1;
}

int tg_rename_noreplace(int from_folder, const char *from, int to_folder, const char *to) {
    (void)from_folder; (void)from; (void)to_folder; (void)to;
    errno = ENOSYS;
    return -1;
}

#endif

#ifdef __linux__
#include <sys/vfs.h>

long long tg_file_system_type(const char *path) {
    struct statfs info;
    if (statfs(path, &info) != 0) return -1;
    return (long long)info.f_type;
}
#else
long long tg_file_system_type(const char *path) {
    (void)path;
    errno = ENOSYS;
    return -1;
}
#endif
