"""The encoder-alone floor's inputs: each original's seven boxes as lossless PNGs made by libvips.

thumbnail() per box from the original (shrink-on-load, auto-rotate), written uncompressed
(zlib level 0), so the encoder CLI that reads it spends next to nothing on decoding its input.

Usage: boxes.py OUT_DIR IMAGE...   (OUT_DIR/<stem>.<W>x<H>.png; existing files are kept)
"""
import os
import sys

import pyvips

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from geometry import BOXES, box_tag  # noqa: E402

out_dir = sys.argv[1]
os.makedirs(out_dir, exist_ok=True)
for path in sys.argv[2:]:
    stem = os.path.splitext(os.path.basename(path))[0]
    for _, _, bw, bh in BOXES:
        target = os.path.join(out_dir, f"{stem}.{box_tag((bw, bh))}.png")
        if not os.path.exists(target):
            image = pyvips.Image.thumbnail(path, bw, height=bh, size="down")
            image.pngsave(target + ".tmp.png", compression=0)
            os.replace(target + ".tmp.png", target)
