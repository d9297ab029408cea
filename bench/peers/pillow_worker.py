"""Pillow peer: makes the seven renditions of each image in its share of the file list.

Per image: draft() (JPEG DCT scaling to the largest rendition's size), exif_transpose, then
thumbnail() per box from the largest down, each from the smallest rendition already made that
still covers it. Pillow's thumbnail() defaults: bicubic, reducing_gap 2.0.

Usage: pillow_worker.py OUT_DIR IMAGE...     (renditions: OUT_DIR/<stem>.<W>x<H>.<ext>)
"""
import os
import sys

from PIL import Image, ImageOps

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from geometry import box_tag, cascade_order, cascade_source, upright  # noqa: E402


def render(path, out_dir):
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
        target = os.path.join(out_dir, f"{stem}.{box_tag(box)}{ext}")
        if ext == ".png":
            rendition.save(target, "PNG", compress_level=6)
        else:
            rendition.save(target, "JPEG", quality=82)
        made.append((rendition.size, rendition))


if __name__ == "__main__":
    for image_path in sys.argv[2:]:
        render(image_path, sys.argv[1])
