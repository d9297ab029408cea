"""Command-line options the Pillow and pyvips workers share: the modern format to write beside
each JPEG fallback, and the calibration mode that finds the quality matching thumbgen's score.

  WORKER [--modern webp:QUALITY:EFFORT | avif:QUALITY:SPEED] [--calibrate Q1,Q2,...] OUT_DIR IMAGE...

--modern: every rendition is written as the fallback (JPEG q82 / PNG) and, beside it, as
<stem>.<W>x<H>.webp|avif at that setting. --calibrate: only the 960x540 box's modern file is
written, once per quality, as <stem>.960x540.q<Q>.<ext>, made by the worker's usual pipeline.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from geometry import PSNR_BOX, box_tag  # noqa: E402


class Modern:
    """A modern format setting: kind ('webp' or 'avif'), quality, effort (WebP method / AVIF speed)."""

    def __init__(self, spec):
        kind, quality, effort = spec.split(":")
        self.kind, self.quality, self.effort = kind, int(quality), int(effort)


def arguments():
    parser = argparse.ArgumentParser()
    parser.add_argument("--modern", type=Modern)
    parser.add_argument("--calibrate", type=lambda s: [int(q) for q in s.split(",")])
    parser.add_argument("out_dir")
    parser.add_argument("images", nargs="+")
    args = parser.parse_args()
    if args.calibrate and not args.modern:
        parser.error("--calibrate needs --modern (its effort is used)")
    return args


def targets(out_dir, stem, box, ext, args):
    """[(path, quality)] of the modern files to write for this box (none when no --modern)."""
    if not args.modern:
        return []
    if args.calibrate:
        if tuple(box) != PSNR_BOX:
            return []
        return [(os.path.join(out_dir, f"{stem}.{box_tag(box)}.q{q}.{args.modern.kind}"), q) for q in args.calibrate]
    return [(os.path.join(out_dir, f"{stem}.{box_tag(box)}.{args.modern.kind}"), args.modern.quality)]


def fallback_path(out_dir, stem, box, ext, args):
    """Where the JPEG/PNG fallback goes, or None in calibration mode (nothing but the modern file)."""
    if args.calibrate:
        return None
    return os.path.join(out_dir, f"{stem}.{box_tag(box)}{'.png' if ext == '.png' else '.jpg'}")
