"""Converts JPEG photos to HEIC (HEVC), upright, once: the HEIC workload's originals.

Each photo is turned upright (EXIF orientation applied, as a phone stores pixels and `irot`),
then encoded by libheif's x265 through pillow-heif at the quality and x265 preset given (the
harness gives 85 and "ultrafast"), with no EXIF. Why not libvips' heifsave: it cannot choose x265's preset, and its default (slow) takes
about 23 s per 9 MP photo here; ultrafast takes about 3 s. The decoders' work (what the workload
measures) does not depend on the preset that made the stream.

Usage: heicify.py OUT_DIR QUALITY PRESET IMAGE...   (OUT_DIR/<stem>.heic; existing files are kept)
"""
import os
import sys

import pillow_heif
from PIL import Image, ImageOps

out_dir, quality, preset = sys.argv[1], int(sys.argv[2]), sys.argv[3]
os.makedirs(out_dir, exist_ok=True)
for path in sys.argv[4:]:
    target = os.path.join(out_dir, os.path.splitext(os.path.basename(path))[0] + ".heic")
    if os.path.exists(target):
        continue
    with Image.open(path) as im:
        upright = ImageOps.exif_transpose(im).convert("RGB")
    pillow_heif.from_pillow(upright).save(target + ".tmp", format="HEIF", quality=quality,
                                          enc_params={"preset": preset})
    os.replace(target + ".tmp", target)
