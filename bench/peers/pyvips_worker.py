"""pyvips peer: makes the seven renditions of each image in its share of the file list.

Per image: Image.thumbnail() once at the largest box (shrink-on-load, auto-rotate, never
enlarged), kept in memory, then each smaller box with thumbnail_image() from the smallest
rendition already made that still covers it. Run with VIPS_CONCURRENCY=1 (one worker, one thread).
HEIC originals load through heifload (libheif; no shrink-on-load for HEVC). With --modern, each
box is also written with webpsave (effort = WebP method) or heifsave (AV1, effort = 9 - aom
speed) beside its fallback; see options.py.

Usage: pyvips_worker.py [--modern ...] [--calibrate ...] OUT_DIR IMAGE...
       (renditions: OUT_DIR/<stem>.<W>x<H>.<ext>; HEIC originals get .jpg fallbacks)
"""
import os
import sys

import pyvips

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import options  # noqa: E402
from geometry import BOXES, cascade_order, cascade_source  # noqa: E402

LARGEST = max((bw, bh) for _, _, bw, bh in BOXES)


def save(image, box, stem, ext, out_dir, args):
    target = options.fallback_path(out_dir, stem, box, ext, args)
    if target and ext == ".png":
        image.pngsave(target, compression=6)
    elif target:
        image.jpegsave(target, Q=82)
    for path, quality in options.targets(out_dir, stem, box, ext, args):
        if args.modern.kind == "webp":
            image.webpsave(path, Q=quality, effort=args.modern.effort)
        else:
            # libvips turns effort into libheif's aom "speed" as 9 - effort.
            image.heifsave(path, Q=quality, compression="av1", effort=9 - args.modern.effort)


def render(path, out_dir, args):
    stem, ext = os.path.splitext(os.path.basename(path))
    # copy_memory() renders the pipeline once, so the smaller boxes do not decode it again.
    first = pyvips.Image.thumbnail(path, LARGEST[0], height=LARGEST[1], size="down").copy_memory()
    save(first, LARGEST, stem, ext, out_dir, args)
    made = [((first.width, first.height), first)]
    for box, size in cascade_order(first.width, first.height):
        if box == LARGEST:
            continue
        source = cascade_source([s for s, _ in made], size)
        base = made[source if source is not None else 0][1]
        rendition = base.thumbnail_image(box[0], height=box[1], size="down").copy_memory()
        save(rendition, box, stem, ext, out_dir, args)
        made.append(((rendition.width, rendition.height), rendition))


if __name__ == "__main__":
    arguments = options.arguments()
    for image_path in arguments.images:
        render(image_path, arguments.out_dir, arguments)
