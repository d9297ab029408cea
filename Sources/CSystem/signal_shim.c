#define _GNU_SOURCE
// SIGINT and SIGTERM for long-running commands (`thumbgen watch`): a handler may only call
// async-signal-safe functions, which Swift cannot promise, so it lives here. The first signal
// is written to a pipe the command polls; a second one stops the process at once.
#include "CSystem.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static int signal_pipe[2] = { -1, -1 };
static volatile sig_atomic_t signals_seen = 0;
static volatile sig_atomic_t busy = 0;

static void on_signal(int number) {
    int saved = errno;
    signals_seen += 1;
    if (signals_seen > 1) {
        // Ctrl-C again: the default action, so the shell sees the process end by the signal.
        signal(number, SIG_DFL);
        raise(number);
    }
    if (busy) {
        static const char note[] = "thumbgen: stopping once this build is done; press Ctrl-C again to stop at once (the next build finishes the job)\n";
        ssize_t ignored = write(2, note, sizeof note - 1);
        (void)ignored;
    }
    unsigned char byte = (unsigned char)number;
    ssize_t ignored = write(signal_pipe[1], &byte, 1);
    (void)ignored;
    errno = saved;
}

int tg_signals_to_pipe(void) {
    if (signal_pipe[0] < 0) {
        if (pipe2(signal_pipe, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (sigaction(SIGINT, &action, NULL) != 0 || sigaction(SIGTERM, &action, NULL) != 0) return -1;
    // A parent may have started us with these signals blocked (the mask survives exec): unblock
    // them here, before any worker thread exists, so that every thread inherits the open mask.
    sigset_t wanted;
    sigemptyset(&wanted);
    sigaddset(&wanted, SIGINT);
    sigaddset(&wanted, SIGTERM);
    if (pthread_sigmask(SIG_UNBLOCK, &wanted, NULL) != 0) return -1;
    return signal_pipe[0];
}

void tg_signals_set_busy(int value) {
    busy = value;
}
