"""Probes behind bench/constants.py: each tuned constant's trade-off on one corpus.

  constants_probe.py deflate PNG...            the libdeflate level behind `compression: 6`
  constants_probe.py decode REFDIR JPEG...     the JPEG decode headroom (1.25)
  constants_probe.py cascade JPEG...           the cascade headroom (1.2)

Reads a JSON object of parameters on stdin where needed, prints one JSON object. Run with the
bench venv's Python (Pillow, and `deflate`, PyPI's binding of libdeflate, the library thumbgen's
PNG writer uses).

deflate: each of thumbgen's own PNG renditions is inflated back to its filtered rows (the
filters thumbgen chose), then compressed again with zlib at level 6 (what libpng and Pillow use
for compress_level 6) and with libdeflate at several levels; total bytes and CPU per level.

decode: each JPEG is decoded with libjpeg's DCT scaling (Pillow's draft(), libjpeg-turbo as in
thumbgen) at the power-of-two scale a headroom picks (the smallest of 1/8, 1/4, 1/2, 1 that keeps
headroom x the resolution the largest box needs), then Lanczos-resized to that box; PSNR against
the full-decode Lanczos reference (REFDIR/<name>.<W>x<H>.png, made by ImageMagick), and the
decode CPU. An emulation of thumbgen's render stage with Pillow's resampler, not thumbgen itself.

cascade: from one full decode, the largest box by Lanczos, then each smaller box from the
smallest box already made that has headroom x its resolution (else from the decode); PSNR of
each against a Lanczos resize of the full decode straight to its size, and the pixels read.
"""
import json
import math
import os
import struct
import sys
import time
import zlib

from PIL import Image, ImageChops, ImageOps, ImageStat, PngImagePlugin

# ImageMagick copies an original's EXIF and XMP into the reference PNGs as zTXt chunks, some
# larger than Pillow's default bound for text (1 MB): only the pixels are read here.
PngImagePlugin.MAX_TEXT_CHUNK = 1 << 30

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from geometry import cascade_order, upright  # noqa: E402

DEFLATE_LEVELS = [5, 6, 7, 8, 9]
DECODE_HEADROOMS = [1.0, 1.25, 1.5, 2.0]
CASCADE_HEADROOMS = [1.0, 1.2, 1.5, 2.0]


def psnr(a, b):
    """PSNR in dB of two RGB images of one size (inf when equal)."""
    stat = ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB")).point(lambda v: v * v))
    mse = sum(stat.mean) / 3
    return float("inf") if mse == 0 else 10 * math.log10(255 * 255 / mse)


def idat_rows(path):
    """The filtered rows of a PNG: its IDAT data inflated."""
    with open(path, "rb") as f:
        data = f.read()
    pos, chunks = 8, []
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IDAT":
            chunks.append(data[pos + 8:pos + 8 + length])
        pos += 12 + length
    return zlib.decompress(b"".join(chunks))


def deflate(paths):
    import deflate as libdeflate
    rows = [idat_rows(p) for p in paths]
    result = {"files": len(paths), "raw_bytes": sum(len(r) for r in rows), "levels": {}}

    def measure(name, compress):
        started = time.process_time()
        size = sum(len(compress(r)) for r in rows)
        result["levels"][name] = {"bytes": size, "cpu": time.process_time() - started}

    measure("zlib 6", lambda r: zlib.compress(r, 6))
    for level in DEFLATE_LEVELS:
        measure(f"libdeflate {level}", lambda r, level=level: libdeflate.zlib_compress(r, level))
    return result


def largest_box(im, orientation):
    """(box, upright size) of the largest rendition of an image."""
    return cascade_order(*upright(im.width, im.height, orientation))[0]


def decode(ref_dir, paths):
    rows = {str(h): {"psnr": [], "cpu": 0.0, "pixels": 0} for h in DECODE_HEADROOMS}
    for path in paths:
        name = os.path.splitext(os.path.basename(path))[0]
        for headroom in DECODE_HEADROOMS:
            with Image.open(path) as im:
                orientation = im.getexif().get(0x0112, 1)
                _, size = largest_box(im, orientation)
                stored = upright(*size, orientation)
                need = min(1.0, headroom * max(stored[0] / im.width, stored[1] / im.height))
                scale = next(s for s in (0.125, 0.25, 0.5, 1.0) if s >= need - 1e-9)
                started = time.process_time()
                im.draft("RGB", (math.ceil(im.width * scale), math.ceil(im.height * scale)))
                im.load()
                rows[str(headroom)]["cpu"] += time.process_time() - started
                rows[str(headroom)]["pixels"] += im.width * im.height
                made = ImageOps.exif_transpose(im.convert("RGB")).resize(size, Image.LANCZOS)
            reference = os.path.join(ref_dir, f"{name}.{size[0]}x{size[1]}.png")
            with Image.open(reference) as ref:
                rows[str(headroom)]["psnr"].append(psnr(made, ref))
    return {"files": len(paths), "headrooms": rows}


def cascade(paths):
    rows = {str(h): {"psnr": [], "pixels_read": 0} for h in CASCADE_HEADROOMS}
    for path in paths:
        with Image.open(path) as im:
            im.draft("RGB", (im.width // 2, im.height // 2))  # a fine base, cheaper than full scale
            base = ImageOps.exif_transpose(im.convert("RGB"))
        order = cascade_order(base.width, base.height)
        direct = {size: base.resize(size, Image.LANCZOS) for _, size in order}
        for headroom in CASCADE_HEADROOMS:
            made = []
            for _, size in order:
                sources = [m for m in made if m.width >= headroom * size[0] and m.height >= headroom * size[1]]
                source = min(sources, key=lambda m: m.width * m.height) if sources else base
                rendition = source.resize(size, Image.LANCZOS)
                rows[str(headroom)]["pixels_read"] += source.width * source.height
                if source is not base:
                    rows[str(headroom)]["psnr"].append(psnr(rendition, direct[size]))
                made.append(rendition)
    return {"files": len(paths), "headrooms": rows}


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "deflate":
        out = deflate(sys.argv[2:])
    elif mode == "decode":
        out = decode(sys.argv[2], sys.argv[3:])
    else:
        out = cascade(sys.argv[2:])
    json.dump(out, sys.stdout)
