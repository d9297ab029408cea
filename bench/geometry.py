"""The standard workload's boxes and the `inside` rule, shared by the harness and the workers.

Kept free of imports beyond the standard library so that the peer workers (run with the bench
venv's Python) and the orchestrator (any python3) compute the same expected sizes.
"""

# (slot, scale, box width, box height) in pixels: BENCHMARK.md's seven boxes.
BOXES = [
    ("thumb", 1, 60, 60), ("thumb", 2, 120, 120), ("thumb", 3, 180, 180),
    ("card", 2, 640, 360), ("card", 3, 960, 540),
    ("hero", 2, 780, 780), ("hero", 3, 1170, 1170),
]
PSNR_BOX = (960, 540)  # card@3x: the rendition every tool's quality is judged on


def box_tag(box):
    """File-name tag of a box: (960, 540) -> '960x540'."""
    return f"{box[0]}x{box[1]}"


def upright(width, height, orientation):
    """Pixel size after EXIF orientation: 5-8 swap the sides."""
    return (height, width) if orientation in (5, 6, 7, 8) else (width, height)


def inside(width, height, box_w, box_h):
    """Largest size with the aspect ratio of width x height that fits the box, never enlarged.

    Sides round half up and are at least 1 px; tools may round the other side differently, which
    the checker allows as +-1 px.
    """
    if width <= box_w and height <= box_h:
        return (width, height)
    if width * box_h >= height * box_w:  # width is the limiting side
        return (box_w, max(1, int(height * box_w / width + 0.5)))
    return (max(1, int(width * box_h / height + 0.5)), box_h)


def cascade_order(width, height):
    """The boxes ordered largest rendition first, with each one's expected upright size.

    Returns [(box, (w, h))]. A cascading tool makes them in this order, each from the smallest
    rendition already made that still covers it (see `cascade_source`).
    """
    sized = [((bw, bh), inside(width, height, bw, bh)) for _, _, bw, bh in BOXES]
    return sorted(sized, key=lambda item: (item[1][0] * item[1][1], item[0]), reverse=True)


def cascade_source(made, size):
    """Index into `made` [(w, h), ...] of the smallest rendition covering `size`, or None."""
    best = None
    for i, (w, h) in enumerate(made):
        if w >= size[0] and h >= size[1] and (best is None or w * h < made[best][0] * made[best][1]):
            best = i
    return best
