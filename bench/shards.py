"""Sharding (issue 10): N shards as N parallel processes against one process, and merge time."""
import filecmp
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


def merge_time(ctx, entries=10_000, count=4, reps=3):
    """`thumbgen merge` of `count` shard indexes holding `entries` images in all (empty .jpg files:
    unreadable, but every one a full index entry with all its slots)."""
    work = os.path.join(ctx["scratch"], "merge")
    corpus = os.path.join(work, "corpus")
    if not os.path.isdir(corpus) or len(os.listdir(corpus)) != entries:
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(corpus)
        for n in range(entries):
            open(os.path.join(corpus, f"image-{n:05d}.jpg"), "wb").close()
    with open(os.path.join(work, "manifest.yaml"), "w") as f:
        f.write(manifest_text(["*.jpg"]))
    manifest = os.path.join(work, "manifest.yaml")
    kept = os.path.join(work, "shards")
    shutil.rmtree(kept, ignore_errors=True)
    os.makedirs(kept)
    for k in range(1, count + 1):
        subprocess.run([ctx["thumbgen"], "build", manifest, "--shard", f"{k}/{count}", "--quiet"], check=True)
        name = f"renditions.shard-{k}-of-{count}.json"
        shutil.copy(os.path.join(corpus, name), os.path.join(kept, name))
    times = []
    for _ in range(reps):
        for name in os.listdir(kept):
            shutil.copy(os.path.join(kept, name), os.path.join(corpus, name))
        started = time.monotonic()
        subprocess.run([ctx["thumbgen"], "merge", manifest, "--quiet"], check=True)
        times.append(time.monotonic() - started)
    return {"entries": entries, "shards": count, "seconds": statistics.median(times),
            "index_bytes": os.path.getsize(os.path.join(corpus, "renditions.json"))}
