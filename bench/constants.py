"""The constants tuned on the default corpus, checked on the corpus of this run (issue 14: any
constant tuned on the benchmark corpus must hold on photos the tuning never saw; run
`make bench-unseen` for that corpus and compare its table with `make bench`'s).

- `compression: 6` → libdeflate level 7 (Sources/ImageCodecs/PNG/Deflate.swift): chosen so that
  thumbgen's PNGs are no larger than zlib level 6's (Pillow's) for less CPU. Checked twice: end
  to end (the PNG set's bytes against Pillow's, from the workload above) and on thumbgen's own
  filtered rows recompressed at each libdeflate level and with zlib 6.
- JPEG decode headroom 1.25 (Renderer.decodeHeadroom): the DCT scale keeps 1.25x the resolution
  the largest box needs. PSNR of the largest box and decode CPU at headrooms 1, 1.25, 1.5, 2.
- Cascade headroom 1.2 (RenditionMaker.headroom): a smaller box is made from a rendition that has
  1.2x its resolution. PSNR of the cascaded boxes against direct resizes, and pixels read.
- WebP q87 and AVIF q76 (the format registry, Sources/ImageCodecs/Formats.swift), chosen to match JPEG q82 on SSIMULACRA2 within 2
  points: the median score of thumbgen's own WebP/AVIF 960x540 boxes against its JPEG fallbacks
  of the same photos, from the WebP and AVIF workloads above.
"""
import json
import os
import statistics
import subprocess

import quality
from geometry import cascade_order
from measure import balanced_halves

TOLERANCE = 2.0  # SSIMULACRA2 points, as bench/formats.py
LIBDEFLATE_FOR_6 = 7  # Deflate.levels[6]


def _probe(ctx, mode, shares, prefix=()):
    """Runs constants_probe.py over each share in parallel; returns the JSON outputs."""
    script = os.path.join(ctx["bench_dir"], "peers", "constants_probe.py")
    running = [subprocess.Popen([ctx["python"], script, mode, *prefix] + share, stdout=subprocess.PIPE, text=True)
               for share in shares if share]
    outputs = [json.loads(p.communicate()[0]) for p in running]
    if any(p.returncode for p in running):
        raise RuntimeError(f"constants_probe.py {mode} failed")
    return outputs


def _merge(outputs, key):
    """Sums and concatenates the per-headroom rows of several probe outputs."""
    merged = {}
    for out in outputs:
        for h, row in out[key].items():
            cell = merged.setdefault(h, {})
            for k, v in row.items():
                cell[k] = cell.get(k, [] if isinstance(v, list) else 0) + v
    return merged


def _psnr_summary(rows):
    for row in rows.values():
        values = [v for v in row.pop("psnr") if v != float("inf")]
        row["psnr_median"] = statistics.median(values) if values else None
        row["psnr_min"] = min(values) if values else None
        row["count"] = len(values)
    return rows


def deflate(ctx, record):
    corpus_dir = os.path.join(ctx["scratch"], "out", "thumbgen", "png", "corpus")
    pngs = sorted(os.path.join(corpus_dir, n) for n in os.listdir(corpus_dir) if ".Thumbnail(" in n) \
        if os.path.isdir(corpus_dir) else []
    if not pngs:
        return None
    outputs = _probe(ctx, "deflate", [pngs[0::2], pngs[1::2]])
    levels = {}
    for out in outputs:
        for name, cell in out["levels"].items():
            row = levels.setdefault(name, {"bytes": 0, "cpu": 0.0})
            row["bytes"] += cell["bytes"]
            row["cpu"] += cell["cpu"]
    png_bytes = (record.get("quality") or {}).get("png_bytes", {})
    png_set = record["sets"].get("png", {}).get("tools", {})
    return {"files": len(pngs), "levels": levels, "chosen": f"libdeflate {LIBDEFLATE_FOR_6}",
            "end_to_end": {"thumbgen_bytes": png_bytes.get("thumbgen"), "pillow_bytes": png_bytes.get("pillow"),
                           "thumbgen_cpu": png_set.get("thumbgen", {}).get("cpu"),
                           "pillow_cpu": png_set.get("pillow", {}).get("cpu")}}


def decode_headroom(ctx, jpegs):
    ref_dir = os.path.join(ctx["scratch"], "psnr-references")
    os.makedirs(ref_dir, exist_ok=True)
    for image in jpegs:
        quality._reference(image, cascade_order(*image["upright"])[0][1], ref_dir)
    shares = [[i["path"] for i in share] for share in balanced_halves(jpegs)]
    rows = _merge(_probe(ctx, "decode", shares, prefix=(ref_dir,)), "headrooms")
    return {"files": len(jpegs), "chosen": "1.25", "headrooms": _psnr_summary(rows)}


def cascade_headroom(ctx, jpegs):
    shares = [[i["path"] for i in share] for share in balanced_halves(jpegs)]
    rows = _merge(_probe(ctx, "cascade", shares), "headrooms")
    return {"files": len(jpegs), "chosen": "1.2", "headrooms": _psnr_summary(rows)}


def formats_match(record):
    """Per format: thumbgen's modern 960x540 median against its JPEG fallback's, same photos."""
    result = {}
    for kind, workload in (record.get("modern") or {}).items():
        row = workload["tools"]["thumbgen"]
        modern, fallback = row.get("modern_scores", {}), row.get("fallback_scores", {})
        both = [n for n in modern if modern[n] is not None and fallback.get(n) is not None]
        if not both:
            continue
        m = statistics.median(modern[n] for n in both)
        j = statistics.median(fallback[n] for n in both)
        result[kind] = {"quality": workload["setting"][0], "photos": len(both), "modern_median": m,
                        "jpeg_median": j, "within": abs(m - j) <= TOLERANCE}
    return result


def measure(ctx, images, record):
    jpegs = [i for i in images if i["format"] == "jpeg"]
    return {"deflate": deflate(ctx, record) if "png" in record["sets"] else None,
            "decode_headroom": decode_headroom(ctx, jpegs) if jpegs else None,
            "cascade_headroom": cascade_headroom(ctx, jpegs) if jpegs else None,
            "formats": formats_match(record), "tolerance": TOLERANCE}
