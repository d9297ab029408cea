"""Pillow peer: makes the seven renditions of each image in its share of the file list.

Per image: draft() (JPEG DCT scaling to the largest rendition's size), exif_transpose, then
thumbnail() per box from the largest down, each from the smallest rendition already made that
still covers it. Pillow's thumbnail() defaults: bicubic, reducing_gap 2.0. HEIC originals open
through pillow-heif (no draft: HEVC has no scaled decode). With --modern, each box is also
written as WebP (method = effort) or AVIF (aom through Pillow's libavif, speed = effort, one
thread) beside its fallback; see options.py.

Usage: pillow_worker.py [--modern ...] [--calibrate ...] OUT_DIR IMAGE...
       (renditions: OUT_DIR/<stem>.<W>x<H>.<ext>; HEIC originals get .jpg fallbacks)
"""
import os
import sys

from PIL import Image, ImageOps

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import options  # noqa: E402
from geometry import cascade_order, cascade_source, upright  # noqa: E402


def save_modern(rendition, path, quality, setting):
    if setting.kind == "webp":
        rendition.save(path, "WEBP", quality=quality, method=setting.effort)
    else:
        # One thread, as every peer runs; libavif's default codec here is aom.
        rendition.save(path, "AVIF", quality=quality, speed=setting.effort, max_threads=1, codec="aom")


def render(path, out_dir, args):
    stem, ext = os.path.splitext(os.path.basename(path))
    im = Image.open(path)
    orientation = im.getexif().get(0x0112, 1)
    order = cascade_order(*upright(im.width, im.height, orientation))
    if im.format == "JPEG":
        want = upright(*order[0][1], orientation)  # back to stored orientation
        im.draft(im.mode, want)
    ImageOps.exif_transpose(im, in_place=True)
    made = []  # [(size, image)], the first being `im` itself shrunk in place
    for box, size in order:
        source = cascade_source([s for s, _ in made], size)
        rendition = im if not made else (made[source][1] if source is not None else im).copy()
        rendition.thumbnail(box)
        target = options.fallback_path(out_dir, stem, box, ext, args)
        if target and ext == ".png":
            rendition.save(target, "PNG", compress_level=6)
        elif target:
            rendition.save(target, "JPEG", quality=82)
        for modern_path, quality in options.targets(out_dir, stem, box, ext, args):
            save_modern(rendition, modern_path, quality, args.modern)
        made.append((rendition.size, rendition))


if __name__ == "__main__":
    arguments = options.arguments()
    if any(p.lower().endswith((".heic", ".heif")) for p in arguments.images):
        import pillow_heif
        pillow_heif.register_heif_opener()
    for image_path in arguments.images:
        render(image_path, arguments.out_dir, arguments)
