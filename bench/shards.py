"""Sharding (issue 10): N shards as N parallel processes against one process, and merge time."""
import collections
import filecmp
import json
import os
import shutil
import statistics
import subprocess
import time

from measure import run_workers
from tools import link_tree, manifest_text


def _fresh(work_dir, images, globs):
    shutil.rmtree(work_dir, ignore_errors=True)
    link_tree(images, os.path.join(work_dir, "corpus"))
    with open(os.path.join(work_dir, "manifest.yaml"), "w") as f:
        f.write(manifest_text(globs))
    return os.path.join(work_dir, "manifest.yaml")


def parallel_shards(ctx, images, counts=(2,), reps=3):
    """One process with --jobs 1 against N shards as N processes (--jobs 1 each, then merge)."""
    root = os.path.join(ctx["scratch"], "shards")
    globs = sorted({"*.jpg" if i["format"] == "jpeg" else "*.png" for i in images})
    rows = []
    single = []
    for _ in range(reps):
        manifest = _fresh(os.path.join(root, "one"), images, globs)
        single.append(run_workers([[[ctx["thumbgen"], "build", manifest, "--jobs", "1", "--quiet"]]],
                                  os.path.join(root, "one", "run")))
    one_wall = statistics.median(r["wall"] for r in single)
    for count in counts:
        runs, merges, identical = [], [], True
        for _ in range(reps):
            work = os.path.join(root, f"n{count}")
            manifest = _fresh(work, images, globs)
            workers = [[[ctx["thumbgen"], "build", manifest, "--shard", f"{k}/{count}", "--jobs", "1", "--quiet"]]
                       for k in range(1, count + 1)]
            runs.append(run_workers(workers, os.path.join(work, "run")))
            started = time.monotonic()
            subprocess.run([ctx["thumbgen"], "merge", manifest, "--quiet"], check=True)
            merges.append(time.monotonic() - started)
            identical = identical and filecmp.cmp(os.path.join(work, "corpus", "renditions.json"),
                                                  os.path.join(root, "one", "corpus", "renditions.json"), shallow=False)
        wall = statistics.median(r["wall"] for r in runs)
        rows.append({"shards": count, "wall": wall, "merge": statistics.median(merges),
                     "speedup": one_wall / wall if wall else None, "identical_index": identical})
    return {"images": len(images), "one_process_wall": one_wall, "rows": rows}


def _tiles(ctx, photos, folder, count):
    """`count` 256x192 JPEG crops of corpus photos in `folder` (made once)."""
    if os.path.isdir(folder) and len(os.listdir(folder)) == count:
        return
    shutil.rmtree(folder, ignore_errors=True)
    script = os.path.join(ctx["bench_dir"], "peers", "tiles.py")
    subprocess.run([ctx["python"], script, folder, str(count)] + [p["path"] for p in photos], check=True)


def merge_time(ctx, photos, entries=10_000, count=4, reps=3):
    """`thumbgen merge` of `count` shard indexes of `entries` real images with real renditions.

    The images are 256x192 crops of corpus photos: each has three renditions on disk (the 60,
    120 and 180 boxes; the larger boxes fit it), so merge checks 3 x `entries` files, as recorded
    in the shards, before it writes the index. The shards are built once per run (untimed);
    each timed merge starts from copies of their indexes.
    """
    work = os.path.join(ctx["scratch"], "merge")
    _tiles(ctx, photos[:8], os.path.join(work, "tiles", str(entries)), entries)
    corpus = os.path.join(work, "corpus")
    shutil.rmtree(corpus, ignore_errors=True)
    tiles = os.path.join(work, "tiles", str(entries))
    link_tree([{"path": os.path.join(tiles, name)} for name in sorted(os.listdir(tiles))], corpus)
    manifest = os.path.join(work, "manifest.yaml")
    with open(manifest, "w") as f:
        f.write(manifest_text(["*.jpg"]))
    kept = os.path.join(work, "shards")
    shutil.rmtree(kept, ignore_errors=True)
    os.makedirs(kept)
    started = time.monotonic()
    for k in range(1, count + 1):
        subprocess.run([ctx["thumbgen"], "build", manifest, "--shard", f"{k}/{count}", "--jobs", "2", "--quiet"],
                       check=True)
        name = f"renditions.shard-{k}-of-{count}.json"
        shutil.copy(os.path.join(corpus, name), os.path.join(kept, name))
    build_seconds = time.monotonic() - started
    renditions = sum(1 for name in os.listdir(corpus) if ".Thumbnail(" in name)
    times = []
    for _ in range(reps):
        for name in os.listdir(kept):
            shutil.copy(os.path.join(kept, name), os.path.join(corpus, name))
        started = time.monotonic()
        subprocess.run([ctx["thumbgen"], "merge", manifest, "--quiet"], check=True)
        times.append(time.monotonic() - started)
    with open(os.path.join(corpus, "renditions.json")) as f:
        index = json.load(f)["images"]
    statuses = collections.Counter(entry.get("status") for entry in index.values())
    return {"entries": entries, "shards": count, "seconds": statistics.median(times), "times": times,
            "index_bytes": os.path.getsize(os.path.join(corpus, "renditions.json")),
            "renditions_on_disk": renditions, "statuses": dict(statuses), "build_seconds": build_seconds,
            "image_size": "256x192"}
