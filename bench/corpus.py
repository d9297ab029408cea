"""The corpus: real photographs from Debian's wallpaper packages, copied into .build/bench/corpus.

JPEG and PNG files under the source folders (symlinks followed), deduplicated by content, at
least 1 megapixel. Plasma's wallpapers ship one picture under a dozen names (symlinks to the
largest): deduplication keeps it once, named after the real file.
"""
import hashlib
import json
import os
import re
import shutil
import subprocess

from imagesize import sniff

SOURCE_DIRS = ["/usr/share/wallpapers", "/usr/share/backgrounds"]
MIN_PIXELS = 1_000_000
EXTENSIONS = {"jpeg": "jpg", "png": "png"}


def _scan(source_dirs):
    """{sha256: realpath} of every JPEG or PNG file, the first realpath in sorted order winning."""
    found = {}
    for base in source_dirs:
        for folder, _dirs, files in os.walk(base, followlinks=True):
            for name in files:
                real = os.path.realpath(os.path.join(folder, name))
                if not os.path.isfile(real):
                    continue
                with open(real, "rb") as f:
                    data = f.read()
                if sniff(data[:8]) is None:
                    continue
                digest = hashlib.sha256(data).hexdigest()
                if digest not in found or real < found[digest]:
                    found[digest] = real
    return found


def _store_name(real, taken):
    """'/usr/share/wallpapers/Altai/contents/images/5120x2880.png' -> 'Altai-5120x2880'."""
    parts = [p for p in real.split("/")[3:] if p not in ("wallpapers", "backgrounds", "contents", "images")]
    stem = re.sub(r"[^A-Za-z0-9_-]+", "_", "-".join(parts).rsplit(".", 1)[0]).strip("_") or "image"
    name, n = stem, 2
    while name in taken:
        name, n = f"{stem}-{n}", n + 1
    taken.add(name)
    return name


def build(store_dir, venv_python, probe_script, source_dirs=SOURCE_DIRS):
    """Copies the corpus into store_dir/{jpeg,png}/ unless already there; returns its entries.

    Each entry: name, format, path, bytes, source, width, height (as stored), orientation,
    upright [w, h], megapixels, progressive.
    """
    index_path = os.path.join(store_dir, "corpus.json")
    found = _scan(source_dirs)
    signature = hashlib.sha256("\n".join(sorted(found)).encode()).hexdigest()
    if os.path.exists(index_path):
        with open(index_path) as f:
            cached = json.load(f)
        if cached.get("signature") == signature and all(os.path.exists(e["path"]) for e in cached["images"]):
            return cached["images"]

    shutil.rmtree(store_dir, ignore_errors=True)
    sources = sorted(found.values())
    probe = subprocess.run([venv_python, probe_script], input=json.dumps(sources),
                           capture_output=True, text=True, check=True)
    info = json.loads(probe.stdout)
    entries, taken = [], set()
    for real in sources:
        meta = info[real]
        if meta["width"] * meta["height"] < MIN_PIXELS:
            continue
        with open(real, "rb") as f:
            kind = sniff(f.read(8))
        name = _store_name(real, taken)
        path = os.path.join(store_dir, kind, f"{name}.{EXTENSIONS[kind]}")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        shutil.copyfile(real, path)
        w, h = meta["width"], meta["height"]
        entries.append({
            "name": name, "format": kind, "path": path, "bytes": os.path.getsize(path), "source": real,
            "width": w, "height": h, "orientation": meta["orientation"],
            "upright": [h, w] if meta["orientation"] in (5, 6, 7, 8) else [w, h],
            "megapixels": round(w * h / 1e6, 2), "progressive": meta["progressive"],
            "mode": meta["mode"],
        })
    with open(index_path, "w") as f:
        json.dump({"signature": signature, "sources": source_dirs, "images": entries}, f, indent=1)
    return entries


def spread(items, count):
    """`count` items evenly spaced through `items` (sorted by megapixels)."""
    items = sorted(items, key=lambda e: (e["megapixels"], e["name"]))
    if len(items) <= count:
        return items
    step = (len(items) - 1) / max(1, count - 1)
    return [items[round(i * step)] for i in range(count)]


def quick_subset(entries, jpegs=8, pngs=6):
    """A small, deterministic subset spanning the size range, with some progressive JPEGs."""
    jpeg = [e for e in entries if e["format"] == "jpeg"]
    progressive = [e for e in jpeg if e["progressive"]]
    baseline = [e for e in jpeg if not e["progressive"]]
    n_prog = min(len(progressive), max(1, jpegs * 3 // 8))
    chosen = spread(progressive, n_prog) + spread(baseline, jpegs - n_prog)
    chosen += spread([e for e in entries if e["format"] == "png"], pngs)
    return chosen


def describe(entries):
    """Counts, formats, megapixel range and progressive count, for the report."""
    def summary(items):
        mps = [e["megapixels"] for e in items]
        return {
            "count": len(items),
            "megapixels_min": min(mps) if mps else 0,
            "megapixels_max": max(mps) if mps else 0,
            "megapixels_total": round(sum(mps), 1),
            "progressive": sum(1 for e in items if e["progressive"]),
            "bytes": sum(e["bytes"] for e in items),
            "oriented": sum(1 for e in items if e["orientation"] != 1),
            "modes": sorted({e["mode"] for e in items}),
        }
    return {kind: summary([e for e in entries if e["format"] == kind]) for kind in ("jpeg", "png")}
