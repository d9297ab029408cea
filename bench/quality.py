"""Rendition quality and size: PSNR of the 960x540-box renditions against a full-decode Lanczos
reference at each tool's own output size, and the total bytes of each tool's PNG renditions.
"""
import concurrent.futures
import os
import re
import statistics
import subprocess

from geometry import BOXES, PSNR_BOX, inside
from imagesize import pixel_size
from tools import CONVERT

COMPARE = "/usr/bin/compare"


def _reference(image, size, ref_dir):
    """Full decode, auto-orient, Lanczos to exactly `size`, lossless PNG (cached)."""
    ref = os.path.join(ref_dir, f"{image['name']}.{size[0]}x{size[1]}.png")
    if not os.path.exists(ref):
        tmp = ref + ".tmp.png"
        subprocess.run([CONVERT, image["path"], "-auto-orient", "-filter", "Lanczos",
                        "-resize", f"{size[0]}x{size[1]}!", tmp], check=True, capture_output=True)
        os.replace(tmp, ref)
    return ref


def _psnr(rendition, reference):
    # compare prints the metric on stderr (exit 1 when the images differ at all); -quiet keeps
    # warnings such as a malformed XMP packet from being glued to the figure.
    result = subprocess.run([COMPARE, "-quiet", "-metric", "PSNR", rendition, reference, "null:"],
                            capture_output=True, text=True)
    match = re.match(r"\s*(inf|\d+(?:\.\d+)?)", result.stderr)
    if not match:
        return None
    return float("inf") if match.group(1) == "inf" else float(match.group(1))


def psnr_table(images, renditions_by_tool, ref_dir):
    """{tool: {set: {"median", "min", "max", "count", "missing"}}} over the card@3x renditions.

    renditions_by_tool: {tool key: {(name, box): (path, reason)}}.
    """
    os.makedirs(ref_dir, exist_ok=True)
    jobs = []
    for tool, renditions in renditions_by_tool.items():
        for image in images:
            path, reason = renditions.get((image["name"], PSNR_BOX), (None, None))
            size = pixel_size(path) if path and not reason else None
            jobs.append((tool, image, path, size))

    def score(job):
        tool, image, path, size = job
        if size is None:
            return tool, image["format"], None
        return tool, image["format"], _psnr(path, _reference(image, size, ref_dir))

    # References first, one per distinct size, so that two threads never write the same file.
    unique = {(j[1]["name"], j[3]): j for j in jobs if j[3] is not None}
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        list(pool.map(lambda j: _reference(j[1], j[3], ref_dir), unique.values()))
        scores = list(pool.map(score, jobs))

    table = {}
    for tool, kind, value in scores:
        cell = table.setdefault(tool, {}).setdefault(kind, {"values": [], "missing": 0})
        if value is None:
            cell["missing"] += 1
        else:
            cell["values"].append(value)
    for sets in table.values():
        for cell in sets.values():
            values = cell.pop("values")
            cell.update(count=len(values), median=statistics.median(values) if values else None,
                        min=min(values) if values else None, max=max(values) if values else None)
    return table


def png_bytes(images, renditions):
    """Total bytes of the PNG renditions, one file per (image, box) that needs one, or None when
    any is missing (an incomplete set cannot be compared)."""
    total = 0
    for image in images:
        if image["format"] != "png":
            continue
        for _, _, bw, bh in BOXES:
            if inside(*image["upright"], bw, bh) == tuple(image["upright"]):
                continue  # fits: no rendition needed
            path, reason = renditions.get((image["name"], (bw, bh)), (None, None))
            if not path or reason or not os.path.exists(path):
                return None
            total += os.path.getsize(path)
    return total
