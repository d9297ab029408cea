// A setjmp-guarded face of libpng for Swift: every entry point arms its own jump buffer, so a
// libpng error never unwinds through a Swift frame. Calls return 0 on success and -1 on failure,
// with the reason in tg_png_decoder_message(). Damage that libpng would only warn about (a bad
// CRC in an ancillary chunk, a bad zlib checksum, extra image data) is an error here too: a
// partly decoded image must never become a rendition.
#ifndef CPNG_H
#define CPNG_H

#include <stddef.h>
#include <stdint.h>

/// What the file's chunks before the image data say, and (after start) what rows look like.
typedef struct tg_png_info {
    uint32_t width, height;        // stored size, in pixels
    int bit_depth;                 // 1, 2, 4, 8 or 16, as stored
    int color_type;                // 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA
    int interlaced;                // Adam7: every row is held until the last pass
    int has_alpha;                 // an alpha channel, or a tRNS chunk
    int srgb_intent;               // the sRGB chunk's rendering intent, -1 without one
    int gamma;                     // the gAMA chunk's value (gamma × 100000), 0 without one
    int has_chromaticities;        // a cHRM chunk: chromaticities[] holds its eight values
    int chromaticities[8];         // white x, y, red x, y, green x, y, blue x, y, each × 100000
    size_t icc_length;             // bytes of the (inflated) iCCP profile, 0 without one
    int output_bytes_per_pixel;    // after start: 4 (8-bit RGBA) or 8 (16-bit RGBA, host byte order)
} tg_png_info;

typedef struct tg_png_decoder tg_png_decoder;

tg_png_decoder *tg_png_decoder_create(void);
void tg_png_decoder_destroy(tg_png_decoder *decoder);
const char *tg_png_decoder_message(const tg_png_decoder *decoder);
/// Nonzero when the last failure was an allocation (libpng's or zlib's), which says nothing
/// about the file.
int tg_png_decoder_out_of_memory(const tg_png_decoder *decoder);

/// Reads every chunk before the image data (checking each CRC) of the file open at `descriptor`,
/// from its start; the decoder takes the descriptor over and closes it, whatever happens. Allocates
/// nothing that grows with the image: the caller checks the size against its limits next.
int tg_png_decoder_open(tg_png_decoder *decoder, int descriptor, tg_png_info *info);

/// Copies the iCCP profile (info->icc_length bytes) into `buffer`.
int tg_png_decoder_copy_icc(tg_png_decoder *decoder, uint8_t *buffer);

/// Sets the transforms to RGBA (palette, grey and low bit depths expanded, tRNS to alpha,
/// opaque images filled with 255) and starts the image data. `keep_16`: 16-bit sources keep
/// 16 bits a channel (8 bytes a pixel); otherwise they are rounded to 8 bits.
int tg_png_decoder_start(tg_png_decoder *decoder, int keep_16, tg_png_info *info);

/// Non-interlaced files: reads the next `count` rows, `row_stride` bytes apart.
int tg_png_decoder_read_rows(tg_png_decoder *decoder, uint8_t *rows, size_t row_stride, uint32_t count);

/// Interlaced files: reads every pass into the whole image (height rows, `row_stride` apart).
int tg_png_decoder_read_image(tg_png_decoder *decoder, uint8_t *pixels, size_t row_stride);

/// Reads to IEND, checking the rest of the zlib stream (its Adler-32) and every CRC.
int tg_png_decoder_finish(tg_png_decoder *decoder);

/// 1 when compressed data followed the end of the image's zlib stream (ignored, as libpng's
/// default benign-error handling ignores it), else 0.
int tg_png_decoder_extra_data(const tg_png_decoder *decoder);

#endif
