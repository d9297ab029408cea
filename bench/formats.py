"""WebP and AVIF against the JPEG fallback at equal quality: how the encoders' defaults were chosen.

For each photo, EncodeProbe (Tools/EncodeProbe) makes the 960x540-box rendition with the
project's own decoders and resampler and encodes it at every setting asked for, timing each encode
in CPU seconds (one thread; the median of --repeat runs). Each file is decoded by Pillow and scored
with SSIMULACRA2 (PyPI `ssimulacra2`) against a full-decode Lanczos reference of the same size
(ImageMagick, as bench/quality.py makes it). Per setting: median score, total bytes, total CPU.

  python3 bench/formats.py quality [--set corpus|second|DIR] [--limit N]   the defaults: JPEG q82
        against WebP and AVIF quality sweeps at the default method/codec/speed; the quality whose
        median matches JPEG's (interpolated) and the defaults in the code, checked within 2 points
  python3 bench/formats.py sweep [--limit 12]   WebP method/sharp-YUV, AVIF codec/speed/matrix:
        each at several qualities, bytes and CPU interpolated at the JPEG q82 median score
  python3 bench/formats.py methods [--limit 12] [--rounds 3]   WebP methods 0-6, each at the quality
        whose median matches JPEG q82's: bytes and encoder CPU against the default method, the CPU
        timed in --rounds interleaved rounds (one encode at a time) and their median taken, with
        the machine's load; a check that the manifest's `output.webp.quality` writes the files the
        probe measures at the default method; and which method saves the most bytes per CPU second

`--set corpus` (default) is bench/corpus.py's JPEG photos; `second` is the photos of Debian's
lomiri-wallpapers-16.04, which the corpus does not include (unpacked, not installed, under
.build/bench/unseen: bench/unseen.py); any other value is a folder of JPEGs. Scratch data and a cache of
results (delete it, or --fresh, after changing an encoder) live in .build/bench/formats/.
"""
import argparse
import glob
import json
import math
import multiprocessing
import os
import re
import shutil
import statistics
import subprocess
import sys

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH_DIR)
SCRATCH = os.path.join(ROOT, ".build", "bench")
VENV = os.path.join(ROOT, ".build", "bench-venv")
THUMBGEN = os.environ.get("THUMBGEN") or os.path.join(ROOT, ".build", "release", "thumbgen")  # as run.py
# The probe built beside the thumbgen binary used (ENCODEPROBE=path for another).
PROBE = os.environ.get("ENCODEPROBE") or os.path.join(os.path.dirname(os.path.abspath(THUMBGEN)), "EncodeProbe")
sys.path.insert(0, BENCH_DIR)

import corpus  # noqa: E402
import install  # noqa: E402
import quality  # noqa: E402

BOX = "960x540"
JPEG = "jpeg:82"  # the fallback every format is matched against
TOLERANCE = 2.0   # points of median SSIMULACRA2
WEBP_QUALITIES = [80, 84, 86, 88, 90, 92, 94]
AVIF_QUALITIES = [60, 65, 70, 75, 80, 85, 90]
# Qualities that bracket the JPEG q82 median for each encoder (SVT-AV1 reads libavif's
# quantizers differently: much higher scores and bytes at the same quality).
SWEEP_QUALITIES = {"webp": [80, 88, 94], "aom": [55, 65, 75, 85], "rav1e": [55, 65, 75], "svt": [15, 25, 35, 45]}
# The settings the sweep compares: WebP method x sharp YUV; AVIF codec x speed (matrix 6), and
# the BT.709 matrix at the default codec and speed.
WEBP_SWEEP = [(0, 0), (2, 0), (4, 0), (6, 0), (2, 1), (4, 1), (6, 1)]
AVIF_SWEEP = [("aom", s, 6) for s in (4, 5, 6, 7, 8, 9)] + [("rav1e", s, 6) for s in (6, 8, 10)] \
    + [("svt", s, 6) for s in (8, 10)]
# The methods mode: every libwebp method at qualities around the JPEG q82 median (plus the default
# quality), without sharp YUV (the default; the sweep found it costs CPU for no bytes).
METHODS = range(7)
METHOD_QUALITIES = [84, 86, 88, 90, 92]
BYTES_MARGIN = 0.005  # a method "makes no more bytes" than the default within this share
CPU_MARGIN = 0.02     # ... and is faster only if by more than this in every timing round


def log(message):
    print(f"formats: {message}", file=sys.stderr, flush=True)


def code_defaults():
    """The defaults as thumbgen ships them, so the table checks what ships: the manifest's from
    the JSON Schema the binary prints (`thumbgen schema`), the encoders' internal ones from the
    codecs' sources (wherever in Sources/ImageCodecs they are declared)."""
    schema = json.loads(subprocess.run([THUMBGEN, "schema"],
                                       check=True, capture_output=True, text=True).stdout)
    output = schema["properties"]["output"]["properties"]
    codecs = ""
    for path in sorted(glob.glob(os.path.join(ROOT, "Sources", "ImageCodecs", "**", "*.swift"), recursive=True)):
        with open(path) as f:
            codecs += f.read()

    def grab(name):
        return re.search(rf"static let {name} = (?:\w+\.)?(\w+)", codecs).group(1)
    return {
        "webp_quality": output["webp"]["properties"]["quality"]["default"],
        "avif_quality": output["avif"]["properties"]["quality"]["default"],
        "avif_speed": output["avif"]["properties"]["speed"]["default"],
        "webp_method": int(grab("defaultMethod")),
        "webp_sharp": 1 if grab("defaultSharpYUV") == "true" else 0,
        "avif_codec": grab("defaultCodec"),
        "avif_matrix": int(grab("defaultMatrix")),
    }


def images(which, limit):
    """[{name, path}] of the set's photos, spread over the size range when limited."""
    if which == "corpus":
        python = install.venv_python(VENV)
        entries = [e for e in corpus.build(os.path.join(SCRATCH, "corpus"), python,
                                           os.path.join(BENCH_DIR, "peers", "probe.py")) if e["format"] == "jpeg"]
        return corpus.spread(entries, limit) if limit else sorted(entries, key=lambda e: e["name"])
    folder = second_set() if which == "second" else which
    paths = sorted(glob.glob(os.path.join(folder, "*.jpg")) + glob.glob(os.path.join(folder, "*.jpeg")))
    entries = [{"name": os.path.splitext(os.path.basename(p))[0], "path": p, "megapixels": os.path.getsize(p)} for p in paths]
    return corpus.spread(entries, limit) if limit else entries


def second_set():
    """lomiri-wallpapers-16.04's photos, unpacked from the .deb without installing it (installing
    would put them under /usr/share/backgrounds, in the benchmark corpus): bench/unseen.py's
    corpus, whose JPEGs are exactly those photos."""
    import unseen
    return unseen.fetch(install.venv_python(VENV))


def measure(task):
    """Probe one image for the specs not cached yet, score them; returns {spec: result}."""
    image, specs, folder, repeat = task
    out = os.path.join(folder, image["name"])
    cache_path = os.path.join(out, "results.json")
    cache = json.load(open(cache_path)) if os.path.exists(cache_path) else {}
    todo = [s for s in specs if s not in cache]
    if todo:
        run = subprocess.run([PROBE, image["path"], out, "--box", BOX, "--repeat", str(repeat)] + todo,
                             capture_output=True, text=True)
        if run.returncode != 0:
            log(f"{image['name']}: {run.stderr.strip().splitlines()[-1]}")
        rows = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
        from PIL import PngImagePlugin
        from ssimulacra2 import compute_ssimulacra2
        # ImageMagick copies the original's metadata into the reference as text chunks, which
        # can exceed Pillow's guard against decompression bombs.
        PngImagePlugin.MAX_TEXT_CHUNK = 1 << 30
        for row in rows[1:]:
            if "error" in row:
                log(f"{image['name']}: {row['spec']}: {row['error']}")
                continue
            ref = quality._reference(image, (row["width"], row["height"]), os.path.join(folder, "_references"))
            row["score"] = compute_ssimulacra2(ref, row["file"])
            cache[row["spec"]] = {k: row[k] for k in ("bytes", "cpu", "score")}
        json.dump(cache, open(cache_path, "w"), indent=1)
    return image["name"], {s: cache[s] for s in specs if s in cache}


def run_all(entries, specs, which, jobs, repeat, fresh):
    folder = os.path.join(SCRATCH, "formats", os.path.basename(which.rstrip("/")))
    if fresh:
        shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.join(folder, "_references"), exist_ok=True)
    tasks = [(e, specs, folder, repeat) for e in entries]  # one image per task: no shared files
    with multiprocessing.Pool(jobs) as pool:
        results = dict(pool.imap_unordered(measure, tasks))
    return results


def summarise(results, spec):
    """(median score, total bytes, total CPU, count) over the images that have `spec`."""
    rows = [r[spec] for r in results.values() if spec in r]
    if not rows:
        return None
    return (statistics.median(r["score"] for r in rows), sum(r["bytes"] for r in rows),
            sum(r["cpu"] for r in rows), len(rows))


def at_score(points, target):
    """Interpolates (quality, log bytes, log CPU) at `target` from [(score, quality, bytes, cpu)]
    sorted by score; extrapolates from the nearest two outside the range (flagged)."""
    points = sorted(points)
    i = next((k for k in range(1, len(points)) if points[k][0] >= target), len(points) - 1)
    (s0, q0, b0, c0), (s1, q1, b1, c1) = points[i - 1], points[i]
    t = (target - s0) / (s1 - s0) if s1 != s0 else 0.0
    extrapolated = not (points[0][0] <= target <= points[-1][0])
    return (q0 + t * (q1 - q0), math.exp(math.log(b0) + t * (math.log(b1) - math.log(b0))),
            math.exp(math.log(c0) + t * (math.log(c1) - math.log(c0))), extrapolated)


def table(title, header, rows):
    print(f"\n### {title}\n")
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" if i == 0 else "---:" for i in range(len(header))) + "|")
    for row in rows:
        print("| " + " | ".join(str(c) for c in row) + " |")


def mib(n):
    return f"{n / 2**20:.2f} MiB"


def kib(n):
    return f"{n / 1024:.0f} KiB"


def quality_report(results, defaults, count, which):
    """The defaults: JPEG q82, then each format's quality sweep and the quality that matches it."""
    jpeg = summarise(results, JPEG)
    target = jpeg[0]
    webp_qualities = sorted(set(WEBP_QUALITIES + [defaults["webp_quality"]]))
    avif_qualities = sorted(set(AVIF_QUALITIES + [defaults["avif_quality"]]))
    webp = [f"webp:{q}:{defaults['webp_method']}:{defaults['webp_sharp']}" for q in webp_qualities]
    avif = [f"avif:{defaults['avif_codec']}:{defaults['avif_speed']}:{q}:{defaults['avif_matrix']}" for q in avif_qualities]
    rows = [("JPEG", 82, f"{target:.1f}", mib(jpeg[1]), f"{jpeg[2]:.2f}", jpeg[3])]
    matches = {}
    for name, specs, qualities in (("WebP", webp, webp_qualities), ("AVIF", avif, avif_qualities)):
        points = []
        for spec, q in zip(specs, qualities):
            s = summarise(results, spec)
            if s:
                rows.append((name, q, f"{s[0]:.1f}", mib(s[1]), f"{s[2]:.2f}", s[3]))
                points.append((s[0], q, s[1], s[2]))
        matches[name] = at_score(points, target)
    table(f"Quality sweep, {which} ({count} photos, the {BOX} box; CPU: encode only, one thread, summed)",
          ["format", "quality", "median SSIMULACRA2", "total bytes", "CPU s", "photos"], rows)
    print(f"\nJPEG q82 median: {target:.1f}. Interpolated to that median: "
          + "; ".join(f"{n} quality {m[0]:.1f} ({mib(m[1])}, {m[2]:.2f} CPU s{', extrapolated' if m[3] else ''})"
                      for n, m in matches.items()))
    webp_default = f"webp:{defaults['webp_quality']}:{defaults['webp_method']}:{defaults['webp_sharp']}"
    avif_default = f"avif:{defaults['avif_codec']}:{defaults['avif_speed']}:{defaults['avif_quality']}:{defaults['avif_matrix']}"
    print("\nDefaults in the code, against JPEG q82:")
    for name, spec in (("webp", webp_default), ("avif", avif_default)):
        s = summarise(results, spec)
        if not s:
            print(f"- {name} ({spec}): not measured (add its quality to the sweep)")
            continue
        verdict = "within" if abs(s[0] - target) <= TOLERANCE else "NOT within"
        print(f"- {name} ({spec}): median {s[0]:.1f} vs {target:.1f} ({verdict} {TOLERANCE:g} points); "
              f"bytes {mib(s[1])} = {s[1] / jpeg[1]:.0%} of JPEG's; CPU {s[2]:.2f} s vs JPEG {jpeg[2]:.2f} s")


def sweep_report(results, count):
    """Each setting's bytes and CPU at the JPEG q82 median, interpolated over its quality sweep."""
    jpeg = summarise(results, JPEG)
    target = jpeg[0]
    configs = [(f"WebP m{m}{' sharp YUV' if sh else ''}", [f"webp:{q}:{m}:{sh}" for q in SWEEP_QUALITIES["webp"]])
               for m, sh in WEBP_SWEEP]
    configs += [(f"AVIF {c} speed {s}{'' if mx == 6 else f' matrix {mx}'}",
                 [f"avif:{c}:{s}:{q}:{mx}" for q in SWEEP_QUALITIES[c]]) for c, s, mx in AVIF_SWEEP + [("aom", code_defaults()["avif_speed"], 1)]]
    rows = []
    for name, specs in configs:
        points = [(s[0], int(spec.split(":")[-2 if spec.startswith("avif") else 1]), s[1], s[2])
                  for spec in specs if (s := summarise(results, spec))]
        if len(points) < 2:
            rows.append((name, "—", "—", "—", "—", "—"))
            continue
        q, b, c, extrapolated = at_score(points, target)
        photos = min(summarise(results, spec)[3] for spec in specs if summarise(results, spec))
        rows.append((name, f"{q:.0f}{'*' if extrapolated else ''}", kib(b), f"{b / jpeg[1]:.0%}", f"{c:.2f}", photos))
    table(f"Settings at equal quality: the JPEG q82 median ({target:.1f}), {count} photos, {BOX} box "
          "(* extrapolated; CPU: encode only, one thread, summed)",
          ["setting", "quality", "bytes", "of JPEG's", "CPU s", "photos"], rows)
    print(f"\nJPEG q82: {kib(jpeg[1])}, {jpeg[2]:.2f} CPU s.")



def method_specs(defaults):
    """{method: [(quality, spec)]}: each method's quality grid, the default quality included."""
    qualities = sorted(set(METHOD_QUALITIES + [defaults["webp_quality"]]))
    return {m: [(q, f"webp:{q}:{m}:{defaults['webp_sharp']}") for q in qualities] for m in METHODS}


def load():
    """The 1, 5 and 15 minute load averages, as uptime prints them."""
    return "{:.2f}, {:.2f}, {:.2f}".format(*os.getloadavg())


def time_rounds(entries, specs, scored, rounds):
    """[{(image, spec): CPU s}] per round: every image probed once a round, one probe at a time (the
    CPU figures are then not shared with a second worker of ours), specs ordered quality by
    quality with the methods side by side and the order rotated each round, so that no method
    always runs first. Each round's bytes must equal the scored files' (the encoders are
    deterministic). Also [(load before, load after)] per round."""
    folder = os.path.join(SCRATCH, "formats", "_timing")
    timings, loads = [], []
    for r in range(rounds):
        shift = r * len(specs) // rounds
        order = specs[shift:] + specs[:shift]
        before, cpu = load(), {}
        for image in entries:
            run = subprocess.run([PROBE, image["path"], os.path.join(folder, image["name"]), "--box", BOX] + order,
                                 capture_output=True, text=True, check=True)
            for row in (json.loads(line) for line in run.stdout.splitlines()[1:] if line.startswith("{")):
                if "error" in row:
                    continue
                known = scored.get(image["name"], {}).get(row["spec"])
                if known and known["bytes"] != row["bytes"]:
                    raise SystemExit(f"formats: {image['name']} {row['spec']}: {row['bytes']} bytes, scored {known['bytes']}")
                cpu[(image["name"], row["spec"])] = row["cpu"]
        timings.append(cpu)
        loads.append((before, load()))
        log(f"timing round {r + 1}/{rounds}: load {before} -> {loads[-1][1]}")
    shutil.rmtree(folder, ignore_errors=True)
    return timings, loads


def manifest_check(entries, results, defaults, quality_):
    """Builds the photos' 960x540 box with thumbgen itself, `output.webp.quality` = quality_ (the
    manifest's only lossy WebP setting: the method is the encoder's default), and compares each
    WebP file it writes with the probe's at that quality and the default method. Returns
    (files compared, files equal, files not written under the 90% rule, total bytes thumbgen,
    total bytes probe)."""
    import tools
    work = os.path.join(SCRATCH, "formats", "_manifest")
    shutil.rmtree(work, ignore_errors=True)
    tools.link_tree(entries, os.path.join(work, "corpus"))
    with open(os.path.join(work, "manifest.yaml"), "w") as f:
        f.write(f"""version: 1
root: corpus
slots:
  card: {{ size: 320x180, scales: [3] }}
output:
  formats: [webp]
  placeholder: none
  jpeg: {{ quality: 82 }}
  webp: {{ quality: {quality_} }}
images:
  - path: "*.jpg"
    slots: [card]
""")
    subprocess.run([THUMBGEN, "build", "manifest.yaml", "--jobs", "1"], cwd=work, check=True, capture_output=True)
    spec = f"webp:{quality_}:{defaults['webp_method']}:{defaults['webp_sharp']}"
    compared = equal = dropped = ours = probe = 0
    for image in entries:
        files = glob.glob(os.path.join(work, "**", glob.escape(image["name"]) + ".Thumbnail(*).webp"), recursive=True)
        known = results.get(image["name"], {}).get(spec)
        if not known:
            continue
        if not files:
            dropped += 1
            continue
        size = os.path.getsize(files[0])
        compared += 1
        equal += size == known["bytes"]
        ours += size
        probe += known["bytes"]
    shutil.rmtree(work, ignore_errors=True)
    return compared, equal, dropped, ours, probe


def bytes_at_quality(points, quality_):
    """An image's bytes at a (fractional) quality, log-linear between the grid's [(quality, bytes)]."""
    points = sorted(points)
    i = next((k for k in range(1, len(points)) if points[k][0] >= quality_), len(points) - 1)
    (q0, b0), (q1, b1) = points[i - 1], points[i]
    t = (quality_ - q0) / (q1 - q0)
    return math.exp(math.log(b0) + t * (math.log(b1) - math.log(b0)))


def methods_report(entries, results, defaults, timings, loads, check, started):
    """Per method: the quality at the JPEG q82 median, bytes and CPU there against the default
    method's, the bytes served under the 90% rule, and those saved on the JPEG per CPU second."""
    jpeg = summarise(results, JPEG)
    target = jpeg[0]
    base_method = defaults["webp_method"]
    names = [e["name"] for e in entries]
    per_method = {}
    for m, grid in method_specs(defaults).items():
        scored = [(q, spec, summarise(results, spec)) for q, spec in grid]
        scored = [(q, spec, s) for q, spec, s in scored if s and s[3] == len(entries)]
        if len(scored) < 2:
            continue
        q, b, _, extrapolated = at_score([(s[0], q, s[1], s[2]) for q, spec, s in scored], target)
        cpus = []
        for cpu in timings:  # the CPU at the matched score, round by round
            points = [(s[0], q_, s[1], sum(cpu[(n, spec)] for n in names)) for q_, spec, s in scored]
            cpus.append(at_score(points, target)[2])
        # What a browser that takes WebP downloads: each photo's WebP at the matched quality, or its
        # JPEG where the WebP is over 90% of the JPEG's bytes (thumbgen does not write it).
        served = kept = 0
        for n in names:
            webp = bytes_at_quality([(q_, results[n][spec]["bytes"]) for q_, spec, _ in scored], q)
            fallback = results[n][JPEG]["bytes"]
            kept += webp <= 0.9 * fallback
            served += webp if webp <= 0.9 * fallback else fallback
        per_method[m] = {"quality": q, "bytes": b, "cpus": cpus, "extrapolated": extrapolated,
                         "served": served, "kept": kept, "scores": [(q_, s[0]) for q_, _, s in scored]}
    base = per_method[base_method]
    rows = []
    for m, r in per_method.items():
        ratios = sorted(c / c0 for c, c0 in zip(r["cpus"], base["cpus"]))
        r["cpu"] = statistics.median(r["cpus"])
        r["ratio"] = statistics.median(ratios)
        r["ratio_range"] = (ratios[0], ratios[-1])
        r["saved"] = jpeg[1] - r["served"]
        r["per_cpu"] = [r["saved"] / c for c in r["cpus"]]  # each round's
        rows.append((f"m{m}" + (" (default)" if m == base_method else ""),
                     f"{r['quality']:.1f}{'*' if r['extrapolated'] else ''}", kib(r["bytes"]),
                     f"{r['bytes'] / base['bytes'] - 1:+.1%}", f"{r['bytes'] / jpeg[1]:.0%}",
                     f"{r['cpu']:.2f}", f"{r['ratio']:.2f}× ({r['ratio_range'][0]:.2f}–{r['ratio_range'][1]:.2f})",
                     f"{kib(r['served'])}, {r['kept']}", f"{r['saved'] / 1024 / r['cpu']:.0f}"))
    table(f"WebP methods at equal quality: the JPEG q82 median ({target:.1f}), {len(entries)} photos, {BOX} box "
          f"(* extrapolated; CPU: encode only, one thread, summed over the photos, median of {len(timings)} rounds)",
          ["method", "quality", "WebP bytes", f"vs m{base_method}", "of JPEG's", "CPU s",
           f"CPU vs m{base_method} (range)", "served, WebP kept", "KiB saved per CPU s"], rows)
    print(f"\nJPEG q82: {kib(jpeg[1])}, median SSIMULACRA2 {target:.1f}. Each method's quality is interpolated "
          "between the two grid qualities whose median scores bracket the JPEG's, its bytes and CPU log-linearly "
          "between theirs; the CPU ratio is the median of the rounds' own ratios (each round times every method). "
          "Served: what a browser that takes WebP downloads, each photo's WebP at that quality (its bytes "
          "log-linear between the grid's) or, where that is over 90% of its JPEG's bytes and thumbgen writes "
          "no WebP, the JPEG; saved: the JPEG's total less that, per CPU second of WebP encoding.")
    print("\nMedian SSIMULACRA2 by quality: " + "; ".join(
        f"m{m} " + ", ".join(f"q{q} {sc:.1f}" for q, sc in r["scores"]) for m, r in per_method.items()))
    print(f"\nMachine: {os.cpu_count()} cores, shared; load averages (1, 5, 15 min) at the start {started}; "
          + "; ".join(f"timing round {i + 1} {a} -> {b}" for i, (a, b) in enumerate(loads)) + ".")
    compared, equal, dropped, ours, probe = check
    print(f"\nThrough the manifest: `thumbgen build` with `output.webp: {{ quality: {defaults['webp_quality']} }}` "
          f"(the schema's WebP keys are `quality` and `lossless`: no method, which is the encoder's "
          f"default, {base_method}) wrote {compared} of the {len(entries)} {BOX}-box WebP files ({dropped} over 90% "
          f"of their JPEG's bytes, not written); {equal} of the {compared} are byte for byte the probe's "
          f"m{base_method} q{defaults['webp_quality']} files, {kib(ours)} against {kib(probe)} in all. Files "
          "differ where thumbgen's shrink-on-load keeps 1.25× headroom and lands on a larger DCT scale than "
          "the probe's, which decodes at the least scale the box needs: the same encoder on slightly "
          "different pixels.")
    # The verdict. Methods that make more bytes than the default at the same score are out: the
    # WebP target is to beat Pillow, which runs method 4, at matched SSIMULACRA2 and no more bytes.
    # Of the rest, the least CPU; a change only if it was faster than the default by more than
    # CPU_MARGIN in every timing round (the rounds of one method spread by a few % here).
    best = max(per_method, key=lambda m: statistics.median(per_method[m]["per_cpu"]))
    r = per_method[best]
    print(f"\nMost bytes saved on the JPEG per CPU second: m{best} q{r['quality']:.0f} "
          f"({r['saved'] / 1024 / r['cpu']:.0f} KiB/s; m{base_method} {base['saved'] / 1024 / base['cpu']:.0f} KiB/s): "
          f"WebP bytes {r['bytes'] / base['bytes'] - 1:+.1%}, served bytes {r['served'] / base['served'] - 1:+.1%} "
          f"against m{base_method}'s, at {r['ratio']:.2f}× its CPU. Moving from m{base_method}:")
    for m in per_method:
        o = per_method[m]
        if m == base_method:
            continue
        saved, extra = (o["saved"] - base["saved"]) / 1024, o["cpu"] - base["cpu"]
        rate = ""
        if extra > CPU_MARGIN * base["cpu"]:
            rate = f": {saved / extra:.0f} KiB more saved per extra CPU s"
        elif extra < -CPU_MARGIN * base["cpu"]:
            rate = f": {saved / extra:.0f} KiB of the saving given up per CPU s spared"
        print(f"- m{m}: {saved:+.0f} KiB saved as served, {o['bytes'] / base['bytes'] - 1:+.1%} WebP bytes, "
              f"{extra:+.2f} CPU s{rate}")
    eligible = [m for m, o in per_method.items() if o["bytes"] <= base["bytes"] * (1 + BYTES_MARGIN)]
    pick = min(eligible, key=lambda m: per_method[m]["cpu"])
    o = per_method[pick]
    print(f"\nRecommendation: of the methods with no more WebP bytes than m{base_method}'s at the same score "
          f"(within {BYTES_MARGIN:.1%}: " + ", ".join(f"m{m}" for m in eligible) + f"), the least CPU is m{pick} "
          f"at q{o['quality']:.1f} ({o['bytes'] / base['bytes'] - 1:+.1%} bytes, {o['ratio']:.2f}× m{base_method}'s "
          f"CPU, rounds {o['ratio_range'][0]:.2f}–{o['ratio_range'][1]:.2f}).", end=" ")
    if pick == base_method:
        print(f"Keep method {base_method} at quality {defaults['webp_quality']}.", end=" ")
    elif o["ratio_range"][1] < 1 - CPU_MARGIN:
        print(f"Faster by over {CPU_MARGIN:.0%} in every round: change the default to method {pick} "
              f"(then check its quality with `formats.py quality` on both sets).", end=" ")
    else:
        print(f"Not faster by over {CPU_MARGIN:.0%} in every round: keep method {base_method} at quality "
              f"{defaults['webp_quality']}.", end=" ")
    print(f"(The quality default is `formats.py quality`'s, over the whole corpus; on these {len(entries)} photos "
          f"m{base_method} meets the JPEG's score at q{base['quality']:.1f}.)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=["quality", "sweep", "methods"])
    parser.add_argument("--set", default="corpus", dest="which")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=1, help="encodes per setting; the CPU figure is their median")
    parser.add_argument("--rounds", type=int, default=3, help="methods: timing rounds; the CPU figure is their median")
    parser.add_argument("--fresh", action="store_true", help="forget cached results")
    args = parser.parse_args()

    # Scoring runs in the bench venv (Pillow decodes WebP and AVIF there), with ssimulacra2 added.
    python = install.venv_python(VENV)
    if os.path.realpath(sys.prefix) != os.path.realpath(VENV):
        if subprocess.run([python, "-c", "import ssimulacra2"], capture_output=True).returncode != 0:
            subprocess.run([python, "-m", "pip", "install", "--quiet", "ssimulacra2"], check=True)
        os.execv(python, [python, os.path.abspath(__file__)] + sys.argv[1:])
    if not os.access(PROBE, os.X_OK):
        subprocess.run(["swift", "build", "-c", "release", "--product", "EncodeProbe"], cwd=ROOT, check=True)
    defaults = code_defaults()
    if args.mode == "quality":
        specs = [JPEG] + [f"webp:{q}:{defaults['webp_method']}:{defaults['webp_sharp']}" for q in sorted(set(WEBP_QUALITIES + [defaults["webp_quality"]]))] \
            + [f"avif:{defaults['avif_codec']}:{defaults['avif_speed']}:{q}:{defaults['avif_matrix']}" for q in sorted(set(AVIF_QUALITIES + [defaults["avif_quality"]]))]
    elif args.mode == "methods":
        specs = [JPEG] + [spec for grid in method_specs(defaults).values() for _, spec in grid]
    else:
        specs = [JPEG] + [f"webp:{q}:{m}:{sh}" for m, sh in WEBP_SWEEP for q in SWEEP_QUALITIES["webp"]] \
            + [f"avif:{c}:{s}:{q}:{mx}" for c, s, mx in AVIF_SWEEP + [("aom", defaults["avif_speed"], 1)] for q in SWEEP_QUALITIES[c]]
    entries = images(args.which, args.limit)
    started = load()
    log(f"{len(entries)} photos, {len(specs)} settings each, {args.jobs} workers; load {started}")
    results = run_all(entries, specs, args.which, args.jobs, args.repeat, args.fresh)
    if args.mode == "methods":
        # Interleaved timing rounds, then thumbgen itself through the manifest.
        webp = [spec for q in sorted(set(METHOD_QUALITIES + [defaults["webp_quality"]]))
                for spec in (f"webp:{q}:{m}:{defaults['webp_sharp']}" for m in METHODS)]
        timings, loads = time_rounds(entries, webp, results, args.rounds)
        check = manifest_check(entries, results, defaults, defaults["webp_quality"])
    print(f"# bench/formats.py {args.mode} --set {args.which}" + (f" --limit {args.limit}" if args.limit else "")
          + (f" --rounds {args.rounds}" if args.mode == "methods" else ""))
    print(f"\nCode defaults: {json.dumps(defaults, sort_keys=True)}")
    if args.mode == "quality":
        quality_report(results, defaults, len(entries), args.which)
    elif args.mode == "methods":
        methods_report(entries, results, defaults, timings, loads, check, started)
    else:
        sweep_report(results, len(entries))


if __name__ == "__main__":
    main()
