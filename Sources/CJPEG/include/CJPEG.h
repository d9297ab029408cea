// A setjmp-guarded face of libjpeg-turbo for Swift: every entry point arms its own jump
// buffer, so a libjpeg error never unwinds through a Swift frame. Calls return 0 on success and
// -1 on failure, with the reason in tg_jpeg_*_message().
#ifndef CJPEG_H
#define CJPEG_H

#include <stddef.h>
#include <stdint.h>

/// What the header says, and (after start) what the decoder will produce.
typedef struct tg_jpeg_info {
    int width, height;                 // full stored size
    int components;
    int color_space;                   // TG_JPEG_* below
    int progressive;
    int adobe_transform;               // -1 without an Adobe marker, else its transform (0, 1, 2)
    int h_samp[4], v_samp[4];
    int output_width, output_height;   // after tg_jpeg_decoder_start
    int output_is_cmyk;                // rows are C, M, Y, K as stored, not RGBX
} tg_jpeg_info;

enum {
    TG_JPEG_GRAY = 1, TG_JPEG_RGB = 2, TG_JPEG_YCBCR = 3, TG_JPEG_CMYK = 4, TG_JPEG_YCCK = 5, TG_JPEG_OTHER = 0
};

/// What made a call fail (tg_jpeg_decoder_failure).
enum {
    TG_JPEG_DAMAGED = 0,        // the data: truncated, corrupt, unsupported
    TG_JPEG_OVER_LIMIT = 1,     // max_memory or the scan limit
    TG_JPEG_OUT_OF_MEMORY = 2   // a failed allocation: nothing to do with the file
};

typedef struct tg_jpeg_decoder tg_jpeg_decoder;

tg_jpeg_decoder *tg_jpeg_decoder_create(void);
void tg_jpeg_decoder_destroy(tg_jpeg_decoder *decoder);
const char *tg_jpeg_decoder_message(const tg_jpeg_decoder *decoder);
/// The kind of the last failure: TG_JPEG_DAMAGED, TG_JPEG_OVER_LIMIT or TG_JPEG_OUT_OF_MEMORY.
int tg_jpeg_decoder_failure(const tg_jpeg_decoder *decoder);

/// Reads the header of the file open at `descriptor` (keeping APP2 markers for the ICC profile),
/// from its start. The decoder takes the descriptor over and closes it, whatever happens.
/// `max_memory` bounds what libjpeg may allocate, in bytes (0: unbounded). `scan_limit`: most
/// scans a progressive file may have (0: unbounded); libjpeg stops once it meets one more.
/// `block_limit`: most blocks of coefficients a progressive file's scans may decode, summed over
/// its scans (0: unbounded); libjpeg stops once a scan would pass it.
int tg_jpeg_decoder_open(tg_jpeg_decoder *decoder, int descriptor, long max_memory, int scan_limit,
                         long long block_limit, tg_jpeg_info *info);

/// The file's start-of-scan markers, counted from its bytes without decoding (after open), and
/// into `blocks` the blocks of coefficients those scans decode, summed over the scans.
int tg_jpeg_decoder_count_scans(tg_jpeg_decoder *decoder, long long *blocks);

/// The embedded ICC profile, malloc'd (free with tg_jpeg_free), or NULL with length 0.
int tg_jpeg_decoder_icc(tg_jpeg_decoder *decoder, uint8_t **data, unsigned *length);

/// Starts decoding at scale_num/8 of the full size. Output rows are 4 bytes a pixel: R, G, B, X,
/// or C, M, Y, K for CMYK and YCCK files (info->output_is_cmyk).
int tg_jpeg_decoder_start(tg_jpeg_decoder *decoder, int scale_num, int fast, tg_jpeg_info *info);

/// Reads up to max_rows rows into `rows` (row_stride bytes apart); *rows_read says how many.
int tg_jpeg_decoder_read(tg_jpeg_decoder *decoder, uint8_t *rows, size_t row_stride, int max_rows, int *rows_read);

/// One component of a planar decode, as tg_jpeg_decoder_start_planes found it.
typedef struct tg_jpeg_plane {
    int width, height;      // the plane's size
    int buffer_width;       // bytes a row of its strip buffer must hold (whole blocks)
    int rows;               // rows of it each tg_jpeg_decoder_read_planes hands over
    int h_samp, v_samp;     // its sampling factors
    int dct_scaled_size;    // each 8x8 block of it decodes to this many pixels a side
} tg_jpeg_plane;

/// Starts decoding a YCbCr (three components) or grey (one) file at scale_num/8 as its own
/// planes, with no colour conversion or chroma upsampling, each at its own resolution (4:2:0
/// chroma at half the luma's at every scale): planes[0..<*count] describe them, and *max_h, *max_v are the largest sampling factors (a plane decodes h_samp * dct_scaled_size
/// / (max_h * 8) pixels per full-size pixel across). Returns 1, starting nothing, for any
/// other colour space.
int tg_jpeg_decoder_start_planes(tg_jpeg_decoder *decoder, int scale_num, tg_jpeg_info *info,
                                 tg_jpeg_plane planes[3], int *count, int *max_h, int *max_v);

/// Reads the next group of rows of every plane into buffers[c] (planes[c].rows rows of
/// planes[c].buffer_width bytes); *rows_read is 0 at the end. Rows past a plane's height are
/// padding.
int tg_jpeg_decoder_read_planes(tg_jpeg_decoder *decoder, uint8_t *const buffers[3], int *rows_read);

/// Finishes the decode (checking the end of the data).
int tg_jpeg_decoder_finish(tg_jpeg_decoder *decoder);

/// One scan of a progressive script (for fixtures): the components it carries (indexes), its
/// spectral band ss...se and its successive-approximation bits ah, al.
typedef struct tg_jpeg_scan {
    int component_count;
    int components[4];
    int ss, se, ah, al;
} tg_jpeg_scan;

typedef struct tg_jpeg_encode_options {
    int quality;            // 1...100
    int progressive;
    int chroma_444;         // no chroma subsampling
    int grayscale;          // write one component (input rows are still RGBX)
    const uint8_t *icc;
    unsigned icc_length;
    const uint8_t *exif;    // an APP1 payload ("Exif\0\0" + TIFF), written as given (fixtures)
    unsigned exif_length;
    int input_cmyk;         // rows are C, M, Y, K and are written as a CMYK file, 2: as YCCK (fixtures)
    const tg_jpeg_scan *scans;  // a progressive scan script to write instead of the default (fixtures)
    int scan_count;
    int chroma_422;         // chroma halved across only, as some cameras write (fixtures)
} tg_jpeg_encode_options;

/// Encodes RGBX rows (4 bytes a pixel) with optimised Huffman tables. *out is malloc'd (free
/// with tg_jpeg_free). `message` receives the reason on failure (JMSG_LENGTH_MAX bytes).
int tg_jpeg_encode(const uint8_t *pixels, int width, int height, size_t row_stride,
                   const tg_jpeg_encode_options *options, uint8_t **out, unsigned long *out_length,
                   char message[200]);

/// Encodes planes as they are, with no colour conversion or chroma downsampling: Y, Cb, Cr
/// (full-range BT.601) with chroma at half resolution each way, rounded up (4:2:0), or Y alone
/// (plane_count 1) for a grey file. planes[c] has strides[c] bytes a row. Options as
/// tg_jpeg_encode (chroma_444, grayscale and input_cmyk aside).
int tg_jpeg_encode_planes(const uint8_t *const planes[3], const size_t strides[3], int plane_count, int width, int height,
                          const tg_jpeg_encode_options *options, uint8_t **out, unsigned long *out_length,
                          char message[200]);

void tg_jpeg_free(void *pointer);

#endif
