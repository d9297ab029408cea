"""Reads each image's header with Pillow: size, EXIF orientation, mode, progressive or not.

Usage: probe.py < paths.json > info.json   (run with the bench venv's Python)
"""
import json
import sys

from PIL import Image

info = {}
for path in json.load(sys.stdin):
    with Image.open(path) as im:
        info[path] = {
            "width": im.width,
            "height": im.height,
            "mode": im.mode,
            "orientation": int(im.getexif().get(0x0112, 1) or 1),
            "progressive": bool(im.info.get("progressive") or im.info.get("progression")),
            "interlaced": bool(im.info.get("interlace")),
        }
json.dump(info, sys.stdout)
