// The Linux system calls that glibc 2.36 does not wrap (openat2) or that Swift cannot call
// through the variadic syscall(2). Each returns what the kernel returns: a descriptor or 0 on
// success, -1 with errno set on failure (ENOSYS where the system has no such call).
#ifndef CSYSTEM_H
#define CSYSTEM_H

#include <stdint.h>

#include "tg_arguments.h"
#include "tg_malloc.h"

// resolve flags of openat2(2), as in <linux/openat2.h>, which Swift need not import.
#define TG_RESOLVE_NO_XDEV       0x01
#define TG_RESOLVE_NO_MAGICLINKS 0x02
#define TG_RESOLVE_NO_SYMLINKS   0x04
#define TG_RESOLVE_BENEATH       0x08

/// O_PATH (a descriptor that only names a folder: no read permission needed), 0 where the
/// system has none.
extern const int tg_o_path;

/// openat2(2): opens `path` relative to `folder` with open(2)'s `flags` and `mode`, resolving
/// it under the rules of `resolve` (TG_RESOLVE_…).
int tg_openat2(int folder, const char *path, uint64_t flags, uint64_t mode, uint64_t resolve);

/// The file system type of `path` (statfs(2)'s f_type: 0x6969 for NFS), or -1 with errno set.
long long tg_file_system_type(const char *path);

/// renameat2(2) with RENAME_NOREPLACE: fails with EEXIST when `to` exists, atomically.
/// ENOSYS or EINVAL where the kernel or the file system cannot do it.
int tg_rename_noreplace(int from_folder, const char *from, int to_folder, const char *to);

/// Routes SIGINT and SIGTERM to a pipe and returns its reading end (non-blocking), or -1 with
/// errno set. Each signal writes one byte; a second signal ends the process by its default
/// action. Called again, it reinstalls the handlers and returns the same pipe.
int tg_signals_to_pipe(void);

/// While `busy` is non-zero, the first signal also says on standard error that the process
/// stops once the current build is done.
void tg_signals_set_busy(int busy);

#endif
