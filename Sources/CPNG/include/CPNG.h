// A setjmp-guarded face of libpng for Swift (see png_shim.c).
#ifndef CPNG_H
#define CPNG_H
#include <stddef.h>
#include <stdint.h>
#endif
