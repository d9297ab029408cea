#include <errno.h>
#include "CJPEG.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jpeglib.h>
#include <jerror.h>

// ---------------------------------------------------------------------------------------------
// Errors: error_exit and fatal warnings copy the message and jump back to the armed entry point.

struct tg_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    int decoding;  // a missing backing store while decoding is the limit's doing (limits.memory_mb)
    int kind;      // TG_JPEG_DAMAGED, TG_JPEG_OVER_LIMIT or TG_JPEG_OUT_OF_MEMORY
    char message[JMSG_LENGTH_MAX + 64];
};

static void tg_error_exit(j_common_ptr cinfo) {
    struct tg_error *error = (struct tg_error *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    // libjpeg asks for a backing store once max_memory_to_use is reached; a failed malloc is
    // JERR_OUT_OF_MEMORY, which says nothing about the file.
    if (error->decoding && error->base.msg_code == JERR_NO_BACKING_STORE) {
        error->kind = TG_JPEG_OVER_LIMIT;
        snprintf(error->message, sizeof error->message, "decoding needs more memory than the limit allows (limits.memory_mb; %s)", text);
    } else if (error->base.msg_code == JERR_OUT_OF_MEMORY) {
        error->kind = TG_JPEG_OUT_OF_MEMORY;
        snprintf(error->message, sizeof error->message, "%s", text);
    } else {
        snprintf(error->message, sizeof error->message, "%s", text);
    }
    longjmp(error->jump, 1);
}

// libjpeg reports truncated or corrupt data as warnings and fills the rest with grey. Those
// warnings are fatal here: a grey rendition is worse than none. Harmless ones pass.
static void tg_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;  // trace messages
    switch (cinfo->err->msg_code) {
    case JWRN_EXTRANEOUS_DATA:  // stray bytes between markers; the image data is intact
    case JWRN_JFIF_MAJOR:       // an unknown JFIF revision
    case JWRN_ADOBE_XFORM:      // an unknown Adobe transform; treated as YCbCr
    case JWRN_BOGUS_ICC:        // a damaged ICC profile; the rendition goes without it
        cinfo->err->num_warnings++;
        return;
    default:
        break;
    }
    struct tg_error *error = (struct tg_error *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    snprintf(error->message, sizeof error->message, "corrupt or truncated JPEG data (%s)", text);
    longjmp(error->jump, 1);
}

static void tg_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void tg_error_init(struct tg_error *error) {
    jpeg_std_error(&error->base);
    error->base.error_exit = tg_error_exit;
    error->base.emit_message = tg_emit_message;
    error->base.output_message = tg_output_message;
    error->decoding = 0;
    error->kind = TG_JPEG_DAMAGED;
    error->message[0] = 0;
}

// ---------------------------------------------------------------------------------------------
// Decoding

struct tg_scan_monitor {
    struct jpeg_progress_mgr base;
    int scan_limit;          // 0: none
    long long block_limit;   // 0: none
    long long blocks;        // decoded by the scans begun so far
    int last_scan;           // the scan whose blocks `blocks` last counted
};

struct tg_jpeg_decoder {
    struct jpeg_decompress_struct cinfo;
    struct tg_error error;
    struct tg_scan_monitor monitor;
    FILE *file;
    int created;
    int started;
    JSAMPARRAY plane_rows[3];  // a planar decode's row pointers into the caller's strip buffers
    void (*realize_virt_arrays)(j_common_ptr);  // libjpeg's own, while a planar decode starts
};

tg_jpeg_decoder *tg_jpeg_decoder_create(void) {
    tg_jpeg_decoder *decoder = calloc(1, sizeof *decoder);
    return decoder;
}

void tg_jpeg_decoder_destroy(tg_jpeg_decoder *decoder) {
    if (!decoder) return;
    if (decoder->created) jpeg_destroy_decompress(&decoder->cinfo);
    if (decoder->file) fclose(decoder->file);
    for (int i = 0; i < 3; i++) free(decoder->plane_rows[i]);
    free(decoder);
}

const char *tg_jpeg_decoder_message(const tg_jpeg_decoder *decoder) { return decoder->error.message; }

int tg_jpeg_decoder_failure(const tg_jpeg_decoder *decoder) { return decoder->error.kind; }

// ---------------------------------------------------------------------------------------------
// limits.scans: every scan of a progressive JPEG is a pass over all the blocks of coefficients
// of its components, even a scan with no data (an end-of-band run still visits each block), so
// the scans and the blocks they decode are counted before any is decoded. The progress monitor
// is the backstop: libjpeg calls it before each step of input, and it stops the decode once the
// scan number, or the blocks of the scans begun, pass their limits, should libjpeg ever find a
// scan the count did not.

// The blocks a scan decodes: a scan of one component covers its blocks; an interleaved scan
// covers whole MCUs, each with every component's h x v blocks.
static long long scan_blocks(const struct jpeg_decompress_struct *cinfo, int count, const int ids[4]) {
    long long blocks = 0;
    if (count == 1) {
        for (int c = 0; c < cinfo->num_components; c++) {
            const jpeg_component_info *component = &cinfo->comp_info[c];
            if (component->component_id == ids[0]) blocks = (long long)component->width_in_blocks * component->height_in_blocks;
        }
        return blocks;
    }
    long long across = ((long long)cinfo->image_width + cinfo->max_h_samp_factor * DCTSIZE - 1) / (cinfo->max_h_samp_factor * DCTSIZE);
    long long down = ((long long)cinfo->image_height + cinfo->max_v_samp_factor * DCTSIZE - 1) / (cinfo->max_v_samp_factor * DCTSIZE);
    for (int i = 0; i < count; i++) {
        for (int c = 0; c < cinfo->num_components; c++) {
            const jpeg_component_info *component = &cinfo->comp_info[c];
            if (component->component_id == ids[i]) blocks += across * down * component->h_samp_factor * component->v_samp_factor;
        }
    }
    return blocks;
}

static void tg_scan_monitor_check(j_common_ptr cinfo) {
    struct tg_scan_monitor *monitor = (struct tg_scan_monitor *)cinfo->progress;
    j_decompress_ptr decompress = (j_decompress_ptr)cinfo;
    if (!cinfo->is_decompressor) return;
    struct tg_error *error = (struct tg_error *)cinfo->err;
    if (monitor->scan_limit > 0 && decompress->input_scan_number > monitor->scan_limit) {
        error->kind = TG_JPEG_OVER_LIMIT;
        snprintf(error->message, sizeof error->message,
                 "this progressive JPEG has more than %d scans, over the limit of %d (limits.scans)",
                 monitor->scan_limit, monitor->scan_limit);
        longjmp(error->jump, 1);
    }
    if (monitor->block_limit > 0 && decompress->input_scan_number > monitor->last_scan && decompress->comps_in_scan > 0) {
        int ids[4] = {0, 0, 0, 0};
        for (int i = 0; i < decompress->comps_in_scan && i < 4; i++) ids[i] = decompress->cur_comp_info[i]->component_id;
        monitor->blocks += scan_blocks(decompress, decompress->comps_in_scan, ids);
        monitor->last_scan = decompress->input_scan_number;
        if (monitor->blocks > monitor->block_limit) {
            error->kind = TG_JPEG_OVER_LIMIT;
            snprintf(error->message, sizeof error->message,
                     "this progressive JPEG's scans decode more than %lld blocks of coefficients, over the limit of %lld (limits.scans)",
                     monitor->block_limit, monitor->block_limit);
            longjmp(error->jump, 1);
        }
    }
}

/// Reads a file through its descriptor with pread, leaving the FILE's position to libjpeg.
struct tg_byte_reader {
    int descriptor;
    off_t offset;
    size_t length, index;
    unsigned char buffer[1 << 16];
};

static int next_byte(struct tg_byte_reader *reader) {
    if (reader->index == reader->length) {
        ssize_t got;
        do got = pread(reader->descriptor, reader->buffer, sizeof reader->buffer, reader->offset);
        while (got < 0 && errno == EINTR);
        if (got <= 0) return -1;
        reader->offset += got;
        reader->length = (size_t)got;
        reader->index = 0;
    }
    return reader->buffer[reader->index++];
}

/// Reads up to and including the next 0xFF: 0xFF, or -1 at the end of the file or on a read
/// error, as `next_byte`. Entropy-coded data holds one about every 256 bytes (each stuffed as
/// FF 00), so memchr finds it, not a loop.
static int next_ff(struct tg_byte_reader *reader) {
    for (;;) {
        if (reader->index < reader->length) {
            const unsigned char *at = memchr(reader->buffer + reader->index, 0xFF, reader->length - reader->index);
            if (at) {
                reader->index = (size_t)(at - reader->buffer) + 1;
                return 0xFF;
            }
            reader->index = reader->length;
        }
        if (next_byte(reader) < 0) return -1;
        reader->index--;  // the byte just read is looked at by memchr
    }
}

static void skip_bytes(struct tg_byte_reader *reader, size_t count) {
    size_t buffered = reader->length - reader->index;
    if (count <= buffered) {
        reader->index += count;
    } else {
        reader->offset += (off_t)(count - buffered);
        reader->index = reader->length = 0;
    }
}

/// The start-of-scan markers from SOI to EOI: one read of the file, no decoding. Marker segments
/// are skipped by their length; in entropy-coded data a 0xFF is followed by a stuffed 0x00 or a
/// restart marker, and anything else is the next marker.
static int count_scans(const struct jpeg_decompress_struct *cinfo, int descriptor, long long *blocks) {
    *blocks = 0;
    struct tg_byte_reader *reader = calloc(1, sizeof *reader);
    if (!reader) return 0;
    reader->descriptor = descriptor;
    int scans = 0, marker = -1;
    if (next_byte(reader) != 0xFF || next_byte(reader) != 0xD8) goto done;
    for (;;) {
        if (marker < 0) {
            int c;
            do c = next_byte(reader); while (c >= 0 && c != 0xFF);  // stray bytes, as libjpeg skips them
            do c = next_byte(reader); while (c == 0xFF);             // fill bytes
            marker = c;
        }
        int code = marker;
        marker = -1;
        if (code < 0 || code == 0xD9) break;
        if (code == 0x00 || code == 0x01 || (code >= 0xD0 && code <= 0xD8)) continue;
        int high = next_byte(reader), low = next_byte(reader);
        if (low < 0 || (high << 8 | low) < 2) break;
        size_t length = (size_t)((high << 8 | low) - 2);
        if (code != 0xDA) {
            skip_bytes(reader, length);
            continue;
        }
        // SOS: the component count, then each component's selector and table byte.
        int count = length >= 1 ? next_byte(reader) : 0, ids[4] = {0, 0, 0, 0};
        size_t read = 1;
        for (int i = 0; i < count && read + 2 <= length; i++, read += 2) {
            int id = next_byte(reader);
            (void)next_byte(reader);
            if (i < 4) ids[i] = id;
        }
        skip_bytes(reader, length > read ? length - read : 0);
        if (count >= 1 && count <= 4) *blocks += scan_blocks(cinfo, count, ids);
        scans++;
        for (;;) {
            int c = next_ff(reader);
            if (c < 0) goto done;
            do c = next_byte(reader); while (c == 0xFF);
            if (c < 0) goto done;
            if (c == 0x00 || (c >= 0xD0 && c <= 0xD7)) continue;
            marker = c;
            break;
        }
    }
done:
    free(reader);
    return scans;
}

static int color_space_code(J_COLOR_SPACE space) {
    switch (space) {
    case JCS_GRAYSCALE: return TG_JPEG_GRAY;
    case JCS_RGB: return TG_JPEG_RGB;
    case JCS_YCbCr: return TG_JPEG_YCBCR;
    case JCS_CMYK: return TG_JPEG_CMYK;
    case JCS_YCCK: return TG_JPEG_YCCK;
    default: return TG_JPEG_OTHER;
    }
}

static void fill_info(const struct jpeg_decompress_struct *cinfo, tg_jpeg_info *info) {
    info->width = (int)cinfo->image_width;
    info->height = (int)cinfo->image_height;
    info->components = cinfo->num_components;
    info->color_space = color_space_code(cinfo->jpeg_color_space);
    info->progressive = cinfo->progressive_mode ? 1 : 0;
    info->adobe_transform = cinfo->saw_Adobe_marker ? cinfo->Adobe_transform : -1;
    for (int i = 0; i < 4; i++) {
        info->h_samp[i] = i < cinfo->num_components ? cinfo->comp_info[i].h_samp_factor : 0;
        info->v_samp[i] = i < cinfo->num_components ? cinfo->comp_info[i].v_samp_factor : 0;
    }
    info->output_width = (int)cinfo->output_width;
    info->output_height = (int)cinfo->output_height;
}

int tg_jpeg_decoder_open(tg_jpeg_decoder *decoder, int descriptor, long max_memory, int scan_limit,
                         long long block_limit, tg_jpeg_info *info) {
    tg_error_init(&decoder->error);
    decoder->error.decoding = 1;
    decoder->cinfo.err = &decoder->error.base;
    if (setjmp(decoder->error.jump)) {
        // Failed before the FILE took the descriptor over: it is still the caller's gift.
        if (!decoder->file) close(descriptor);
        return -1;
    }
    jpeg_create_decompress(&decoder->cinfo);
    decoder->created = 1;
    if (max_memory > 0) decoder->cinfo.mem->max_memory_to_use = max_memory;
    decoder->file = fdopen(descriptor, "rb");
    if (!decoder->file) {
        snprintf(decoder->error.message, sizeof decoder->error.message, "cannot open the file: %s", strerror(errno));
        close(descriptor);
        return -2;
    }
    jpeg_stdio_src(&decoder->cinfo, decoder->file);
    jpeg_save_markers(&decoder->cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(&decoder->cinfo, TRUE);
    memset(info, 0, sizeof *info);
    fill_info(&decoder->cinfo, info);
    if (decoder->cinfo.progressive_mode && (scan_limit > 0 || block_limit > 0)) {
        decoder->monitor.base.progress_monitor = tg_scan_monitor_check;
        decoder->monitor.scan_limit = scan_limit;
        decoder->monitor.block_limit = block_limit;
        decoder->cinfo.progress = &decoder->monitor.base;
    }
    return 0;
}

int tg_jpeg_decoder_count_scans(tg_jpeg_decoder *decoder, long long *blocks) {
    return count_scans(&decoder->cinfo, fileno(decoder->file), blocks);
}

int tg_jpeg_decoder_icc(tg_jpeg_decoder *decoder, uint8_t **data, unsigned *length) {
    *data = NULL;
    *length = 0;
    if (setjmp(decoder->error.jump)) return -1;
    JOCTET *profile = NULL;
    unsigned int size = 0;
    if (jpeg_read_icc_profile(&decoder->cinfo, &profile, &size)) {
        *data = profile;
        *length = size;
    }
    return 0;
}

int tg_jpeg_decoder_start(tg_jpeg_decoder *decoder, int scale_num, int fast, tg_jpeg_info *info) {
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    if (setjmp(decoder->error.jump)) return -1;
    cinfo->scale_num = (unsigned)scale_num;
    cinfo->scale_denom = 8;
    int cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    cinfo->out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBX;
    if (fast) {
        cinfo->dct_method = JDCT_IFAST;
        cinfo->do_fancy_upsampling = FALSE;
    }
    jpeg_start_decompress(cinfo);
    decoder->started = 1;
    fill_info(cinfo, info);
    info->output_is_cmyk = cmyk;
    return 0;
}

int tg_jpeg_decoder_read(tg_jpeg_decoder *decoder, uint8_t *rows, size_t row_stride, int max_rows, int *rows_read) {
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    volatile int done = 0;
    *rows_read = 0;
    if (setjmp(decoder->error.jump)) {
        *rows_read = done;
        return -1;
    }
    JSAMPROW pointers[16];
    while (done < max_rows && cinfo->output_scanline < cinfo->output_height) {
        int batch = max_rows - done < 16 ? max_rows - done : 16;
        for (int i = 0; i < batch; i++) pointers[i] = rows + (size_t)(done + i) * row_stride;
        JDIMENSION got = jpeg_read_scanlines(cinfo, pointers, (JDIMENSION)batch);
        if (got == 0) break;
        done += (int)got;
    }
    *rows_read = done;
    return 0;
}

// A planar decode keeps every component at its own resolution. At a scale below 8/8 libjpeg
// sizes a subsampled component's inverse DCT up to the luma's resolution (3/8 decodes 4:2:0
// chroma with 6x6 blocks, 5/8 with 10x10), which saves an upsampler's work but costs four
// times the chroma IDCT, and here, four times the chroma to resample. libjpeg settles each
// component's DCT_scaled_size in jpeg_calc_output_dimensions, inside jpeg_start_decompress,
// and first reads it afterwards: in per_scan_setup (MCU_sample_width), the IDCT's method
// choice and the coefficient controller, all of which run after master_selection asks the
// memory manager to realize its virtual arrays. That call is the hook: by then the sizes are
// settled and nothing has used them. It sets every component to the smallest scaled size and
// its downsampled size to match, as jpeg_calc_output_dimensions computes it. A libjpeg that
// never makes the call leaves its own sizes, which tg_jpeg_decoder_start_planes reports as
// they are.
static void tg_native_chroma_sizes(j_common_ptr common) {
    struct tg_jpeg_decoder *decoder = (struct tg_jpeg_decoder *)common;  // cinfo is its first member
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    for (int c = 0; c < cinfo->num_components; c++) {
        jpeg_component_info *component = &cinfo->comp_info[c];
        component->DCT_scaled_size = cinfo->min_DCT_scaled_size;
        long across = (long)cinfo->max_h_samp_factor * DCTSIZE, down = (long)cinfo->max_v_samp_factor * DCTSIZE;
        component->downsampled_width = (JDIMENSION)(((long)cinfo->image_width * component->h_samp_factor * component->DCT_scaled_size + across - 1) / across);
        component->downsampled_height = (JDIMENSION)(((long)cinfo->image_height * component->v_samp_factor * component->DCT_scaled_size + down - 1) / down);
    }
    decoder->realize_virt_arrays(common);
}

int tg_jpeg_decoder_start_planes(tg_jpeg_decoder *decoder, int scale_num, tg_jpeg_info *info,
                                 tg_jpeg_plane planes[3], int *count, int *max_h, int *max_v) {
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    *count = 0;
    int ycc = cinfo->jpeg_color_space == JCS_YCbCr && cinfo->num_components == 3;
    int grey = cinfo->jpeg_color_space == JCS_GRAYSCALE && cinfo->num_components == 1;
    if (!ycc && !grey) return 1;
    if (setjmp(decoder->error.jump)) return -1;
    cinfo->scale_num = (unsigned)scale_num;
    cinfo->scale_denom = 8;
    cinfo->out_color_space = cinfo->jpeg_color_space;
    cinfo->raw_data_out = TRUE;
    decoder->realize_virt_arrays = cinfo->mem->realize_virt_arrays;
    cinfo->mem->realize_virt_arrays = tg_native_chroma_sizes;
    jpeg_start_decompress(cinfo);
    cinfo->mem->realize_virt_arrays = decoder->realize_virt_arrays;
    decoder->started = 1;
    fill_info(cinfo, info);
    for (int c = 0; c < cinfo->num_components; c++) {
        jpeg_component_info *component = &cinfo->comp_info[c];
        tg_jpeg_plane *plane = &planes[c];
        plane->width = (int)component->downsampled_width;
        plane->height = (int)component->downsampled_height;
        plane->buffer_width = (int)component->width_in_blocks * component->DCT_scaled_size;
        plane->rows = component->v_samp_factor * component->DCT_scaled_size;
        plane->h_samp = component->h_samp_factor;
        plane->v_samp = component->v_samp_factor;
        plane->dct_scaled_size = component->DCT_scaled_size;
        decoder->plane_rows[c] = malloc(sizeof(JSAMPROW) * (size_t)plane->rows);
        if (!decoder->plane_rows[c]) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 11);
    }
    *count = cinfo->num_components;
    *max_h = cinfo->max_h_samp_factor;
    *max_v = cinfo->max_v_samp_factor;
    return 0;
}

int tg_jpeg_decoder_read_planes(tg_jpeg_decoder *decoder, uint8_t *const buffers[3], int *rows_read) {
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    *rows_read = 0;
    if (setjmp(decoder->error.jump)) return -1;
    if (cinfo->output_scanline >= cinfo->output_height) return 0;
    for (int c = 0; c < cinfo->num_components; c++) {
        jpeg_component_info *component = &cinfo->comp_info[c];
        size_t stride = (size_t)component->width_in_blocks * (size_t)component->DCT_scaled_size;
        int rows = component->v_samp_factor * component->DCT_scaled_size;
        for (int r = 0; r < rows; r++) decoder->plane_rows[c][r] = buffers[c] + (size_t)r * stride;
    }
    JDIMENSION lines = (JDIMENSION)(cinfo->max_v_samp_factor * cinfo->min_DCT_scaled_size);
    *rows_read = (int)jpeg_read_raw_data(cinfo, decoder->plane_rows, lines);
    return 0;
}

int tg_jpeg_decoder_finish(tg_jpeg_decoder *decoder) {
    if (setjmp(decoder->error.jump)) return -1;
    if (decoder->started) jpeg_finish_decompress(&decoder->cinfo);
    return 0;
}

// ---------------------------------------------------------------------------------------------
// Encoding

// A growing memory destination whose buffer the shim owns, so an error can free it. (libjpeg's
// jpeg_mem_dest hands its caller a pointer that goes stale when the buffer grows.)
struct tg_destination {
    struct jpeg_destination_mgr base;
    uint8_t *buffer;
    size_t capacity;
    size_t length;
};

static void tg_destination_init(j_compress_ptr cinfo) {
    struct tg_destination *dest = (struct tg_destination *)cinfo->dest;
    dest->base.next_output_byte = dest->buffer;
    dest->base.free_in_buffer = dest->capacity;
}

static boolean tg_destination_grow(j_compress_ptr cinfo) {
    struct tg_destination *dest = (struct tg_destination *)cinfo->dest;
    size_t used = dest->capacity;  // the whole buffer is full when libjpeg asks
    uint8_t *grown = realloc(dest->buffer, dest->capacity * 2);
    if (!grown) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 10);
    dest->buffer = grown;
    dest->capacity *= 2;
    dest->base.next_output_byte = grown + used;
    dest->base.free_in_buffer = dest->capacity - used;
    return TRUE;
}

static void tg_destination_term(j_compress_ptr cinfo) {
    struct tg_destination *dest = (struct tg_destination *)cinfo->dest;
    dest->length = dest->capacity - dest->base.free_in_buffer;
}

// Scan script, progression, ICC and EXIF: what both encoders set after jpeg_set_defaults.
static void apply_options(j_compress_ptr cinfo, const tg_jpeg_encode_options *options) {
    jpeg_set_quality(cinfo, options->quality, TRUE);
    cinfo->optimize_coding = TRUE;
    if (options->scan_count > 0) {
        jpeg_scan_info *script = (*cinfo->mem->alloc_small)((j_common_ptr)cinfo, JPOOL_PERMANENT,
                                                            sizeof(jpeg_scan_info) * (size_t)options->scan_count);
        for (int i = 0; i < options->scan_count; i++) {
            const tg_jpeg_scan *scan = &options->scans[i];
            script[i].comps_in_scan = scan->component_count;
            for (int k = 0; k < 4; k++) script[i].component_index[k] = scan->components[k];
            script[i].Ss = scan->ss;
            script[i].Se = scan->se;
            script[i].Ah = scan->ah;
            script[i].Al = scan->al;
        }
        cinfo->scan_info = script;
        cinfo->num_scans = options->scan_count;
    } else if (options->progressive) {
        jpeg_simple_progression(cinfo);
    }
    cinfo->write_JFIF_header = TRUE;
}

static void write_markers(j_compress_ptr cinfo, const tg_jpeg_encode_options *options) {
    if (options->exif && options->exif_length > 0) jpeg_write_marker(cinfo, JPEG_APP0 + 1, options->exif, options->exif_length);
    if (options->icc && options->icc_length > 0) jpeg_write_icc_profile(cinfo, options->icc, options->icc_length);
}

// The shim's own destination, for one encode: NULL when memory is short.
static struct tg_destination *destination_create(void) {
    struct tg_destination *destination = calloc(1, sizeof *destination);
    if (destination) {
        destination->capacity = 65536;
        destination->buffer = malloc(destination->capacity);
    }
    if (!destination || !destination->buffer) {
        free(destination);
        return NULL;
    }
    destination->base.init_destination = tg_destination_init;
    destination->base.empty_output_buffer = tg_destination_grow;
    destination->base.term_destination = tg_destination_term;
    return destination;
}

// A compressor writing to memory, with libjpeg's errors caught here: the one setjmp of both
// encoders. `body` sets the image up and writes it (jpeg_start_compress to jpeg_finish_compress);
// an error anywhere in it returns here, frees what was made and fills `message`.
typedef void (*tg_compress_body)(j_compress_ptr cinfo, const void *context);

static int compress_to_memory(tg_compress_body body, const void *context, uint8_t **out, unsigned long *out_length,
                              char message[200]) {
    struct jpeg_compress_struct cinfo;
    struct tg_error error;
    volatile int created = 0;
    *out = NULL;
    *out_length = 0;
    // On the heap: the pointer stays the same after setjmp, and what it points to is memory.
    struct tg_destination *destination = destination_create();
    if (!destination) {
        snprintf(message, 200, "out of memory");
        return -1;
    }
    tg_error_init(&error);
    cinfo.err = &error.base;
    if (setjmp(error.jump)) {
        snprintf(message, 200, "%s", error.message);
        if (created) jpeg_destroy_compress(&cinfo);
        free(destination->buffer);
        free(destination);
        return -1;
    }
    jpeg_create_compress(&cinfo);
    created = 1;
    cinfo.dest = &destination->base;
    body(&cinfo, context);
    jpeg_destroy_compress(&cinfo);
    *out = destination->buffer;
    *out_length = destination->length;
    free(destination);
    return 0;
}

struct tg_rgb_input {
    const uint8_t *pixels;
    int width, height;
    size_t row_stride;
    const tg_jpeg_encode_options *options;
};

static void compress_rgb(j_compress_ptr cinfo, const void *context) {
    const struct tg_rgb_input *input = context;
    const tg_jpeg_encode_options *options = input->options;
    cinfo->image_width = (JDIMENSION)input->width;
    cinfo->image_height = (JDIMENSION)input->height;
    cinfo->input_components = 4;
    cinfo->in_color_space = options->input_cmyk ? JCS_CMYK : JCS_EXT_RGBX;
    jpeg_set_defaults(cinfo);
    if (options->grayscale) jpeg_set_colorspace(cinfo, JCS_GRAYSCALE);
    if (options->input_cmyk == 2) jpeg_set_colorspace(cinfo, JCS_YCCK);
    if (!options->grayscale && options->chroma_444) {
        cinfo->comp_info[0].h_samp_factor = 1;
        cinfo->comp_info[0].v_samp_factor = 1;
    } else if (!options->grayscale && options->chroma_422) {
        cinfo->comp_info[0].v_samp_factor = 1;
    }
    apply_options(cinfo, options);
    jpeg_start_compress(cinfo, TRUE);
    write_markers(cinfo, options);
    while (cinfo->next_scanline < cinfo->image_height) {
        JSAMPROW row = (JSAMPROW)(input->pixels + (size_t)cinfo->next_scanline * input->row_stride);
        jpeg_write_scanlines(cinfo, &row, 1);
    }
    jpeg_finish_compress(cinfo);
}

int tg_jpeg_encode(const uint8_t *pixels, int width, int height, size_t row_stride,
                   const tg_jpeg_encode_options *options, uint8_t **out, unsigned long *out_length,
                   char message[200]) {
    struct tg_rgb_input input = { pixels, width, height, row_stride, options };
    return compress_to_memory(compress_rgb, &input, out, out_length, message);
}

// One group of rows of every plane (max_v_samp_factor * 8 luma rows), copied into whole blocks
// with the edge pixels repeated past the right and bottom edges, as libjpeg's own input stage
// pads: raw data must fill every block it codes.
struct tg_plane_strips {
    JSAMPARRAY rows[3];
    int widths[3], heights[3], padded_widths[3], group_rows[3];
};

static void fill_strips(struct tg_plane_strips *strips, int count, const uint8_t *const planes[3], const size_t strides[3],
                        int group) {
    for (int c = 0; c < count; c++) {
        for (int r = 0; r < strips->group_rows[c]; r++) {
            int source_row = group * strips->group_rows[c] + r;
            if (source_row >= strips->heights[c]) source_row = strips->heights[c] - 1;
            JSAMPROW target = strips->rows[c][r];
            memcpy(target, planes[c] + (size_t)source_row * strides[c], (size_t)strips->widths[c]);
            memset(target + strips->widths[c], target[strips->widths[c] - 1], (size_t)(strips->padded_widths[c] - strips->widths[c]));
        }
    }
}

struct tg_planes_input {
    const uint8_t *const *planes;
    const size_t *strides;
    int plane_count, width, height;
    const tg_jpeg_encode_options *options;
};

static void compress_planes(j_compress_ptr cinfo, const void *context) {
    const struct tg_planes_input *input = context;
    int plane_count = input->plane_count, width = input->width, height = input->height;
    cinfo->image_width = (JDIMENSION)width;
    cinfo->image_height = (JDIMENSION)height;
    cinfo->input_components = plane_count;
    cinfo->in_color_space = plane_count == 1 ? JCS_GRAYSCALE : JCS_YCbCr;
    jpeg_set_defaults(cinfo);  // YCbCr: luma 2x2, chroma 1x1 (4:2:0)
    apply_options(cinfo, input->options);
    cinfo->raw_data_in = TRUE;
    jpeg_start_compress(cinfo, TRUE);
    write_markers(cinfo, input->options);
    // Strips from libjpeg's own pool: freed with the compressor, also after an error.
    struct tg_plane_strips strips;
    for (int c = 0; c < plane_count; c++) {
        jpeg_component_info *component = &cinfo->comp_info[c];
        strips.widths[c] = c == 0 ? width : (width + 1) / 2;
        strips.heights[c] = c == 0 ? height : (height + 1) / 2;
        strips.padded_widths[c] = (int)component->width_in_blocks * DCTSIZE;
        strips.group_rows[c] = component->v_samp_factor * DCTSIZE;
        strips.rows[c] = (*cinfo->mem->alloc_sarray)((j_common_ptr)cinfo, JPOOL_IMAGE, (JDIMENSION)strips.padded_widths[c],
                                                     (JDIMENSION)strips.group_rows[c]);
    }
    JDIMENSION group_lines = (JDIMENSION)(cinfo->max_v_samp_factor * DCTSIZE);
    for (int group = 0; cinfo->next_scanline < cinfo->image_height; group++) {
        fill_strips(&strips, plane_count, input->planes, input->strides, group);
        jpeg_write_raw_data(cinfo, strips.rows, group_lines);
    }
    jpeg_finish_compress(cinfo);
}

int tg_jpeg_encode_planes(const uint8_t *const planes[3], const size_t strides[3], int plane_count, int width, int height,
                          const tg_jpeg_encode_options *options, uint8_t **out, unsigned long *out_length,
                          char message[200]) {
    struct tg_planes_input input = { planes, strides, plane_count, width, height, options };
    return compress_to_memory(compress_planes, &input, out, out_length, message);
}

void tg_jpeg_free(void *pointer) { free(pointer); }
