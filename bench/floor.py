"""The floor: what decoding every original once costs, in CPU seconds.

JPEG: djpeg at 1/8, at full scale, and at the scale each file's largest box needs (the smallest
M/8 with M/8 >= largest rendition / original size: the least any libjpeg-based tool can decode).
PNG: inflating every IDAT stream once (Python's zlib, one process; no unfiltering).
"""
import math
import os
import sys

from geometry import cascade_order, upright
from measure import cpu_of

DJPEG = "/usr/bin/djpeg"


def needed_eighths(image):
    """M in 1..8: the DCT scale M/8 that still covers the image's largest rendition."""
    largest = upright(*cascade_order(*image["upright"])[0][1], image["orientation"])
    need = max(largest[0] / image["width"], largest[1] / image["height"])
    return min(8, max(1, math.ceil(8 * need - 1e-9)))


def floor_commands(images):
    """{floor name: [argv, ...]} for one measurement round."""
    jpegs = [i for i in images if i["format"] == "jpeg"]
    pngs = [i["path"] for i in images if i["format"] == "png"]
    floors = {}
    if jpegs:
        floors["djpeg 1/8"] = [[DJPEG, "-scale", "1/8", "-outfile", "/dev/null", i["path"]] for i in jpegs]
        floors["djpeg at needed scale"] = [
            [DJPEG, "-scale", f"{needed_eighths(i)}/8", "-outfile", "/dev/null", i["path"]] for i in jpegs]
        floors["djpeg full scale"] = [[DJPEG, "-outfile", "/dev/null", i["path"]] for i in jpegs]
    if pngs:
        floors["PNG inflate (zlib)"] = [[sys.executable, os.path.abspath(__file__), "--inflate"] + pngs]
    return floors


def measure_round(images):
    """{floor name: CPU seconds} for one round."""
    return {name: cpu_of(commands) for name, commands in floor_commands(images).items()}


def _inflate(paths):
    import struct
    import zlib
    for path in paths:
        with open(path, "rb") as f:
            data = f.read()
        pos, inflater = 8, zlib.decompressobj()
        while pos + 8 <= len(data):
            length, kind = struct.unpack(">I4s", data[pos:pos + 8])
            if kind == b"IDAT":
                inflater.decompress(data[pos + 8:pos + 8 + length], 0)
            pos += 12 + length


if __name__ == "__main__" and sys.argv[1:2] == ["--inflate"]:
    _inflate(sys.argv[2:])
