"""Checks a tool's output: every rendition present, with the `inside` size (+-1 px allowed)."""
import collections

from geometry import BOXES, inside
from imagesize import pixel_size


def check(images, renditions):
    """Compares each (image, box) rendition with the expected size.

    `renditions` maps (name, box) to (path or None, reason); a reason means the tool pointed to
    the original instead of writing a rendition. Returns counts: expected, ok (exact), off_by_one,
    wrong, missing, plus the commonest reasons for missing ones.
    """
    counts = collections.Counter()
    reasons = collections.Counter()
    for image in images:
        for _, _, bw, bh in BOXES:
            counts["expected"] += 1
            want = inside(*image["upright"], bw, bh)
            path, reason = renditions.get((image["name"], (bw, bh)), (None, "not written"))
            got = pixel_size(path) if path else None
            if reason and tuple(image["upright"]) != want:
                counts["missing"] += 1
                reasons[reason] += 1
            elif got is None:
                counts["missing"] += 1
                reasons[reason or "file missing or unreadable"] += 1
            elif tuple(got) == want:
                counts["ok"] += 1
            elif abs(got[0] - want[0]) <= 1 and abs(got[1] - want[1]) <= 1:
                counts["off_by_one"] += 1
            else:
                counts["wrong"] += 1
    return {
        "expected": counts["expected"], "ok": counts["ok"], "off_by_one": counts["off_by_one"],
        "wrong": counts["wrong"], "missing": counts["missing"], "reasons": reasons.most_common(3),
    }


def complete(result):
    """True when every rendition is there at the right size (+-1 px)."""
    return result["missing"] == 0 and result["wrong"] == 0


def summary(result):
    """One line for the table, e.g. '343/343 ok (12 +-1 px)' or '0/280 renditions - ...'."""
    present = result["ok"] + result["off_by_one"]
    text = f"{present}/{result['expected']}"
    if complete(result):
        text += " ok" + (f" ({result['off_by_one']} ±1 px)" if result["off_by_one"] else "")
        return text
    text += " renditions"
    if result["wrong"]:
        text += f", {result['wrong']} wrong size"
    if result["reasons"]:
        reason, count = result["reasons"][0]
        text += f" — {count}× {reason}"
        if "png" in reason.lower() and "not supported" in reason.lower():
            text += " (PNG not supported in this build)"
    return "✗ " + text
