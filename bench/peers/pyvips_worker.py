"""pyvips peer: makes the seven renditions of each image in its share of the file list.

Per image: Image.thumbnail() once at the largest box (shrink-on-load, auto-rotate, never
enlarged), kept in memory, then each smaller box with thumbnail_image() from the smallest
rendition already made that still covers it. Run with VIPS_CONCURRENCY=1 (one worker, one thread).

Usage: pyvips_worker.py OUT_DIR IMAGE...     (renditions: OUT_DIR/<stem>.<W>x<H>.<ext>)
"""
import os
import sys

import pyvips

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from geometry import BOXES, box_tag, cascade_order, cascade_source  # noqa: E402

LARGEST = max((bw, bh) for _, _, bw, bh in BOXES)


def save(image, target, ext):
    if ext == ".png":
        image.pngsave(target, compression=6)
    else:
        image.jpegsave(target, Q=82)


def render(path, out_dir):
    stem, ext = os.path.splitext(os.path.basename(path))
    # copy_memory() renders the pipeline once, so the smaller boxes do not decode it again.
    first = pyvips.Image.thumbnail(path, LARGEST[0], height=LARGEST[1], size="down").copy_memory()
    save(first, os.path.join(out_dir, f"{stem}.{box_tag(LARGEST)}{ext}"), ext)
    made = [((first.width, first.height), first)]
    for box, size in cascade_order(first.width, first.height):
        if box == LARGEST:
            continue
        source = cascade_source([s for s, _ in made], size)
        base = made[source if source is not None else 0][1]
        rendition = base.thumbnail_image(box[0], height=box[1], size="down").copy_memory()
        save(rendition, os.path.join(out_dir, f"{stem}.{box_tag(box)}{ext}"), ext)
        made.append(((rendition.width, rendition.height), rendition))


if __name__ == "__main__":
    for image_path in sys.argv[2:]:
        render(image_path, sys.argv[1])
