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
PROBE = os.path.join(ROOT, ".build", "release", "EncodeProbe")
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


def log(message):
    print(f"formats: {message}", file=sys.stderr, flush=True)


def code_defaults():
    """The defaults as thumbgen ships them, so the table checks what ships: the manifest's from
    the JSON Schema the binary prints (`thumbgen schema`), the encoders' internal ones from the
    codecs' sources (wherever in Sources/ImageCodecs they are declared)."""
    binary = os.environ.get("THUMBGEN") or os.path.join(ROOT, ".build", "release", "thumbgen")  # as run.py
    schema = json.loads(subprocess.run([binary, "schema"],
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=["quality", "sweep"])
    parser.add_argument("--set", default="corpus", dest="which")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=1, help="encodes per setting; the CPU figure is their median")
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
    else:
        specs = [JPEG] + [f"webp:{q}:{m}:{sh}" for m, sh in WEBP_SWEEP for q in SWEEP_QUALITIES["webp"]] \
            + [f"avif:{c}:{s}:{q}:{mx}" for c, s, mx in AVIF_SWEEP + [("aom", defaults["avif_speed"], 1)] for q in SWEEP_QUALITIES[c]]
    entries = images(args.which, args.limit)
    log(f"{len(entries)} photos, {len(specs)} settings each, {args.jobs} workers")
    results = run_all(entries, specs, args.which, args.jobs, args.repeat, args.fresh)
    print(f"# bench/formats.py {args.mode} --set {args.which}" + (f" --limit {args.limit}" if args.limit else ""))
    print(f"\nCode defaults: {json.dumps(defaults, sort_keys=True)}")
    if args.mode == "quality":
        quality_report(results, defaults, len(entries), args.which)
    else:
        sweep_report(results, len(entries))


if __name__ == "__main__":
    main()
