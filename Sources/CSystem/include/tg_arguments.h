// The process's arguments as the C runtime gave them to the program, captured before main.
#ifndef TG_ARGUMENTS_H
#define TG_ARGUMENTS_H

/// How many arguments the program was started with (argc, the program's name included), or 0
/// when none were captured: a C library that passes nothing to constructors (musl), or a
/// process started with an empty argv.
int tg_argument_count(void);

/// Argument `index` (0 is the program's name), or NULL past the end.
const char *tg_argument(int index);

#endif
