#include <lcms2.h>

// lcms2's pixel formats are macros Swift cannot import: the ones thumbgen converts with.
static const cmsUInt32Number TG_LCMS_TYPE_CMYK_8 = TYPE_CMYK_8;
// Adobe's CMYK, stored inverted (255: no ink).
static const cmsUInt32Number TG_LCMS_TYPE_CMYK_8_REV = TYPE_CMYK_8_REV;
static const cmsUInt32Number TG_LCMS_TYPE_RGB_8 = TYPE_RGB_8;
static const cmsUInt32Number TG_LCMS_TYPE_RGBA_8 = TYPE_RGBA_8;
static const cmsUInt32Number TG_LCMS_TYPE_GRAY_8 = TYPE_GRAY_8;
