"""Two small sections beside the workload: no-op rebuilds, and peak memory on huge originals."""
import json
import os
import shutil
import statistics
import subprocess

from imagesize import sniff
from measure import run_workers, whole_medians
from tools import CONVERT, PEER_ENV, VIPSTHUMBNAIL, link_tree, manifest_text


def _summary_json(log_path):
    """thumbgen's --json summary from a worker log (stdout and stderr share it)."""
    with open(log_path) as f:
        for line in f:
            if line.startswith("{"):
                return json.loads(line)
    return {}


def _build(ctx, work_dir, label):
    """One timed `thumbgen build --jobs 2` of work_dir/manifest.yaml; returns the figures and summary."""
    manifest = os.path.join(work_dir, "manifest.yaml")
    run_dir = os.path.join(work_dir, "runs", label)
    figures = run_workers([[[ctx["thumbgen"], "build", manifest, "--jobs", "2", "--quiet", "--json"]]], run_dir)
    figures["summary"] = _summary_json(os.path.join(run_dir, "worker-0.log"))
    return figures


def _full_then_noops(ctx, work_dir, images, globs, reps):
    """A fresh full build, then `reps` no-op builds; medians of the no-op figures."""
    shutil.rmtree(work_dir, ignore_errors=True)
    link_tree(images, os.path.join(work_dir, "corpus"))
    with open(os.path.join(work_dir, "manifest.yaml"), "w") as f:
        f.write(manifest_text(globs))
    full = _build(ctx, work_dir, "full")
    noops = [_build(ctx, work_dir, f"noop-{n}") for n in range(reps)]
    wall = statistics.median(r["wall"] for r in noops)
    return {
        "images": len(images), "full_wall": full["wall"], "full_cpu": full["cpu"],
        "noop_wall": wall, "noop_cpu": statistics.median(r["cpu"] for r in noops),
        "noop_walls": [r["wall"] for r in noops],
        "noop_written": max(r["summary"].get("written", -1) for r in noops),
        "noop_reused": noops[-1]["summary"].get("reused"),
        "percent_of_full": 100 * wall / full["wall"] if full["wall"] else None,
        "ms_per_image": 1000 * wall / len(images),
    }


def noop_rebuilds(ctx, images, synthetic_count, reps):
    """No-op rebuild of the corpus, and of `synthetic_count` small synthetic JPEGs."""
    root = os.path.join(ctx["scratch"], "noop")
    globs = sorted({"*.jpg" if i["format"] == "jpeg" else "*.png" for i in images})
    corpus = _full_then_noops(ctx, os.path.join(root, "corpus"), images, globs, reps)

    source = os.path.join(root, f"synthetic-{synthetic_count}")
    if not os.path.isdir(source) or len(os.listdir(source)) != synthetic_count:
        shutil.rmtree(source, ignore_errors=True)
        subprocess.run([ctx["python"], os.path.join(ctx["bench_dir"], "peers", "synth.py"), source,
                        str(synthetic_count)], check=True)
    synthetic = [{"path": os.path.join(source, name)} for name in sorted(os.listdir(source))]
    small = _full_then_noops(ctx, os.path.join(root, "synthetic"), synthetic, ["*.jpg"], reps)
    return {"corpus": corpus, "synthetic": small}


def _has_format(path, kind):
    try:
        with open(path, "rb") as f:
            return sniff(f.read(8)) == kind
    except OSError:
        return False


def memory_files(ctx, entries):
    """20 MP baseline and progressive JPEGs and an 8000x6000 PNG made from the largest corpus JPEG."""
    folder = os.path.join(ctx["scratch"], "memory", "originals")
    os.makedirs(folder, exist_ok=True)
    photo = max((e for e in entries if e["format"] == "jpeg"), key=lambda e: (e["megapixels"], e["name"]))
    # Quality 90: ImageMagick then writes 4:4:4 (no chroma subsampling), the case that makes any
    # libjpeg decoder of a progressive file hold full-size coefficient buffers.
    specs = [
        ("baseline-20mp.jpg", "JPEG", ["-resize", "5472x3648!", "-quality", "90", "-interlace", "none"]),
        ("progressive-20mp.jpg", "JPEG", ["-resize", "5472x3648!", "-quality", "90", "-interlace", "JPEG"]),
        ("large-48mp.png", "PNG", ["-resize", "8000x6000!", "-interlace", "none"]),
    ]
    files = []
    for name, coder, options in specs:
        path = os.path.join(folder, name)
        if not _has_format(path, coder.lower()):
            # The coder prefix: the temporary name's extension would not say the format.
            subprocess.run([CONVERT, photo["path"], "-auto-orient"] + options + [f"{coder}:{path}.tmp"], check=True)
            os.replace(path + ".tmp", path)
        files.append(path)
    return photo["source"], files


def _thumbgen_peak(ctx, original, work_dir, slots, scales):
    """thumbgen building one original; "note" says why when it wrote no rendition."""
    shutil.rmtree(work_dir, ignore_errors=True)
    link_tree([{"path": original}], os.path.join(work_dir, "corpus"))
    with open(os.path.join(work_dir, "manifest.yaml"), "w") as f:
        f.write(manifest_text(["*.jpg" if original.endswith(".jpg") else "*.png"], slots, scales))
    figures = _build(ctx, work_dir, "run")
    try:
        with open(os.path.join(work_dir, "corpus", "renditions.json")) as f:
            entry = json.load(f)["images"][os.path.basename(original)]
    except (OSError, ValueError, KeyError):
        entry = {"status": "no index"}
    status = entry.get("status")
    figures["note"] = "" if status == "resized" else f"{status}: {entry.get('error', '')}".rstrip(": ")
    return figures


def memory(ctx, entries, reps):
    """Peak RSS of the largest process and the whole peak (MB, medians of reps) making renditions
    of each huge original, per tool."""
    source, files = memory_files(ctx, entries)
    root = os.path.join(ctx["scratch"], "memory")
    results = []
    for original in files:
        rows = {"thumbgen, 7 boxes": [], "thumbgen, 180×180 only": [], "vipsthumbnail, 180×180": []}
        for n in range(reps):  # interleaved repetitions
            rows["thumbgen, 7 boxes"].append(
                _thumbgen_peak(ctx, original, os.path.join(root, "tg7"), ("thumb", "card", "hero"), None))
            rows["thumbgen, 180×180 only"].append(
                _thumbgen_peak(ctx, original, os.path.join(root, "tg1"), ("thumb",), "[3]"))
            out = os.path.join(root, "vips")
            shutil.rmtree(out, ignore_errors=True)
            suffix = "jpg[Q=82]" if original.endswith(".jpg") else "png[compression=6]"
            rows["vipsthumbnail, 180×180"].append(run_workers(
                [[[VIPSTHUMBNAIL, "--size", "180x180>", "-o", os.path.join(out, f"%s.180x180.{suffix}"), original]]],
                out, env=dict(os.environ, **PEER_ENV)))
        for tool, runs in rows.items():
            results.append({
                "file": os.path.basename(original), "tool": tool,
                "rss_mb": statistics.median(r["rss_mb"] for r in runs),
                **whole_medians(runs),
                "wall": statistics.median(r["wall"] for r in runs),
                "cpu": statistics.median(r["cpu"] for r in runs),
                "failed": sum(r["failed"] for r in runs), "note": runs[-1].get("note", ""),
            })
    return {"source": source, "rows": results}
