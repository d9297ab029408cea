"""Writes N small real JPEGs for the merge benchmark: 256x192 crops of corpus photos.

Each photo is shrunk to about 2000 pixels wide once, then cut into crops at a grid of offsets,
each saved at JPEG quality 85. In the standard workload a 256x192 original needs three
renditions (the 60, 120 and 180 boxes); the larger boxes fit it. Deterministic.

Usage: tiles.py OUT_DIR N PHOTO...     (run with the bench venv's Python)
"""
import os
import sys

from PIL import Image, ImageOps

WIDTH, HEIGHT = 256, 192

out_dir, count, photos = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
os.makedirs(out_dir, exist_ok=True)
written = 0
while written < count:
    for photo in photos:
        with Image.open(photo) as im:
            im.draft("RGB", (2000, 2000))
            base = ImageOps.exif_transpose(im).convert("RGB")
        base.thumbnail((2000, 2000))
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
