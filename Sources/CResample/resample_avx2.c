// The AVX2 kernels: the same sums as resample.c, sixteen 16-bit lanes at a time. Compiled for
// AVX2 function by function, so the rest of the binary keeps the baseline target; called only
// when tg_resample_cpu_has_avx2().
#include "CResample.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

// The sum of one output's taps: 16 at a time, then 8, as 32-bit lanes still to be added up.
AVX2 static inline __m256i window_sums(const int16_t *pixels, const int16_t *w, int taps) {
    __m256i sums = _mm256_setzero_si256();
    int k = 0;
    for (; k + 16 <= taps; k += 16) {
        __m256i p = _mm256_loadu_si256((const __m256i *)(pixels + k));
        __m256i q = _mm256_loadu_si256((const __m256i *)(w + k));
        sums = _mm256_add_epi32(sums, _mm256_madd_epi16(p, q));
    }
    if (k < taps) {  // taps is a multiple of 8
        __m128i p = _mm_loadu_si128((const __m128i *)(pixels + k));
        __m128i q = _mm_loadu_si128((const __m128i *)(w + k));
        sums = _mm256_add_epi32(sums, _mm256_zextsi128_si256(_mm_madd_epi16(p, q)));
    }
    return sums;
}

// The eight 32-bit lanes of a window's sums folded into four (each output's total is the same).
AVX2 static inline __m128i fold(__m256i sums) {
    return _mm_add_epi32(_mm256_castsi256_si128(sums), _mm256_extracti128_si256(sums, 1));
}

AVX2 void tg_resample_rows_avx2(const int16_t *source, int16_t *target, int count, const int32_t *starts,
                                const int16_t *weights, int taps, int shift) {
    const __m128i rounding = _mm_set1_epi32(1 << (shift - 1));
    const __m128i shiftCount = _mm_cvtsi32_si128(shift);
    int x = 0;
    for (; x + 4 <= count; x += 4) {
        const int16_t *w = weights + (size_t)x * (size_t)taps;
        __m128i a = fold(window_sums(source + starts[x], w, taps));
        __m128i b = fold(window_sums(source + starts[x + 1], w + taps, taps));
        __m128i c = fold(window_sums(source + starts[x + 2], w + 2 * taps, taps));
        __m128i d = fold(window_sums(source + starts[x + 3], w + 3 * taps, taps));
        // Two rounds of pairwise adds leave one total per output, in order.
        __m128i totals = _mm_hadd_epi32(_mm_hadd_epi32(a, b), _mm_hadd_epi32(c, d));
        totals = _mm_sra_epi32(_mm_add_epi32(totals, rounding), shiftCount);
        _mm_storel_epi64((__m128i *)(target + x), _mm_packs_epi32(totals, totals));
    }
    if (x < count) tg_resample_rows_portable(source, target + x, count - x, starts + x, weights + (size_t)x * (size_t)taps, taps, shift);
}

AVX2 void tg_resample_columns_avx2(const int16_t *const *rows, const int16_t *weights, int count, uint8_t *target, int width) {
    const int shift = TG_WEIGHT_BITS + TG_MIDDLE_BITS;
    const __m256i rounding = _mm256_set1_epi32(1 << (shift - 1));
    int x = 0;
    for (; x + 16 <= width; x += 16) {
        __m256i low = _mm256_setzero_si256(), high = _mm256_setzero_si256();
        int k = 0;
        // Two rows at a time: their values interleaved, each pair times the two weights.
        for (; k + 2 <= count; k += 2) {
            __m256i a = _mm256_loadu_si256((const __m256i *)(rows[k] + x));
            __m256i b = _mm256_loadu_si256((const __m256i *)(rows[k + 1] + x));
            __m256i pair = _mm256_set1_epi32((int32_t)(uint16_t)weights[k] | ((int32_t)weights[k + 1] << 16));
            low = _mm256_add_epi32(low, _mm256_madd_epi16(_mm256_unpacklo_epi16(a, b), pair));
            high = _mm256_add_epi32(high, _mm256_madd_epi16(_mm256_unpackhi_epi16(a, b), pair));
        }
        if (k < count) {
            __m256i a = _mm256_loadu_si256((const __m256i *)(rows[k] + x));
            __m256i single = _mm256_set1_epi32((int32_t)(uint16_t)weights[k]);
            low = _mm256_add_epi32(low, _mm256_madd_epi16(_mm256_unpacklo_epi16(a, _mm256_setzero_si256()), single));
            high = _mm256_add_epi32(high, _mm256_madd_epi16(_mm256_unpackhi_epi16(a, _mm256_setzero_si256()), single));
        }
        low = _mm256_srai_epi32(_mm256_add_epi32(low, rounding), shift);
        high = _mm256_srai_epi32(_mm256_add_epi32(high, rounding), shift);
        // unpacklo/hi and packs both work within 128-bit lanes, so packing restores the order.
        __m256i words = _mm256_packs_epi32(low, high);
        __m256i bytes = _mm256_packus_epi16(words, words);
        bytes = _mm256_permute4x64_epi64(bytes, 0x08);  // lanes 0 and 2: the 16 bytes in order
        _mm_storeu_si128((__m128i *)(target + x), _mm256_castsi256_si128(bytes));
    }
    if (x < width) {  // the last columns from the same rows, by the portable kernel
        const int16_t *tail[count];
        for (int k = 0; k < count; k++) tail[k] = rows[k] + x;
        tg_resample_columns_portable(tail, weights, count, target + x, width - x);
    }
}

#else

void tg_resample_rows_avx2(const int16_t *source, int16_t *target, int count, const int32_t *starts,
                           const int16_t *weights, int taps, int shift) {
    tg_resample_rows_portable(source, target, count, starts, weights, taps, shift);
}

void tg_resample_columns_avx2(const int16_t *const *rows, const int16_t *weights, int count, uint8_t *target, int width) {
    tg_resample_columns_portable(rows, weights, count, target, width);
}

#endif
