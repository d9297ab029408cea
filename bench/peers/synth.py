"""Writes N small synthetic JPEGs (64x48, a gradient with noise) for the no-op rebuild test.

Usage: synth.py OUT_DIR N      (run with the bench venv's Python; deterministic)
"""
import os
import random
import sys

from PIL import Image

out_dir, count = sys.argv[1], int(sys.argv[2])
os.makedirs(out_dir, exist_ok=True)
rng = random.Random(7)
for n in range(count):
    base = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
    pixels = [((base[0] + 3 * x + rng.randrange(24)) % 256, (base[1] + 4 * y) % 256,
               (base[2] + x + y + rng.randrange(24)) % 256) for y in range(48) for x in range(64)]
    image = Image.new("RGB", (64, 48))
    image.putdata(pixels)
    image.save(os.path.join(out_dir, f"synthetic-{n:04d}.jpg"), "JPEG", quality=90)
