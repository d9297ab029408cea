// The inner loops of thumbgen's separable Lanczos resampler, in 16-bit fixed point with 32-bit
// sums: a portable version in plain C, and an AVX2 one for x86-64 CPUs that have it, chosen at
// run time (the binary still runs on any x86-64 and builds on arm64). Both give the same bytes:
// integer sums are exact in either order, and no step can overflow (see resample.c).
#ifndef CRESAMPLE_H
#define CRESAMPLE_H

#include <stddef.h>
#include <stdint.h>

/// Fractional bits of every weight: a window's weights sum to 1 << 14.
#define TG_WEIGHT_BITS 14
/// Fractional bits of the rows between the two passes (values about -0.3 to 1.3 times 255).
#define TG_MIDDLE_BITS 6

/// Nonzero when this CPU runs the AVX2 kernels (x86-64 with AVX2; 0 on any other machine).
int tg_resample_cpu_has_avx2(void);

/// Bytes to 16-bit values, `count` of them.
void tg_widen_u8(const uint8_t *source, int16_t *target, size_t count);

/// Horizontal pass: target[x] = round(sum of source[starts[x] + k] * weights[x * taps + k] for
/// k < taps) shifted down by `shift` bits, saturated to 16 bits. `taps` is a multiple of 8 and
/// every source[starts[x] + taps - 1] must be readable (its weight may be zero).
void tg_resample_rows_portable(const int16_t *source, int16_t *target, int count, const int32_t *starts,
                               const int16_t *weights, int taps, int shift);
void tg_resample_rows_avx2(const int16_t *source, int16_t *target, int count, const int32_t *starts,
                           const int16_t *weights, int taps, int shift);

/// Vertical pass: target[x] = clamp(round(sum of rows[k][x] * weights[k] for k < count)
/// >> (TG_WEIGHT_BITS + TG_MIDDLE_BITS), 0, 255) for x < width. `count` >= 1.
void tg_resample_columns_portable(const int16_t *const *rows, const int16_t *weights, int count, uint8_t *target, int width);
void tg_resample_columns_avx2(const int16_t *const *rows, const int16_t *weights, int count, uint8_t *target, int width);

#endif
