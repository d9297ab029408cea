"""Writes N small real JPEGs for the merge benchmark: 256x192 crops of corpus photos.

Each photo is shrunk to about 2000 pixels wide once, then cut into crops at a grid of offsets,
each saved at JPEG quality 85. In the standard workload a 256x192 original needs three
renditions (the 60, 120 and 180 boxes); the larger boxes fit it. Deterministic.

Usage: tiles.py [--size=WxH] OUT_DIR N PHOTO...     (run with the bench venv's Python)

With --size, crops of that size (the cache benchmark's photos), each one's offsets unique, and
mirrored copies after the unmirrored ones run out, so no two files have the same bytes.
"""
import os
import sys

from PIL import Image, ImageOps

WIDTH, HEIGHT = 256, 192
arguments = sys.argv[1:]
mirror_after_all = False
if arguments and arguments[0].startswith("--size="):
    WIDTH, HEIGHT = (int(side) for side in arguments.pop(0)[len("--size="):].split("x"))
    mirror_after_all = True

out_dir, count, photos = arguments[0], int(arguments[1]), arguments[2:]
os.makedirs(out_dir, exist_ok=True)
written = 0
turn = 0
while written < count:
    for photo in photos:
        with Image.open(photo) as im:
            im.draft("RGB", (2000, 2000))
            base = ImageOps.exif_transpose(im).convert("RGB")
        base.thumbnail((2000, 2000))
        if mirror_after_all:
            # Each turn over the photos another orientation: new bytes, never a repeat.
            if turn >= 4:
                sys.exit(f"tiles.py: {len(photos)} photos give fewer than {count} distinct {WIDTH}x{HEIGHT} crops")
            if turn & 1:
                base = ImageOps.mirror(base)
            if turn & 2:
                base = ImageOps.flip(base)
        step = 37  # not a multiple of the tile: crops overlap differently each time
        for y in range(0, base.height - HEIGHT, step * 3):
            for x in range(0, base.width - WIDTH, step * 5):
                if written == count:
                    break
                tile = base.crop((x, y, x + WIDTH, y + HEIGHT))
                tile.save(os.path.join(out_dir, f"tile-{written:05d}.jpg"), "JPEG", quality=85)
                written += 1
        if written == count:
            break
    turn += 1
