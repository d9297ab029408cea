"""The HEIC workload (issue 16): the corpus's JPEG photos converted to HEIC (HEVC) once, then the
seven boxes with JPEG q82 fallbacks, by thumbgen and the two peers that read HEIC: pyvips
(heifload) and Pillow with pillow-heif. HEVC has no scaled decode: everyone decodes every pixel,
so the decode dominates, and memory is worth comparing (target: 1.2x faster than both, with a
lower peak RSS).
"""
import os
import subprocess
import sys

import check
from measure import balanced_halves, medians, rotated, whole_text
from tools import PEER_ENV, PythonPeer, Thumbgen, run_once

# libheif's x265 through pillow-heif: see peers/heicify.py for why not libvips' heifsave.
QUALITY = 85
PRESET = "ultrafast"

def log(message):
    print(f"bench: {message}", file=sys.stderr, flush=True)


def convert(ctx, jpegs):
    """HEIC copies of the JPEG photos (cached); returns their corpus entries, upright."""
    folder = os.path.join(ctx["scratch"], "heic", f"q{QUALITY}-{PRESET}")
    missing = [i for i in jpegs if not os.path.exists(os.path.join(folder, i["name"] + ".heic"))]
    if missing:
        log(f"heic: converting {len(missing)} JPEGs to HEIC (x265 {PRESET}, quality {QUALITY}; cached)")
        script = os.path.join(ctx["bench_dir"], "peers", "heicify.py")
        running = [subprocess.Popen([ctx["python"], script, folder, str(QUALITY), PRESET] + [i["path"] for i in share])
                   for share in balanced_halves(missing)]
        if any(p.wait() != 0 for p in running):
            sys.exit("bench: the HEIC conversion failed")
    entries = []
    for image in jpegs:
        path = os.path.join(folder, image["name"] + ".heic")
        w, h = image["upright"]
        entries.append(dict(image, format="heic", path=path, bytes=os.path.getsize(path), width=w, height=h,
                            orientation=1, upright=[w, h], progressive=False))
    return entries


def tools():
    """thumbgen with two jobs (the reference) and one (one process holds both jobs' full decodes
    at once, a peer process one: --jobs 1 shows the memory of one decode)."""
    return [
        Thumbgen(2),
        Thumbgen(1),
        PythonPeer("pillow", "Pillow + pillow-heif", "the standard workload's Pillow worker; "
                   "`pillow_heif.register_heif_opener()` (no draft(): no scaled HEVC decode)", "pillow_worker.py"),
        PythonPeer("pyvips", "pyvips (heifload)", "the standard workload's pyvips worker; thumbnail() loads "
                   "HEIC through libheif (no shrink-on-load)", "pyvips_worker.py"),
    ]


def measure(ctx, jpegs, rounds):
    """Interleaved rounds of the three tools on the HEIC copies; medians and output checks."""
    images = convert(ctx, jpegs)
    work = os.path.join(ctx["scratch"], "heic-runs")
    all_tools = tools()
    runs = {t.key: [] for t in all_tools}
    env = dict(os.environ, **PEER_ENV)
    for r in range(rounds):
        for tool in rotated(all_tools, r):
            figures = run_once(tool, images, ctx, work, env)
            runs[tool.key].append(figures)
            log(f"heic round {r + 1}/{rounds} {tool.label:22} {figures['wall']:7.2f} s wall {figures['cpu']:7.2f} s CPU "
                f"{figures['rss_mb']:6.0f} MB {whole_text(figures)}  {check.summary(figures['check'])}")
    rows = {}
    for tool in all_tools:
        tool_runs = runs[tool.key]
        worst = max((f["check"] for f in tool_runs), key=lambda c: (c["missing"] + c["wrong"], c["off_by_one"]))
        rows[tool.key] = {"label": tool.label, "how": tool.how, **medians(tool_runs),
                          "check_text": check.summary(worst), "complete": check.complete(worst)}
    return {"images": len(images), "rounds": rounds, "megapixels": round(sum(i["megapixels"] for i in images), 1),
            "bytes": sum(i["bytes"] for i in images), "encoder": f"x265 preset {PRESET}, quality {QUALITY}",
            "tools": rows}
