"""SSIMULACRA2 of rendition files against their references (PyPI `ssimulacra2`).

Usage: score.py < [[reference, rendition], ...] > [score or null, ...]   (bench venv's Python)
Pillow decodes both files (WebP and AVIF included); a file that cannot be read scores null.
"""
import json
import sys

from PIL import PngImagePlugin
from ssimulacra2 import compute_ssimulacra2

# ImageMagick copies the original's metadata into the reference as text chunks, which can exceed
# Pillow's guard against decompression bombs.
PngImagePlugin.MAX_TEXT_CHUNK = 1 << 30

scores = []
for reference, rendition in json.load(sys.stdin):
    try:
        scores.append(float(compute_ssimulacra2(reference, rendition)))
    except Exception as error:  # noqa: BLE001 - a broken file is a result, not a crash
        print(f"score.py: {rendition}: {error}", file=sys.stderr)
        scores.append(None)
json.dump(scores, sys.stdout)
