// The portable kernels, and which CPU runs the AVX2 ones.
//
// Ranges, for the claim that nothing overflows: weights are Q14 and a Lanczos-3 window's
// absolute weights sum to under 1.3 (so to under 21300). Horizontal: 8-bit values (or box
// sums averaged back to 8 bits) times weights, summed: |sum| < 255 * 21300 < 2^23; the middle
// rows keep 6 fractional bits: |value| < 1.3 * 255 * 64 < 2^15. Vertical: those times weights:
// |sum| < 21300 * 21300 < 2^29. pmaddwd adds two products of 16-bit values exactly in 32 bits.
#include "CResample.h"

int tg_resample_cpu_has_avx2(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}

void tg_widen_u8(const uint8_t *source, int16_t *target, size_t count) {
    for (size_t i = 0; i < count; i++) target[i] = source[i];
}

static inline int16_t saturate16(int32_t value) {
    return value > 32767 ? 32767 : value < -32768 ? -32768 : (int16_t)value;
}

void tg_resample_rows_portable(const int16_t *source, int16_t *target, int count, const int32_t *starts,
                               const int16_t *weights, int taps, int shift) {
    const int32_t rounding = 1 << (shift - 1);
    for (int x = 0; x < count; x++) {
        const int16_t *pixels = source + starts[x];
        const int16_t *w = weights + (size_t)x * (size_t)taps;
        int32_t sum = 0;
        for (int k = 0; k < taps; k++) sum += (int32_t)pixels[k] * w[k];
        target[x] = saturate16((sum + rounding) >> shift);
    }
}

void tg_resample_columns_portable(const int16_t *const *rows, const int16_t *weights, int count, uint8_t *target, int width) {
    const int shift = TG_WEIGHT_BITS + TG_MIDDLE_BITS;
    const int32_t rounding = 1 << (shift - 1);
    for (int x = 0; x < width; x++) {
        int32_t sum = 0;
        for (int k = 0; k < count; k++) sum += (int32_t)rows[k][x] * weights[k];
        int32_t value = (sum + rounding) >> shift;
        target[x] = (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value);
    }
}
