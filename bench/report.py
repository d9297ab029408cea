"""Turns the measurements into the markdown tables (printed and saved) and the JSON record."""
import json
import os
import platform
import subprocess

SET_NAMES = {"jpeg": "JPEG", "png": "PNG"}
# Issue 7's targets: thumbgen --jobs 2 images/s over the peer's, per set.
SPEED_TARGETS = {"jpeg": {"vipsthumbnail": 4.0, "pillow": 1.5, "pyvips": 1.5},
                 "png": {"vipsthumbnail": 3.0, "pillow": 1.3, "pyvips": 1.2}}


def _first_line(argv):
    try:
        result = subprocess.run(argv, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return "not found"
    lines = (result.stdout + result.stderr).strip().splitlines()
    return lines[0].strip() if lines else "?"


def machine():
    """nproc, CPU model, memory and kernel."""
    model, mem_kb = "?", 0
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal"):
                mem_kb = int(line.split()[1])
    return {"nproc": os.cpu_count(), "cpu": model, "memory_gib": round(mem_kb / 2**20, 1),
            "kernel": platform.release(), "os": _first_line(["sh", "-c", ". /etc/os-release; echo $PRETTY_NAME"])}


# The codec libraries thumbgen's binary loads, by the Debian package that holds each one.
_CODEC_LIBRARIES = ("jpeg", "png", "deflate", "webp", "avif", "aom", "dav1d", "heif", "de265", "gif")


def _linked_codecs(binary):
    """'libheif1 1.15.1-1+deb12u1, ...' for the codec libraries ldd lists for the binary."""
    def run(argv):
        return subprocess.run(argv, capture_output=True, text=True, timeout=30).stdout
    try:
        ldd = run(["ldd", binary])
        paths = [part.split()[0] for line in ldd.splitlines() if "=>" in line
                 for part in [line.split("=>", 1)[1].strip()] if part.startswith("/")]
        paths = [os.path.realpath(p) for p in paths if any(name in os.path.basename(p) for name in _CODEC_LIBRARIES)]
        # One query for every path: a line "package[:arch]: path" each (a path no package holds is left out).
        owners = run(["dpkg-query", "-S", *paths]) if paths else ""
        packages = sorted({line.split(":", 1)[0] for line in owners.splitlines() if ": /" in line})
        listed = run(["dpkg-query", "-W", "-f", "${Package} ${Version}\n", *packages]) if packages else ""
    except (OSError, subprocess.TimeoutExpired):
        return "not found"
    return ", ".join(line.strip() for line in listed.splitlines() if line.strip()) or "?"


# Pillow's bundled libwebp and libavif, and the AV1 codecs its libavif was built with (a Pillow
# without AVIF support prints '?' for those).
_PILLOW_CODECS = """
from PIL import features
try:
    from PIL import _avif
    codecs = _avif.codec_versions()
except ImportError:
    codecs = "?"
print(f"libwebp {features.version('webp')}, libavif {features.version('avif')} ({codecs})")
"""


def versions(ctx):
    pillow = _first_line([ctx["python"], "-c", "import PIL; print(PIL.__version__)"])
    pyvips = _first_line([ctx["python"], "-c", "import pyvips; "
                          "print(f'{pyvips.__version__} (libvips {pyvips.version(0)}.{pyvips.version(1)}.{pyvips.version(2)})')"])
    return {
        "thumbgen": _first_line([ctx["thumbgen"], "--version"]),
        "thumbgen's codec libraries (Debian packages)": _linked_codecs(ctx["thumbgen"]),
        "swift": _first_line(["swift", "--version"]),
        "Pillow": pillow,
        "pyvips": pyvips,
        "vipsthumbnail": _first_line(["vipsthumbnail", "--vips-version"]),
        "ImageMagick": _first_line(["/usr/bin/convert", "-version"]),
        "GraphicsMagick": _first_line(["gm", "-version"]),
        "djpeg": _first_line(["djpeg", "-version"]),
        "cwebp": _first_line(["cwebp", "-version"]),
        "avifenc": _first_line(["avifenc", "--version"]),
        "Pillow codecs": _first_line([ctx["python"], "-c", _PILLOW_CODECS]),
        "pillow-heif": _first_line([ctx["python"], "-c", "import pillow_heif as p; i = p.libheif_info(); "
                                    "print(p.__version__, 'libheif', i['libheif'], '| HEVC decoder', i['decoders'].get('libde265', '?'))"]),
        "python (harness)": platform.python_version(),
    }


def _fmt(value, digits=2):
    return "—" if value is None else f"{value:.{digits}f}"


def _whole(row):
    """A row's whole memory peak with the summed RSS in brackets: '250 (252)'; '—' in a record
    made before the whole peak was measured."""
    if row.get("whole_mb") is None:
        return "—"
    return f"{row['whole_mb']:.0f} ({row['summed_mb']:.0f})"


WHOLE_HEADER = "whole peak MB (RSS summed)"


def _set_table(kind, result, tools):
    rows = result["tools"]
    lines = [f"### {SET_NAMES[kind]} set: {result['images']} images — medians of {result['rounds']} "
             f"interleaved round(s)", "",
             f"| tool | wall s (range) | CPU s | largest process MB | {WHOLE_HEADER} | images/s | thumbgen ÷ tool | "
             "output check | busy elsewhere |", "|---|---:|---:|---:|---:|---:|---:|---|---:|"]
    reference = rows.get("thumbgen")
    for tool in tools:
        row = rows.get(tool.key)
        if row is None:
            continue
        ratio = "—"
        if reference and reference["complete"] and row["images_per_s"]:
            ratio = f"{reference['images_per_s'] / row['images_per_s']:.2f}×"
            if not row["complete"]:
                ratio += " (incomplete)"
        elif reference and not reference["complete"]:
            ratio = "n/a"
        wall = f"{row['wall']:.2f} ({min(row['walls']):.2f}–{max(row['walls']):.2f})"
        speed = f"{row['images_per_s']:.2f}"
        if not row["complete"]:  # a tool that skipped work has no speed worth quoting
            speed = "—" if row["check"]["ok"] + row["check"]["off_by_one"] == 0 else f"({speed})"
        lines.append(f"| {tool.label} | {wall} | {row['cpu']:.2f} | {row['rss_mb']:.0f} | {_whole(row)} | "
                     f"{speed} | {ratio} | {row['check_text']} | {row.get('others_cores', 0):.1f} |")
    if reference and not reference["complete"]:
        lines += ["", f"thumbgen did not make every rendition of this set ({reference['check_text']}): "
                      "its row and the ratios are not a comparison."]
    lines += ["", "Busy elsewhere: cores kept busy by other processes on the machine during the run (median "
                  "over rounds), from /proc/stat; 1.0 means one of the two cores was not ours."]
    return lines


def _floor_table(record):
    floor = record.get("floor")
    if not floor:
        return []
    lines = ["### Floor: decoding every original once (CPU s, median of rounds, one process at a time)", "",
             "| floor | files | CPU s |", "|---|---:|---:|"]
    for name, cell in floor["cpu"].items():
        lines.append(f"| {name} | {cell['files']} | {cell['cpu']:.2f} |")
    if floor.get("scales"):
        lines += ["", "Scales the largest box needs: " + ", ".join(f"{k}/8 × {v}" for k, v in sorted(floor["scales"].items()))
                  + " files."]
    if floor.get("thumbgen_ratio") is not None:
        lines += ["", f"thumbgen --jobs 2 on the JPEG set: {floor['thumbgen_cpu']:.2f} CPU s = "
                      f"**{floor['thumbgen_ratio']:.2f}×** the needed-scale djpeg floor (target ≤ 1.5×)."]
    return lines


def _quality_table(record, tools):
    quality = record.get("quality")
    if not quality:
        return []
    lines = ["### Quality: PSNR of card@3x (960×540 box) renditions against a full-decode Lanczos reference", "",
             "Reference: `convert IN -auto-orient -filter Lanczos -resize WxH! REF.png` at each tool's own output "
             "size; `compare -metric PSNR`. Every tool writes its JPEG renditions at quality 82 (JPEG loss "
             "dominates those figures) and its PNG renditions lossless at zlib level 6. PNG bytes: all PNG "
             "renditions of the set, one file per (image, box).", "",
             "| tool | JPEG dB: median (min–max, n) | PNG dB: median (min–max, n) | PNG bytes | ÷ Pillow's |",
             "|---|---:|---:|---:|---:|"]
    pillow_bytes = quality["png_bytes"].get("pillow")
    for tool in tools:
        if tool.key not in quality["psnr"]:
            continue
        cells = []
        for kind in ("jpeg", "png"):
            cell = quality["psnr"][tool.key].get(kind)
            if not cell or cell["count"] == 0:
                cells.append("—" if not cell else f"— (0 of {cell['missing']})")
            else:
                missing = f", {cell['missing']} missing" if cell["missing"] else ""
                cells.append(f"{cell['median']:.2f} ({cell['min']:.1f}–{cell['max']:.1f}, {cell['count']}{missing})")
        size = quality["png_bytes"].get(tool.key)
        ratio = f"{size / pillow_bytes:.2f}" if size and pillow_bytes else "—"
        shown = f"{size / 1e6:.2f} MB" if size is not None else "— (incomplete)"
        lines.append(f"| {tool.label} | {cells[0]} | {cells[1]} | {shown} | {ratio} |")
    return lines


def _memory_table(record):
    memory = record.get("memory")
    if not memory:
        return []
    tools = list(dict.fromkeys(r["tool"] for r in memory["rows"]))
    files = list(dict.fromkeys(r["file"] for r in memory["rows"]))
    lines = [f"### Peak RSS on huge originals (MB: largest process / whole peak (RSS summed); made from "
             f"`{memory['source']}`)", "",
             "| original | " + " | ".join(tools) + " |", "|---|" + "---:|" * len(tools)]
    notes = []
    for name in files:
        cells = []
        for tool in tools:
            row = next(r for r in memory["rows"] if r["file"] == name and r["tool"] == tool)
            mark = "" if not row["note"] and not row["failed"] else " ✗"
            whole = "" if row.get("whole_mb") is None else f" / {_whole(row)}"
            cells.append(f"{row['rss_mb']:.0f}{whole}{mark}")
            if row["note"]:
                notes.append(f"{tool} on {name}: {row['note']}")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    if notes:
        lines += [""] + [f"✗ {n} (no rendition written: the figure is not a comparison)" for n in notes]
    lines += ["", "vipsthumbnail runs with VIPS_CONCURRENCY=1; 20 MP JPEGs are quality 90 (4:4:4)."]
    return lines


def _noop_table(record):
    noop = record.get("noop")
    if not noop:
        return []
    lines = ["### No-op rebuilds (`thumbgen build --jobs 2` again with nothing changed)", "",
             "| what | images | full build s | no-op s (median) | no-op ÷ full | ms per image | written on no-op |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for label, key in (("corpus", "corpus"), ("synthetic 64×48 JPEGs", "synthetic")):
        row = noop[key]
        lines.append(f"| {label} | {row['images']} | {row['full_wall']:.2f} | {row['noop_wall']:.3f} | "
                     f"{row['percent_of_full']:.1f}% | {row['ms_per_image']:.2f} | {row['noop_written']} |")
    lines += ["", f"No-op figures are medians of {len(noop['corpus']['noop_walls'])} runs."]
    return lines


RSS_KEYS = ("cold_rss", "unsealed_rss", "noop_rss", "check_rss", "check_changed_rss", "changed_rss")


def _library_table(record):
    library = record.get("library")
    if not library:
        return []
    lines = ["### A library of many small originals (`thumbgen build --jobs 2`, 64×48 JPEGs, 100 a folder, one three-box slot, `split: folder`)", "",
             "| images | cold s (CPU) | first no-op s (CPU) | no-op s (CPU) | check s (CPU) | 100 changed: check s (CPU) | build s | "
             "merge of 8 shards s | peak RSS MB | index MB | slice KB | load in Swift s (slice) | load in JS s (slice) |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for row in library["rows"]:
        rss = max(row.get(k, 0) for k in RSS_KEYS)
        slice_kb = f"{row['slice_bytes'] / 1e3:.1f}" if row.get("slice_bytes") else "–"
        swift = f"{row['swift_load']:.2f} ({row.get('swift_slice_load', 0):.3f})"
        js = f"{row['js_load']:.2f} ({row.get('js_slice_load', 0):.4f})" if row.get("js_load") is not None else "–"
        noop = f"{row['noop']:.2f}" + (f" ({row['noop_cpu']:.2f})" if "noop_cpu" in row else "")
        check = f"{row['check']:.2f}" + (f" ({row['check_cpu']:.2f})" if "check_cpu" in row else "")
        def timed(key):
            return f"{row[key]:.2f}" + (f" ({row[key + '_cpu']:.2f})" if key + "_cpu" in row else "") if key in row else "–"
        cold = f"{row['cold']:.1f}" + (f" ({row['cold_cpu']:.1f})" if "cold_cpu" in row else "")
        lines.append(f"| {row['images']:,} | {cold} | {timed('unsealed')} | {noop} | {check} | {timed('check_changed')} | {row['changed']:.2f} | "
                     f"{row['merge']:.2f} | {rss:.0f} | {row['index_bytes'] / 1e6:.1f} | {slice_kb} | {swift} | {js} |")
    exponents = ", ".join(f"{k} {v:.2f}" for k, v in library["exponents"].items() if v is not None)
    lines += ["", f"Exponent of each step's time over the number of images (1 is linear): {exponents}. "
              "The first no-op changes nothing and seals what it saw (`.thumbgen/seal`); the no-ops and checks after it answer "
              "from the seal, stat(2) of every original and file it rests on; after 100 originals change, `check` and the build "
              "do the whole work. "
              "Swift's load is `thumbgen lookup` (process start included), which loads the index through `Renditions`; "
              "JavaScript's is `indexFrom(JSON.parse(…))` of renditions.js in Node, timed inside the process."]
    largest = max(library["rows"], key=lambda r: r["images"])
    rss = max(largest.get(k, 0) for k in RSS_KEYS)
    steep = {k: v for k, v in library["exponents"].items() if v is not None and v > 1.2}
    lines += ["", "| target (issue 35, at the largest size) | measured | met |", "|---|---|---|",
              f"| no-op build under 3 s | {largest['noop']:.2f} s | {'yes' if largest['noop'] < 3 else 'no'} |",
              f"| `check` under 3 s | {largest['check']:.2f} s | {'yes' if largest['check'] < 3 else 'no'} |",
              f"| the same without a seal: the first no-op, `check` after 100 changes (no target) | "
              f"{largest.get('unsealed', 0):.2f} s, {largest.get('check_changed', 0):.2f} s | – |",
              f"| memory under 500 MB | {rss:.0f} MB | {'yes' if rss < 500 else 'no'} |",
              f"| every step linear (exponent ≤ 1.2) | {', '.join(f'{k} {v:.2f}' for k, v in steep.items()) or 'all ≤ 1.2'} | "
              f"{'yes' if not steep and len(library['rows']) >= 3 else 'no'} |"]
    return lines


def _shards_table(record):
    shards = record.get("shards")
    if not shards:
        return []
    parallel, merge = shards["parallel"], shards["merge"]
    lines = ["### Shards (issue 10): N shards as N parallel processes, `--jobs 1` each", "",
             f"The JPEG set ({parallel['images']} images). One process with `--jobs 1`: "
             f"{parallel['one_process_wall']:.2f} s (median).", "",
             "| shards | wall s (median) | speed-up over one process | merge s | merged index = one build's |",
             "|---:|---:|---:|---:|---|"]
    for row in parallel["rows"]:
        lines.append(f"| {row['shards']} | {row['wall']:.2f} | {row['speedup']:.2f}× | {row['merge']:.3f} | "
                     f"{'byte-identical' if row['identical_index'] else 'DIFFERENT'} |")
    if "renditions_on_disk" in merge:
        statuses = ", ".join(f"{n:,} {k}" for k, n in sorted(merge["statuses"].items()))
        lines += ["", f"**Merge of real renditions**: {merge['entries']:,} real {merge['image_size']} JPEGs (crops of "
                  f"corpus photos) built as {merge['shards']} shards ({merge['build_seconds']:.0f} s, untimed), "
                  f"{merge['renditions_on_disk']:,} renditions on disk; index entries: {statuses}. "
                  f"`thumbgen merge` reads the {merge['shards']} shard indexes, checks that every rendition each one "
                  f"lists is on disk as recorded, and writes the index ({merge['index_bytes'] / 1e6:.1f} MB): "
                  f"**{merge['seconds']:.2f} s** (median of {len(merge['times'])}; "
                  f"{1e6 * merge['seconds'] / merge['entries']:.0f} µs per image)."]
    return lines


def _cache_table(record):
    cache = record.get("cache")
    if not cache:
        return []
    m, moved = cache["medians"], cache["moved"]
    down, up = moved.get("remote", {}), moved.get("fill", {})
    rows = [("cold: a fresh clone, no cache", m["cold"], cache["written_cold"], ""),
            ("fill: the same, writing to the cache (as `main` does)", m["fill"], None,
             f"{up.get('uploaded', 0)} records, {up.get('bytes_up', 0) / 1e6:.1f} MB up"),
            ("remote: a fresh clone, the warm cache read-only (a pull request)", m["remote"], cache["written_remote"],
             f"{down.get('hits', 0)} hits, {down.get('misses', 0)} misses, {down.get('bytes_down', 0) / 1e6:.1f} MB down"),
            ("restore: a fresh clone with the cold build's files copied in (actions/cache)", m["restore"],
             cache["written_restore"], ""),
            ("no-op: the cold build's folder again", m["noop"], None, "")]
    lines = [f"### Shared cache: {cache['images']} photos of {cache['size']}, the standard workload with WebP beside, "
             "nginx with WebDAV PUT on 127.0.0.1", "",
             "| build | wall s (median) | of cold | files written | moved |", "|---|---|---|---|---|"]
    for name, seconds, written, note in rows:
        lines.append(f"| {name} | {seconds:.2f} | {seconds / m['cold'] * 100:.1f}% | "
                     f"{'' if written is None else written} | {note} |")
    verdict = "met" if cache["remote_ratio"] <= 0.10 else "NOT met"
    lines += ["", f"A fresh clone with a warm remote cache takes {cache['remote_ratio'] * 100:.1f}% of the cold build's "
              f"wall time (target: at most 10%, {verdict}); the server holds {cache['store_bytes'] / 1e6:.1f} MB. "
              f"Medians of {cache['reps']} runs.", ""]
    return lines


def _modern_tables(record):
    lines = []
    for kind, result in (record.get("modern") or {}).items():
        name = {"webp": "WebP", "avif": "AVIF"}[kind]
        rows, cal = result["tools"], result["calibration"]
        q, effort = result["setting"]
        ref = rows["thumbgen"]
        lines += [f"### {name} workload (issue 15): {result['images']} JPEG photos, seven boxes, JPEG q82 fallbacks "
                  f"and {name} beside them — medians of {result['rounds']} interleaved round(s)", "",
                  f"thumbgen at its defaults ({name} q{q}, {'method' if kind == 'webp' else 'aom speed'} {effort}). "
                  f"**Matched quality**: the peers run at the quality whose median SSIMULACRA2 of the 960×540 box matches "
                  f"thumbgen's, found before the timed rounds (calibration below); bytes: every box that needs a rendition, "
                  f"as served to a browser that takes {name} (thumbgen keeps a {name} file only under 90% of its "
                  f"fallback's bytes, and serves the fallback otherwise). SSIMULACRA2: median over the 960×540 boxes "
                  f"against a full-decode Lanczos reference at the file's own size. The floor is the encoder alone.", "",
                  f"| tool | wall s (range) | CPU s | largest process MB | {WHOLE_HEADER} | images/s | thumbgen ÷ tool | "
                  f"bytes served | {name} files | SSIMULACRA2 | bytes at thumbgen's score | output check |",
                  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
        for key in ("thumbgen", "pillow", "pyvips", "floor"):
            row = rows[key]
            speed = result["images"] / row["wall"] if row["wall"] else 0
            ratio = f"{(result['images'] / ref['wall']) / speed:.2f}×" if key != "floor" and speed else "—"
            cpu = f"{row['cpu']:.2f}"
            if key == "floor":
                cpu += f" ({row['net_cpu']:.2f} net of start-up)"
            at_score = f"{row['bytes_at_thumbgen_score'] / 2**20:.2f} MiB" if "bytes_at_thumbgen_score" in row else "—"
            lines.append(f"| {row['label']} | {row['wall']:.2f} ({min(row['walls']):.2f}–{max(row['walls']):.2f}) | {cpu} | "
                         f"{row['rss_mb']:.0f} | {_whole(row)} | {speed:.2f} | {ratio} | {row['served_bytes'] / 2**20:.2f} MiB | "
                         f"{row['modern_files']}/{row['boxes']} | {_fmt(row['score_median'], 1)} | {at_score} | "
                         f"{row.get('check_text', '—')} |")
        lines += ["", f"Calibration on {cal.get('photos', '?')} of the photos, spread over the size range (thumbgen's "
                      f"median there: **{_fmt(cal['target'], 2)}**; each peer's 960×540 boxes at a grid of qualities, its own "
                      "pipeline and encoder, median score and total bytes):", ""]
        for key, peer in cal["peers"].items():
            points = "; ".join(f"q{p['quality']}: {_fmt(p['median'], 1)}, {p['bytes'] / 1024:.0f} KiB" for p in peer["points"])
            lines.append(f"- {key}: {points} → quality {peer['matched']:.1f}"
                         f"{' (extrapolated)' if peer['extrapolated'] else ''}, run at **q{peer['quality']}**")
        floor = rows["floor"]
        jpeg_only = record["sets"].get("jpeg", {}).get("tools", {}).get("thumbgen")
        if jpeg_only and record["sets"]["jpeg"]["images"] == result["images"]:
            lines += ["", f"thumbgen's CPU covers decoding every photo, resampling and writing the JPEG fallbacks too: "
                          f"the same build without {name} (the JPEG set above) takes {jpeg_only['cpu']:.2f} CPU s, so "
                          f"{name} adds **{ref['cpu'] - jpeg_only['cpu']:.2f} s** against the encoder alone's "
                          f"{floor['net_cpu']:.2f} s (which encodes every box; thumbgen keeps {ref['modern_files']} "
                          f"of {ref['boxes']} files; WebP stops at an image's first miss, AVIF encodes every box)."]
        lines += ["", f"Floor: {floor['how']}; start-up cost measured as as many runs on a 16×16 PNG "
                      f"({floor['startup_cpu']:.2f} CPU s) and taken off. Peers: " +
                  "; ".join(f"{rows[k]['label']}: {rows[k]['how']}" for k in ("pillow", "pyvips")) + ". Two workers each.", ""]
    return lines


def _heic_table(record):
    heic = record.get("heic")
    if not heic:
        return []
    rows = heic["tools"]
    ref = rows["thumbgen"]
    lines = [f"### HEIC workload (issue 16): {heic['images']} photos as HEIC ({heic['megapixels']} MP, "
             f"{heic['bytes'] / 2**20:.1f} MiB; {heic['encoder']}), seven boxes, JPEG q82 fallbacks — medians of "
             f"{heic['rounds']} interleaved round(s)", "",
             f"| tool | wall s (range) | CPU s | largest process MB | {WHOLE_HEADER} | images/s | thumbgen ÷ tool | "
             "output check |", "|---|---:|---:|---:|---:|---:|---:|---|"]
    for key, row in rows.items():
        speed = heic["images"] / row["wall"] if row["wall"] else 0
        ratio = f"{row['wall'] / ref['wall']:.2f}×" if ref["wall"] else "—"
        lines.append(f"| {row['label']} | {row['wall']:.2f} ({min(row['walls']):.2f}–{max(row['walls']):.2f}) | "
                     f"{row['cpu']:.2f} | {row['rss_mb']:.0f} | {_whole(row)} | {speed:.2f} | {ratio} | {row['check_text']} |")
    lines += ["", "How: " + "; ".join(f"{row['label']}: {row['how']}" for row in rows.values()) + "."]
    return lines


def _constants_tables(record):
    constants = record.get("constants")
    if not constants:
        return []
    lines = ["### Tuned constants, checked on this corpus", "",
             "Each constant below was tuned on the default corpus; `make bench-unseen` prints the same table for "
             "photos the tuning never saw (bench/results/unseen.md).", ""]
    deflate = constants.get("deflate")
    if deflate:
        levels = deflate["levels"]
        zlib6 = levels["zlib 6"]
        lines += [f"**`compression: 6` → {deflate['chosen']}**: thumbgen's {deflate['files']} PNG renditions of the PNG set, "
                  "inflated to their filtered rows and compressed again (one process):", "",
                  "| compressor | bytes | ÷ zlib 6 | CPU s | ÷ zlib 6 |", "|---|---:|---:|---:|---:|"]
        for name, cell in levels.items():
            mark = " (chosen)" if name == deflate["chosen"] else ""
            lines.append(f"| {name}{mark} | {cell['bytes'] / 1e6:.2f} MB | {cell['bytes'] / zlib6['bytes']:.3f} | "
                         f"{cell['cpu']:.2f} | {cell['cpu'] / zlib6['cpu']:.2f} |")
        e2e = deflate["end_to_end"]
        if e2e["thumbgen_bytes"] and e2e["pillow_bytes"]:
            lines += ["", f"End to end (the PNG set above): thumbgen {e2e['thumbgen_bytes'] / 1e6:.2f} MB against Pillow's "
                          f"zlib-6 {e2e['pillow_bytes'] / 1e6:.2f} MB ({e2e['thumbgen_bytes'] / e2e['pillow_bytes']:.3f}×), "
                          f"in {e2e['thumbgen_cpu']:.2f} against {e2e['pillow_cpu']:.2f} CPU s for the whole workload."]
        lines.append("")
    for key, title, what in (("decode_headroom", "JPEG decode headroom", "largest box's PSNR against the full-decode "
                              "Lanczos reference; libjpeg DCT-scaled decode at the power-of-two scale the headroom picks, "
                              "Pillow's Lanczos (an emulation: the trade-off, not thumbgen's own figures)"),
                             ("cascade_headroom", "Cascade headroom", "PSNR of each box made from a larger rendition "
                              "against a resize of the decode straight to its size (Pillow's Lanczos)")):
        section = constants.get(key)
        if not section:
            continue
        lines += [f"**{title} {section['chosen']}** ({section['files']} JPEGs; {what}):", "",
                  "| headroom | PSNR median dB | PSNR min dB | boxes | " +
                  ("decode CPU s | pixels decoded (MP) |" if key == "decode_headroom" else "pixels read (MP) |"),
                  "|---:|---:|---:|---:|---:|" + ("---:|" if key == "decode_headroom" else "")]
        for h, row in section["headrooms"].items():
            mark = " (chosen)" if float(h) == float(section["chosen"]) else ""
            tail = (f"{row['cpu']:.2f} | {row['pixels'] / 1e6:.0f} |" if key == "decode_headroom"
                    else f"{row['pixels_read'] / 1e6:.0f} |")
            lines.append(f"| {h}{mark} | {_fmt(row['psnr_median'])} | {_fmt(row['psnr_min'])} | {row['count']} | {tail}")
        lines.append("")
    formats = constants.get("formats") or {}
    if formats:
        lines += [f"**WebP and AVIF default qualities** (match JPEG q82 within {constants['tolerance']:g} SSIMULACRA2 "
                  "points, median of thumbgen's own 960×540 boxes of the photos where it kept the modern file):", ""]
        for kind, row in formats.items():
            lines.append(f"- {kind} q{row['quality']}: {row['modern_median']:.1f} against JPEG q82's {row['jpeg_median']:.1f} "
                         f"on {row['photos']} photos: {'within' if row['within'] else 'NOT within'} "
                         f"{constants['tolerance']:g} points")
    return lines

PROFILE_ROWS = [("read_hash", "read+hash"), ("probe", "probe"), ("decode", "decode"), ("colour", "colour"),
                ("resample", "resample"), ("orient", "orient"), ("encode_jpeg", "encode jpeg"),
                ("encode_png", "encode png"), ("encode_webp", "encode webp"), ("encode_avif", "encode avif"),
                ("placeholder", "placeholder"), ("write", "write"), ("other", "other")]


def _workload_floor(record, name):
    """(CPU s, what) of the floor the benchmark measured for a profiled workload, or None."""
    floor = (record.get("floor") or {}).get("cpu", {})
    if name == "JPEG" and "djpeg at needed scale" in floor:
        return floor["djpeg at needed scale"]["cpu"], "djpeg at needed scale"
    if name == "PNG" and "PNG inflate (zlib)" in floor:
        return floor["PNG inflate (zlib)"]["cpu"], "zlib inflate"
    modern = (record.get("modern") or {}).get(name.lower())
    if modern:
        return modern["tools"]["floor"]["net_cpu"], "the encoder alone"
    return None


def _profile_table(record):
    """Issue 20: CPU seconds by stage per workload, from `build --profile`, beside each floor."""
    profile = record.get("profile")
    if not profile:
        return []
    names = list(profile)
    lines = ["### Profile: thumbgen's CPU seconds by stage, per workload (`build --jobs 1 --profile`, median of rounds)", "",
             "Thread CPU time the build charges to each stage, summed over its jobs (a nested stage's time is its "
             "own, not its caller's). The workloads are the timed sections' own: the JPEG and PNG sets, the JPEG "
             "photos with `formats: [webp]` or `[avif]` (fallback JPEGs included), the HEIC copies. The floor row "
             "is what the benchmark measured for that workload (the floor tables above). Outside the stages: the "
             "process's CPU the job threads' clocks do not see (manifest, index, thread start-up; for HEIC, libheif's "
             "HEVC decoder, which libde265 runs on a worker thread of its own).", "",
             "| stage | " + " | ".join(f"{n} ({profile[n]['images']})" for n in names) + " |",
             "|---|" + "---:|" * len(names)]
    for key, label in PROFILE_ROWS:
        cells = [profile[n]["stages"].get(key, 0.0) for n in names]
        if any(c >= 0.0005 for c in cells):
            lines.append(f"| {label} | " + " | ".join(f"{c:.2f}" for c in cells) + " |")
    lines.append("| **stages** | " + " | ".join(f"**{profile[n]['stages_total']:.2f}**" for n in names) + " |")
    lines.append("| process (user + sys) | " + " | ".join(f"{profile[n]['process']:.2f}" for n in names) + " |")
    lines.append("| outside the stages | " + " | ".join(
        f"{profile[n]['process'] - profile[n]['stages_total']:.2f}" for n in names) + " |")
    floors = [_workload_floor(record, n) for n in names]
    if any(floors):
        lines.append("| floor | " + " | ".join(f"{f[0]:.2f} ({f[1]})" if f else "–" for f in floors) + " |")
        lines.append("| process ÷ floor | " + " | ".join(
            f"{profile[n]['process'] / f[0]:.2f}×" if f and f[0] else "–" for n, f in zip(names, floors)) + " |")
    return lines


def _whole_target(name, rows, peers, complete=True):
    """Issue 35: '| NAME: whole memory peak ≤ every peer's | ... | yes/no |' for thumbgen --jobs 2
    against the peers of a workload (none in a record made before the whole peak was measured)."""
    ref = rows.get("thumbgen")
    measured = [(key, rows[key]) for key in peers if key in rows and rows[key].get("whole_mb") is not None]
    if not ref or ref.get("whole_mb") is None or not measured:
        return []
    met = complete and all(ref["whole_mb"] <= row["whole_mb"] for _, row in measured)
    note = "" if complete else " (thumbgen incomplete)"
    return [f"| {name}: whole memory peak ≤ every peer's | {ref['whole_mb']:.0f} vs " +
            ", ".join(f"{key} {row['whole_mb']:.0f}" for key, row in measured) + f" MB{note} | {'yes' if met else 'no'} |"]


def _modern_targets(record):
    """Issue 15: ≥ 1.5× every peer at no more bytes and no lower score; CPU ≤ 1.3× the floor; RSS ≤ pyvips'."""
    lines = []
    for kind, result in (record.get("modern") or {}).items():
        name = {"webp": "WebP", "avif": "AVIF"}[kind]
        rows = result["tools"]
        ref = rows["thumbgen"]
        for peer in ("pillow", "pyvips"):
            row = rows[peer]
            ratio = row["wall"] / ref["wall"] if ref["wall"] else 0
            ok = ratio >= 1.5 and ref.get("complete") and row.get("complete")
            lines.append(f"| {name}: ≥ 1.5× {peer} (wall) | {ratio:.2f}× (CPU s: {row['cpu'] / ref['cpu']:.2f}×) | "
                         f"{'yes' if ok else 'no'} |")
            bytes_eq = row["bytes_at_thumbgen_score"]
            lines.append(f"| {name}: bytes ≤ {peer}'s at equal SSIMULACRA2 | {ref['served_bytes'] / 2**20:.2f} vs "
                         f"{bytes_eq / 2**20:.2f} MiB (as run: {row['served_bytes'] / 2**20:.2f} MiB at "
                         f"{_fmt(row['score_median'], 1)} vs thumbgen's {_fmt(ref['score_median'], 1)}) | "
                         f"{'yes' if ref['served_bytes'] <= bytes_eq else 'no'} |")
        floor = rows["floor"]
        ratio = ref["cpu"] / floor["net_cpu"] if floor["net_cpu"] else float("inf")
        lines.append(f"| {name}: CPU ≤ 1.3× the encoder alone | {ref['cpu']:.2f} vs {floor['net_cpu']:.2f} s = "
                     f"{ratio:.2f}× | {'yes' if ratio <= 1.3 else 'no'} |")
        lines.append(f"| {name}: peak RSS ≤ pyvips' | {ref['rss_mb']:.0f} vs {rows['pyvips']['rss_mb']:.0f} MB | "
                     f"{'yes' if ref['rss_mb'] <= rows['pyvips']['rss_mb'] else 'no'} |")
        lines += _whole_target(name, rows, ("pillow", "pyvips"), bool(ref.get("complete")))
    return lines


_FORMAT_NAMES = {"webp": "WebP", "avif": "AVIF"}


def _kib(n):
    return f"{n / 1024:,.1f}"


def _stoprule_tables(record):
    """Rendering 14's stop rule against keeping every modern file under the ratio, per format set."""
    result = record.get("stoprule")
    if not result:
        return []
    ratio = f"{100 * result['keep_ratio']:.0f}%"
    lines = [f"### Stop rule: WebP from the largest rendition down, stopping at the first over {ratio} "
             f"of its fallback ({result['images']} JPEG photos, seven boxes, JPEG q{result['rule_quality']} fallbacks)", "",
             f"thumbgen encodes an image's WebP renditions from the largest down and stops at the first whose file "
             f"is over {ratio} of its fallback's bytes: the smaller renditions get no WebP file. AVIF keeps each file "
             f"under the ratio (the binary's AVIF files are checked to be the per-file rule's); for it the rule's "
             f"row is worked out from the files, to show why it is not applied. "
             f"**Per file**: every rendition encoded, each file kept when under {ratio} of its own fallback. Each "
             f"format set is built twice (`--jobs 2 --profile`, fresh folders): as the standard workload (the stop "
             f"rule's files, the fallbacks' bytes) and with the fallbacks at JPEG q{result['every_file_quality']}, "
             f"which changes only the fallbacks' bytes (the same decode, resampling and modern encoder input) and "
             f"leaves no modern file over {ratio} of them, so that build writes every rendition's own modern file: "
             f"the per-file rule's files are exact, not an emulation (checks below). Bytes saved: Σ (fallback − modern) "
             f"over the files kept; given up: what the per-file rule saves and the rule does not, as a share of the "
             f"per-file saving. Encoder pixels skipped: Σ width × height of the renditions the rule did not encode in "
             f"that format ÷ all renditions' (a rule encodes up to and including its first miss). Encoder CPU: the "
             f"format's stage in each build's profile, one build each. \"Smallest up\" is worked out from the same "
             f"files.", "",
             "| output.formats | format | rule | files kept | KiB saved (of fallbacks' KiB) | given up: KiB (share) | "
             "files given up | encoder pixels skipped | encoder CPU s |",
             "|---|---|---|---:|---:|---:|---:|---:|---:|"]
    checks_text = []
    for entry in result["sets"]:
        formats = f"[{', '.join(entry['formats'])}]"
        for fmt, f in entry["figures"].items():
            name = _FORMAT_NAMES[fmt]
            per, stop, small, cpu = f["per_file"], f["stop_rule"], f["smallest_up"], f["encoder_cpu"]
            lines.append(f"| {formats} | {name} | per file | {per['files']} of {f['renditions']} | {_kib(per['saved'])} "
                         f"({_kib(f['fallback_bytes'])}) | — | — | 0 (all {f['renditions']} encoded) | "
                         f"{_fmt(cpu.get('every_file'))} |")
            rule = "**largest down, stop at first miss (thumbgen)**" if f.get("stopped", True) else \
                "largest down, stop at first miss (worked out; thumbgen keeps each file)"
            lines.append(f"| | | {rule} | {stop['files']} | {_kib(stop['saved'])} | "
                         f"{_kib(stop['given_up'])} (**{100 * stop['given_up_share']:.2f}%**) | {stop['files_given_up']} | "
                         f"**{100 * stop['pixels_skipped_share']:.1f}%** ({stop['encoded']} encoded; "
                         f"{stop['images_stopped_early']} images stopped early) | {_fmt(cpu.get('rule'))} |")
            lines.append(f"| | | smallest up, stop at first miss (worked out) | {small['files']} | {_kib(small['saved'])} | "
                         f"{_kib(small['given_up'])} ({100 * small['given_up_share']:.2f}%) | {small['files_given_up']} | "
                         f"{100 * small['pixels_skipped_share']:.1f}% ({small['encoded']} encoded) | — |")
            checks_text.append(f"{formats} {name}: " + _stoprule_checks(f["checks"], ratio, result["every_file_quality"]))
    lines += ["", "Checks: " + "; ".join(checks_text) + "."]
    return lines


def _stoprule_checks(c, ratio, quality):
    """The stop rule section's checks in words: what agreed, and any count that should be 0."""
    problems = [f"{c[key]} {what}" for key, what in (
        ("bytes_differ", "of them differing"),
        ("sizes_differ", "renditions whose size differs between the builds"),
        ("rule_not_a_prefix", "images whose kept files are not the first of the order"),
        ("simulation_differs", "images where the binary keeps other files than its rule, worked out from the files"),
        ("unresolved", f"files over {ratio} of a q{quality} fallback that is not the larger")) if c[key]]
    text = f"{c['compared']} files both builds wrote" + (", " + ", ".join(problems) if problems else
                                                           ", all byte-identical; the sizes agree, and the rule worked out from the "
                                                           "files keeps the binary's")
    if c["over_at_q100"]:
        text += f"; {c['over_at_q100']} files over {ratio} of the q{quality} fallback too (not kept by either rule)"
    return text


def _stoprule_targets(record):
    result = record.get("stoprule")
    if not result:
        return []
    lines = []
    for entry in result["sets"]:
        shares = ", ".join(f"{_FORMAT_NAMES[fmt]} {100 * f['stop_rule']['given_up_share']:.2f}%"
                           + ("" if f.get("stopped", True) else " (not stopped: each file kept)")
                           for fmt, f in entry["figures"].items())
        lines.append(f"| [{', '.join(entry['formats'])}]: stop rule gives up < {100 * result['target_share']:.0f}% of "
                     f"the bytes saved | {shares} | {'yes' if entry['target_met'] else 'no'} |")
    return lines


def _heic_targets(record):
    """Issue 16: ≥ 1.2× both peers with a lower peak RSS."""
    heic = record.get("heic")
    if not heic:
        return []
    rows, lines = heic["tools"], []
    ref = rows["thumbgen"]
    for peer in ("pillow", "pyvips"):
        row = rows[peer]
        ratio = row["wall"] / ref["wall"] if ref["wall"] else 0
        ok = ratio >= 1.2 and ref["complete"] and row["complete"]
        lines.append(f"| HEIC: ≥ 1.2× {peer} (wall) | {ratio:.2f}× (CPU s: {row['cpu'] / ref['cpu']:.2f}×) | "
                     f"{'yes' if ok else 'no'} |")
        lines.append(f"| HEIC: peak RSS < {peer}'s | {ref['rss_mb']:.0f} vs {row['rss_mb']:.0f} MB | "
                     f"{'yes' if ref['rss_mb'] < row['rss_mb'] else 'no'} |")
    return lines + _whole_target("HEIC", rows, ("pillow", "pyvips"), bool(ref["complete"]))


def _targets(record):
    lines = ["### Targets (issues 7, 15, 16, 20), as measured in this run", "",
             "Speed targets are judged on images/s (wall); the same ratio in CPU seconds, less sensitive to "
             "other people's load on this shared machine, is given beside it.", "",
             "| target | measured | met |", "|---|---|---|"]
    sets = record["sets"]
    for kind, peers in SPEED_TARGETS.items():
        rows = sets.get(kind, {}).get("tools", {})
        ref = rows.get("thumbgen")
        for peer, want in peers.items():
            if not ref or peer not in rows:
                continue
            if not ref["complete"]:
                lines.append(f"| {SET_NAMES[kind]}: ≥ {want}× {peer} | thumbgen incomplete | no |")
                continue
            ratio = ref["images_per_s"] / rows[peer]["images_per_s"]
            by_cpu = rows[peer]["cpu"] / ref["cpu"] if ref["cpu"] else 0
            lines.append(f"| {SET_NAMES[kind]}: ≥ {want}× {peer} | {ratio:.2f}× (CPU s: {by_cpu:.2f}×) | "
                         f"{'yes' if ratio >= want else 'no'} |")
    for kind, result in sets.items():
        mine, theirs = result["tools"].get("thumbgen"), result["tools"].get("vipsthumbnail")
        if mine and theirs:
            met = "yes" if mine["complete"] and mine["rss_mb"] <= theirs["rss_mb"] else "no"
            note = "" if mine["complete"] else " (thumbgen incomplete)"
            lines.append(f"| {SET_NAMES[kind]}: peak RSS ≤ vipsthumbnail's | {mine['rss_mb']:.1f} vs "
                         f"{theirs['rss_mb']:.1f} MB{note} | {met} |")
    for kind, result in sets.items():
        rows = result["tools"]
        if "thumbgen" in rows:
            lines += _whole_target(SET_NAMES[kind], rows, [k for k in rows if not k.startswith("thumbgen")],
                                   rows["thumbgen"]["complete"])
    quality = record.get("quality") or {}
    psnr = quality.get("psnr", {})
    for kind in ("jpeg", "png"):
        mine = psnr.get("thumbgen", {}).get(kind, {}).get("median")
        theirs = psnr.get("vipsthumbnail", {}).get(kind, {}).get("median")
        if theirs is not None:
            met = "no" if mine is None else ("yes" if mine >= theirs - 1 else "no")
            lines.append(f"| {SET_NAMES[kind]}: PSNR ≥ vipsthumbnail's − 1 dB | {_fmt(mine)} vs {theirs:.2f} dB | {met} |")
    png_bytes = quality.get("png_bytes", {})
    if "pillow" in png_bytes and "thumbgen" in png_bytes:
        mine, theirs = png_bytes["thumbgen"], png_bytes["pillow"]
        met = "no" if mine is None or theirs is None else ("yes" if mine <= theirs else "no")
        mine_text = f"{mine / 1e6:.2f}" if mine is not None else "incomplete"
        theirs_text = f"{theirs / 1e6:.2f} MB" if theirs is not None else "incomplete"
        lines.append(f"| PNG bytes ≤ Pillow's | {mine_text} vs {theirs_text} | {met} |")
    lines += _modern_targets(record) + _stoprule_targets(record) + _heic_targets(record)
    floor = record.get("floor") or {}
    if floor.get("thumbgen_ratio") is not None:
        ratio = floor["thumbgen_ratio"]
        lines.append(f"| JPEG CPU ≤ 1.5× djpeg at needed scale | {ratio:.2f}× | {'yes' if ratio <= 1.5 else 'no'} |")
        lines.append(f"| JPEG CPU ≤ 1.3× djpeg at needed scale (issue 20) | {ratio:.2f}× | "
                     f"{'yes' if ratio <= 1.3 else 'no'} |")
    return lines if len(lines) > 6 else []


def _memory_sentence(record):
    """How memory is measured, for the header: the largest process, and the whole peak."""
    text = "Largest process: the peak RSS of the largest single process (`/usr/bin/time`)."
    if record.get("memory_method"):
        text += " Whole peak: everything the tool's run holds at once — " + record["memory_method"] + "."
        samplers = [row["sampler_cpu"] for result in record["sets"].values() for row in result["tools"].values()
                    if "sampler_cpu" in row]
        cpus = [row["cpu"] for result in record["sets"].values() for row in result["tools"].values()
                if "sampler_cpu" in row]
        if samplers and sum(cpus):
            text += (f" The sampler (a thread of the harness, in no tool's CPU) used {sum(samplers):.2f} CPU s over "
                     f"the sets' runs, {100 * sum(samplers) / sum(cpus):.1f}% of the tools' {sum(cpus):.2f}.")
    return text


def markdown(record, tools):
    m, c = record["machine"], record["corpus"]
    lines = [f"# thumbgen benchmark — {record['date']}", "",
             f"Machine: {m['nproc']} cores ({m['cpu']}), {m['memory_gib']} GiB memory, {m['os']}, Linux "
             f"{m['kernel']}; load average {record['load_before']} before, {record['load_after']} after. "
             f"Shared and noisy: read the ratios, not the absolute times.", "",
             f"Mode: {record['mode']}; {record['rounds']} round(s), tools interleaved round-robin with the order "
             f"rotated each round; each tool given two workers where it can use them (peers single-threaded: "
             f"VIPS_CONCURRENCY=1, MAGICK_THREAD_LIMIT=1, OMP_NUM_THREADS=1). Run time {record['run_seconds'] / 60:.1f} min.", "",
             f"Corpus: {c['jpeg']['count']} JPEGs ({c['jpeg']['progressive']} progressive, "
             f"{c['jpeg']['megapixels_min']}–{c['jpeg']['megapixels_max']} MP, {c['jpeg']['megapixels_total']} MP in all) "
             f"and {c['png']['count']} PNGs ({c['png']['megapixels_min']}–{c['png']['megapixels_max']} MP, "
             f"{c['png']['megapixels_total']} MP in all), real photographs and artwork from {', '.join(c['sources'])} "
             f"(symlinks followed, deduplicated by content, ≥ 1 MP){c.get('subset_note', '')}.", "",
             "Workload: seven boxes per image (60², 120², 180², 640×360, 960×540, 780², 1170²), `inside`, never "
             "enlarged, EXIF orientation applied; JPEG quality 82 for JPEG originals, PNG zlib level 6 for PNG "
             "originals; thumbgen's manifest says `formats: []` and `placeholder: none` (the peers write no WebP "
             f"and no placeholder; the WebP and AVIF workloads below add them). {_memory_sentence(record)} Ratio: thumbgen --jobs 2 images/s ÷ the tool's "
             "(higher is better for thumbgen). Output check: renditions present at the `inside` size (±1 px "
             "allowed and counted); ✗ marks a tool that did not make them all.", ""]
    for kind in ("jpeg", "png"):
        if kind in record["sets"]:
            lines += _set_table(kind, record["sets"][kind], tools) + [""]
    lines += ["How each tool was run:", ""] + [f"- {t.label}: {t.how}" for t in tools] + [""]
    for section in (_floor_table(record), _quality_table(record, tools), _memory_table(record),
                    _noop_table(record), _library_table(record), _shards_table(record), _cache_table(record), _modern_tables(record),
                    _stoprule_tables(record), _heic_table(record),
                    _profile_table(record), _constants_tables(record), _targets(record)):
        if section:
            lines += section + [""]
    if record.get("section_errors"):
        lines += ["### Sections that failed", ""] + [f"- {k}: {v}" for k, v in record["section_errors"].items()] + [""]
    lines += ["### Versions", ""] + [f"- {k}: {v}" for k, v in record["versions"].items()]
    return "\n".join(lines) + "\n"


def write(record, tools, folder, stem):
    """Writes folder/stem.md and folder/stem.json; returns the markdown."""
    os.makedirs(folder, exist_ok=True)
    # The record first: a table that fails to render loses no measurement (rerender mends it).
    with open(os.path.join(folder, f"{stem}.json"), "w") as f:
        json.dump(record, f, indent=1, sort_keys=True, default=str)
    text = markdown(record, tools)
    with open(os.path.join(folder, f"{stem}.md"), "w") as f:
        f.write(text)
    return text


def rerender(json_path):
    """Writes the markdown beside a saved JSON record again (after a change to this file's tables)."""
    import sys
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from tools import all_tools
    with open(json_path) as f:
        record = json.load(f)
    keys = {key for result in record["sets"].values() for key in result["tools"]}
    text = markdown(record, [t for t in all_tools() if t.key in keys])
    with open(os.path.splitext(json_path)[0] + ".md", "w") as f:
        f.write(text)


if __name__ == "__main__":
    import sys
    rerender(sys.argv[1])  # python3 bench/report.py bench/results/latest.json
