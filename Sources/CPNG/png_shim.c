#include "CPNG.h"

#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <png.h>

struct tg_png_decoder {
    png_structp png;
    png_infop info;
    FILE *file;
    jmp_buf jump;
    int passes;
    int message_set;   // the read callback already wrote a plainer message than libpng's
    int out_of_memory; // the failure was an allocation (libpng's or zlib's), not the file
    int image_data;    // reading the image data: libpng's benign errors come as warnings
    int extra_data;    // compressed data followed the image's zlib stream (and was ignored)
    char message[256];
};

// ---------------------------------------------------------------------------------------------
// Errors: the error callback copies the message and jumps back to the armed entry point.

/// libpng's words for the damage users meet most, said plainly; anything else passes through.
static const char *plain_reason(const char *text) {
    if (strstr(text, "CRC error")) return "a chunk's CRC checksum does not match its data: the file is damaged";
    if (strstr(text, "incorrect data check"))
        return "the image data's Adler-32 checksum does not match: the file is damaged";
    if (strstr(text, "Not enough image data")) return "the image data ends before the last row (truncated?)";
    if (strstr(text, "Too much image data") || strstr(text, "Too many IDATs"))
        return "there is more image data than the header's size allows: the file is damaged";
    return NULL;
}

static void tg_png_error(png_structp png, png_const_charp text) {
    tg_png_decoder *decoder = png_get_error_ptr(png);
    // png_malloc says "Out of memory"; zlib's Z_MEM_ERROR comes as "insufficient memory".
    if (strstr(text, "Out of memory") || strstr(text, "insufficient memory")) decoder->out_of_memory = 1;
    if (!decoder->message_set) {
        const char *plain = plain_reason(text);
        if (plain) snprintf(decoder->message, sizeof decoder->message, "%s (%s)", plain, text);
        else snprintf(decoder->message, sizeof decoder->message, "corrupt PNG data (%s)", text);
    }
    longjmp(decoder->jump, 1);
}

// Warnings before the image data concern ancillary chunks thumbgen drops or does not use (a
// malformed iCCP is left out of the rendition). Damage to the image data is an error (see
// png_set_crc_action below), with one exception: data after the end of the image's zlib stream,
// once every row has decoded and the stream's Adler-32 has matched, is ignored with a warning, as
// libpng's default benign-error handling, Pillow and browsers do. So libpng's benign errors come
// here while the image data is read, and all but that one are made errors again.
static void tg_png_warning(png_structp png, png_const_charp text) {
    tg_png_decoder *decoder = png_get_error_ptr(png);
    if (!decoder->image_data) return;
    if (strstr(text, "Extra compressed data")) {
        decoder->extra_data = 1;
        return;
    }
    tg_png_error(png, text);
}

static void tg_png_read(png_structp png, png_bytep data, size_t length) {
    tg_png_decoder *decoder = png_get_io_ptr(png);
    if (fread(data, 1, length, decoder->file) == length) return;
    snprintf(decoder->message, sizeof decoder->message, "%s",
             ferror(decoder->file) ? "the file cannot be read (I/O error)" : "the PNG ends early (truncated?)");
    decoder->message_set = 1;
    png_error(png, decoder->message);
}

// ---------------------------------------------------------------------------------------------
// Decoding

tg_png_decoder *tg_png_decoder_create(void) { return calloc(1, sizeof(tg_png_decoder)); }

void tg_png_decoder_destroy(tg_png_decoder *decoder) {
    if (!decoder) return;
    if (decoder->png) png_destroy_read_struct(&decoder->png, decoder->info ? &decoder->info : NULL, NULL);
    if (decoder->file) fclose(decoder->file);
    free(decoder);
}

const char *tg_png_decoder_message(const tg_png_decoder *decoder) { return decoder->message; }

int tg_png_decoder_out_of_memory(const tg_png_decoder *decoder) { return decoder->out_of_memory; }

static uint32_t read_uint32(const png_byte *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

/// sRGB, gAMA and cHRM come as the file has them (kept as unknown chunks): libpng's own
/// getters would report values it derives from an iCCP or sRGB chunk as if they were there.
static void read_color_chunks(tg_png_decoder *decoder, tg_png_info *info) {
    png_unknown_chunkp chunks = NULL;
    int count = png_get_unknown_chunks(decoder->png, decoder->info, &chunks);
    for (int i = 0; i < count; i++) {
        const png_unknown_chunk *chunk = &chunks[i];
        const char *name = (const char *)chunk->name;
        if (!strcmp(name, "sRGB") && chunk->size == 1 && chunk->data[0] <= 3 && info->srgb_intent < 0) {
            info->srgb_intent = chunk->data[0];
        } else if (!strcmp(name, "gAMA") && chunk->size == 4 && info->gamma == 0) {
            uint32_t gamma = read_uint32(chunk->data);
            if (gamma > 0 && gamma <= 0x7FFFFFFF) info->gamma = (int)gamma;
        } else if (!strcmp(name, "cHRM") && chunk->size == 32 && !info->has_chromaticities) {
            int valid = 1;
            for (int k = 0; k < 8; k++) {
                uint32_t value = read_uint32(chunk->data + 4 * k);
                if (value > 0x7FFFFFFF) valid = 0;
                info->chromaticities[k] = (int)value;
            }
            info->has_chromaticities = valid;
        }
    }
}

int tg_png_decoder_open(tg_png_decoder *decoder, int descriptor, tg_png_info *info) {
    memset(info, 0, sizeof *info);
    info->srgb_intent = -1;
    // Armed before libpng exists: creating the read struct can report an error too.
    if (setjmp(decoder->jump)) return -1;
    decoder->file = fdopen(descriptor, "rb");
    if (!decoder->file) {
        snprintf(decoder->message, sizeof decoder->message, "cannot open the file: %s", strerror(errno));
        close(descriptor);
        return -2;
    }
    setvbuf(decoder->file, NULL, _IOFBF, 1 << 16);
    decoder->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, decoder, tg_png_error, tg_png_warning);
    if (decoder->png) decoder->info = png_create_info_struct(decoder->png);
    if (!decoder->png || !decoder->info) {
        snprintf(decoder->message, sizeof decoder->message, "out of memory");
        decoder->out_of_memory = 1;
        return -1;
    }
    png_structp png = decoder->png;
    png_set_read_fn(png, decoder, tg_png_read);
    png_set_crc_action(png, PNG_CRC_DEFAULT, PNG_CRC_ERROR_QUIT);
    // The caller checks the size against its own limits, with a message that says which.
    png_set_user_limits(png, 0x7FFFFFFF, 0x7FFFFFFF);
    png_set_option(png, PNG_SKIP_sRGB_CHECK_PROFILE, PNG_OPTION_ON);
    // Skip (but CRC-check) every ancillary chunk except the colour ones renditions carry.
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, (png_const_bytep) "sRGB\0gAMA\0cHRM\0", 3);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_AS_DEFAULT, (png_const_bytep) "iCCP\0", 1);
    png_read_info(png, decoder->info);

    info->width = png_get_image_width(png, decoder->info);
    info->height = png_get_image_height(png, decoder->info);
    info->bit_depth = png_get_bit_depth(png, decoder->info);
    info->color_type = png_get_color_type(png, decoder->info);
    info->interlaced = png_get_interlace_type(png, decoder->info) != PNG_INTERLACE_NONE;
    info->has_alpha = (info->color_type & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, decoder->info, PNG_INFO_tRNS);
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 length = 0;
    if (png_get_iCCP(png, decoder->info, &name, &compression, &profile, &length) && profile) info->icc_length = length;
    read_color_chunks(decoder, info);
    return 0;
}

int tg_png_decoder_copy_icc(tg_png_decoder *decoder, uint8_t *buffer) {
    if (setjmp(decoder->jump)) return -1;
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 length = 0;
    if (png_get_iCCP(decoder->png, decoder->info, &name, &compression, &profile, &length) && profile) {
        memcpy(buffer, profile, length);
    }
    return 0;
}

int tg_png_decoder_start(tg_png_decoder *decoder, int keep_16, tg_png_info *info) {
    if (setjmp(decoder->jump)) return -1;
    png_structp png = decoder->png;
    png_set_expand(png);  // palette to RGB, grey below 8 bits to 8, tRNS to an alpha channel
    if (info->bit_depth == 16) {
        if (keep_16) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            png_set_swap(png);
#endif
        } else {
            png_set_scale_16(png);  // rounds (v × 255 + 32895) >> 16, where strip_16 truncates
        }
    }
    if (!(info->color_type & PNG_COLOR_MASK_COLOR)) png_set_gray_to_rgb(png);
    if (!info->has_alpha) png_set_filler(png, 0xFFFF, PNG_FILLER_AFTER);
    decoder->passes = info->interlaced ? png_set_interlace_handling(png) : 1;
    // From here on every ancillary chunk is skipped, and damage that libpng calls benign (a bad
    // Adler-32, too much image data) stops the decode: tg_png_warning makes it an error again,
    // all but compressed data after the end of the stream.
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    png_set_benign_errors(png, 1);
    decoder->image_data = 1;
    png_read_update_info(png, decoder->info);

    size_t row_bytes = png_get_rowbytes(png, decoder->info);
    int channels = png_get_channels(png, decoder->info);
    int depth = png_get_bit_depth(png, decoder->info);
    if (channels != 4 || (depth != 8 && depth != 16) || row_bytes != (size_t)info->width * (size_t)(depth / 2)) {
        snprintf(decoder->message, sizeof decoder->message,
                 "libpng gave %d channels of %d bits where RGBA was asked for", channels, depth);
        return -1;
    }
    info->output_bytes_per_pixel = depth / 2;
    return 0;
}

int tg_png_decoder_read_rows(tg_png_decoder *decoder, uint8_t *rows, size_t row_stride, uint32_t count) {
    if (setjmp(decoder->jump)) return -1;
    for (uint32_t i = 0; i < count; i++) png_read_row(decoder->png, rows + (size_t)i * row_stride, NULL);
    return 0;
}

int tg_png_decoder_read_image(tg_png_decoder *decoder, uint8_t *pixels, size_t row_stride) {
    if (setjmp(decoder->jump)) return -1;
    png_uint_32 height = png_get_image_height(decoder->png, decoder->info);
    // Each pass writes its own pixels into the rows the earlier passes filled.
    for (int pass = 0; pass < decoder->passes; pass++) {
        for (png_uint_32 y = 0; y < height; y++) png_read_row(decoder->png, pixels + (size_t)y * row_stride, NULL);
    }
    return 0;
}

int tg_png_decoder_extra_data(const tg_png_decoder *decoder) { return decoder->extra_data; }

int tg_png_decoder_finish(tg_png_decoder *decoder) {
    if (setjmp(decoder->jump)) return -1;
    png_read_end(decoder->png, NULL);
    return 0;
}
