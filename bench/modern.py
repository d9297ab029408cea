"""The WebP and AVIF workloads (issue 15): the seven boxes of every JPEG photo, each written as a
JPEG q82 fallback and, beside it, as WebP or AVIF, by thumbgen and its peers; compared at matched
quality, against the encoder alone as the floor.

Matched quality, not matched settings. thumbgen runs at its defaults (formats.py chose them to
match JPEG q82 on SSIMULACRA2). Before the timed rounds, thumbgen builds the set once, untimed,
and the median SSIMULACRA2 of its 960x540 boxes (as served: the modern file where thumbgen kept
one, else the fallback) is the target. Each peer then makes its own 960x540 box of every photo at
a grid of qualities (its own pipeline, its own encoder); the quality where its median score meets
the target is interpolated and rounded, and the timed rounds run the peer at that quality. The
small mismatch left by rounding is taken out of the byte comparison: the peer's bytes are moved
to thumbgen's median score along its calibration curve (log bytes linear in score between the
two grid points around it). Effort is the same for everyone: WebP method 4, AVIF aom speed 8, one
encoder thread.

The floor: the encoder's own command-line tool (cwebp, avifenc) on each box that needs a
rendition, from a lossless PNG of the box (libvips-made, stored uncompressed), at thumbgen's
settings; its CPU less the same number of runs on a 16x16 PNG (process start-up and library
loading, which no in-process encoder pays).
"""
import hashlib
import json
import math
import os
import shutil
import statistics
import subprocess
import sys

import check
import corpus
import quality
from formats import code_defaults
from geometry import BOXES, PSNR_BOX, box_tag, inside
from imagesize import pixel_size
from measure import balanced_halves, medians, rotated, run_workers, whole_text
from tools import PEER_ENV, PythonPeer, Thumbgen, Tool, run_once, thumbgen_modern, thumbgen_renditions

KINDS = ("webp", "avif")
# Qualities each peer is tried at, bracketing thumbgen's score (Pillow's bicubic and libvips'
# own resampling reach a given score at other qualities than thumbgen's Lanczos).
GRIDS = {"webp": [76, 84, 92], "avif": [50, 62, 74, 86]}
# Calibration runs on at most this many photos, spread over the size range: a median over 16
# photos places the matching quality within a point or so, and scoring is the slow part
# (SSIMULACRA2 takes about a second per box here). The tables score every photo.
CALIBRATION_PHOTOS = 16
CWEBP = "/usr/bin/cwebp"
AVIFENC = "/usr/bin/avifenc"


def log(message):
    print(f"bench: {message}", file=sys.stderr, flush=True)


def setting(kind):
    """(thumbgen's default quality, effort) of a format, as the Swift sources state them."""
    d = code_defaults()
    return (d["webp_quality"], d["webp_method"]) if kind == "webp" else (d["avif_quality"], d["avif_speed"])


def needed_boxes(image):
    """The boxes of an image that need a rendition (the others fit: the original is shown)."""
    return [(bw, bh) for _, _, bw, bh in BOXES if inside(*image["upright"], bw, bh) != tuple(image["upright"])]


# --- the tools ---------------------------------------------------------------------------------

def peer(key, kind, quality_, effort):
    script = "pillow_worker.py" if key == "pillow" else "pyvips_worker.py"
    label = f"{'Pillow' if key == 'pillow' else 'pyvips'} {kind} q{quality_}"
    how = {("pillow", "webp"): f"`save(format='WEBP', quality={quality_}, method={effort})`",
           ("pillow", "avif"): f"`save(format='AVIF', quality={quality_}, speed={effort}, codec='aom', max_threads=1)`",
           ("pyvips", "webp"): f"`webpsave(Q={quality_}, effort={effort})`",
           ("pyvips", "avif"): f"`heifsave(Q={quality_}, compression='av1', effort={9 - effort})` (aom speed {effort})"}
    return PythonPeer(key, label, f"the standard workload's worker, and each box also {how[(key, kind)]}",
                      script, ["--modern", f"{kind}:{quality_}:{effort}"])


class Floor(Tool):
    """The encoder alone: its CLI per box from a stored-uncompressed PNG of the box."""

    def __init__(self, kind, boxes_dir):
        q, effort = setting(kind)
        super().__init__("floor", f"{'cwebp' if kind == 'webp' else 'avifenc'} (floor)", "")
        self.kind, self.quality, self.effort, self.boxes_dir = kind, q, effort, boxes_dir
        if kind == "webp":
            self.how = f"`cwebp -q {q} -m {effort}` per box"
        else:
            self.how = (f"`avifenc -c aom -s {effort} -j 1 --min {quantizer(q)} --max {quantizer(q)} -y 420 -r full` "
                        f"per box (quantizer {quantizer(q)} = thumbgen's mapping of quality {q})")
        self.how += " from a libvips-made lossless PNG of the box (zlib level 0)"

    def argv(self, source, target):
        if self.kind == "webp":
            return [CWEBP, "-quiet", "-q", str(self.quality), "-m", str(self.effort), source, "-o", target]
        qz = str(quantizer(self.quality))
        return [AVIFENC, "-c", "aom", "-s", str(self.effort), "-j", "1", "--min", qz, "--max", qz,
                "-y", "420", "-r", "full", source, target]

    def box_png(self, image, box):
        return os.path.join(self.boxes_dir, f"{image['name']}.{box_tag(box)}.png")

    def commands(self, images, out_dir, ctx):
        os.makedirs(out_dir, exist_ok=True)
        return [[self.argv(self.box_png(i, b), self.output(out_dir, i, b)) for i in share for b in needed_boxes(i)]
                for share in balanced_halves(images)]

    def startup_commands(self, images, out_dir):
        """As many runs as commands(), each on a 16x16 PNG: what start-up alone costs."""
        tiny = os.path.join(self.boxes_dir, "_tiny16.png")
        return [[self.argv(tiny, os.path.join(out_dir, f"tiny.{self.kind}")) for i in share for _ in needed_boxes(i)]
                for share in balanced_halves(images)]

    def output(self, out_dir, image, box):
        return os.path.join(out_dir, f"{image['name']}.{box_tag(box)}.{self.kind}")


def quantizer(quality_):
    """thumbgen's quality-to-AV1-quantizer mapping (AVIFEncoder.quantizer(forQuality:))."""
    quality_ = min(100, max(1, quality_))
    return ((100 - quality_) * 63 + 50) // 100


# --- served files: what a browser that takes the format downloads ------------------------------

def served(tool_key, kind, images, out_dir, floor=None):
    """{(name, box): (path or None, is_modern)} for every box that needs a rendition."""
    result = {}
    if tool_key == "thumbgen":
        corpus = os.path.join(out_dir, "corpus")
        fallbacks, moderns = thumbgen_renditions(images, corpus), thumbgen_modern(images, corpus, kind)
        for image in images:
            for box in needed_boxes(image):
                key = (image["name"], box)
                modern_path = moderns.get(key)
                result[key] = (modern_path, True) if modern_path else (fallbacks[key][0], False)
        return result
    for image in images:
        for box in needed_boxes(image):
            path = (floor.output(out_dir, image, box) if floor else
                    os.path.join(out_dir, f"{image['name']}.{box_tag(box)}.{kind}"))
            result[(image["name"], box)] = (path if os.path.exists(path) else None, True)
    return result


def byte_figures(files):
    """Served bytes, modern bytes, modern files present, and files missing."""
    total = modern = kept = missing = 0
    for path, is_modern in files.values():
        if not path or not os.path.exists(path):
            missing += 1
            continue
        size = os.path.getsize(path)
        total += size
        if is_modern:
            modern += size
            kept += 1
    return {"served_bytes": total, "modern_bytes": modern, "modern_files": kept, "boxes": len(files),
            "missing": missing}


# --- scoring -----------------------------------------------------------------------------------

def score_pairs(ctx, pairs):
    """SSIMULACRA2 of each (reference, file) pair; two processes, as the machine has two cores."""
    if not pairs:
        return []
    script = os.path.join(ctx["bench_dir"], "peers", "score.py")
    halves = [pairs[0::2], pairs[1::2]]
    running = [subprocess.Popen([ctx["python"], script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
               for half in halves if half]
    for process, half in zip(running, halves):
        process.stdin.write(json.dumps(half))
        process.stdin.close()
    outputs = [json.loads(process.stdout.read()) for process in running]
    for process in running:
        process.wait()
    scores = [None] * len(pairs)
    scores[0::2] = outputs[0]
    if len(outputs) > 1:
        scores[1::2] = outputs[1]
    return scores


def score_files(ctx, images, files):
    """{name: score} of each image's 960x540 file in `files` {name: path}, against a full-decode
    Lanczos reference at that file's own size (bench/quality.py makes and caches it)."""
    ref_dir = os.path.join(ctx["scratch"], "psnr-references")
    os.makedirs(ref_dir, exist_ok=True)
    pairs, names = [], []
    for image in images:
        path = files.get(image["name"])
        size = pixel_size(path) if path else None
        if size:
            pairs.append((quality._reference(image, size, ref_dir), path))
            names.append(image["name"])
    return dict(zip(names, score_pairs(ctx, pairs)))


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


# --- calibration -------------------------------------------------------------------------------

def thumbgen_target(ctx, kind, images, work):
    """An untimed thumbgen build; the median score of its served 960x540 boxes and the scores."""
    tool = Thumbgen(2, formats=[kind])
    out = os.path.join(work, "thumbgen-calibration")
    shutil.rmtree(out, ignore_errors=True)
    run_workers(tool.commands(images, out, ctx), os.path.join(work, "runs", "thumbgen-calibration"))
    files = {name: path for (name, box), (path, _) in served("thumbgen", kind, images, out).items() if box == PSNR_BOX}
    scores = score_files(ctx, images, files)
    return median(scores.values()), scores


def calibrate_peer(ctx, key, kind, images, work, target):
    """The peer's median score and 960x540 bytes at each grid quality; the quality matching `target`."""
    _, effort = setting(kind)
    tool = peer(key, kind, 0, effort)
    tool.extra += ["--calibrate", ",".join(str(q) for q in GRIDS[kind])]
    out = os.path.join(work, f"{key}-calibration")
    shutil.rmtree(out, ignore_errors=True)
    run_workers(tool.commands(images, out, ctx), os.path.join(work, "runs", f"{key}-calibration"), dict(os.environ, **PEER_ENV))
    points = []
    for q in GRIDS[kind]:
        files = {i["name"]: os.path.join(out, f"{i['name']}.{box_tag(PSNR_BOX)}.q{q}.{kind}") for i in images
                 if PSNR_BOX in needed_boxes(i)}
        scores = score_files(ctx, images, {n: p for n, p in files.items() if os.path.exists(p)})
        points.append({"quality": q, "median": median(scores.values()),
                       "bytes": sum(os.path.getsize(p) for p in files.values() if os.path.exists(p))})
    matched, extrapolated = interpolate([(p["median"], p["quality"]) for p in points], target)
    return {"points": points, "matched": matched, "extrapolated": extrapolated,
            "quality": int(min(100, max(1, round(matched))))}


def interpolate(pairs, target):
    """y at x = target over [(x, y)], linear between the two points around it (or the nearest
    two when outside, flagged)."""
    pairs = sorted(p for p in pairs if p[0] is not None)
    i = next((k for k in range(1, len(pairs)) if pairs[k][0] >= target), len(pairs) - 1)
    (x0, y0), (x1, y1) = pairs[i - 1], pairs[i]
    t = (target - x0) / (x1 - x0) if x1 != x0 else 0.0
    return y0 + t * (y1 - y0), not (pairs[0][0] <= target <= pairs[-1][0])


def bytes_at_score(points, bytes_now, score_now, target):
    """The peer's bytes moved from its own median score to `target` along its calibration curve."""
    pairs = sorted((p["median"], math.log(p["bytes"])) for p in points if p["median"] is not None and p["bytes"])
    if len(pairs) < 2 or score_now is None or target is None:
        return bytes_now
    at_now, _ = interpolate(pairs, score_now)
    at_target, _ = interpolate(pairs, target)
    return bytes_now * math.exp(at_target - at_now)


def calibration_key(ctx, kind, images):
    digest = hashlib.sha256()
    with open(ctx["thumbgen"], "rb") as f:
        digest.update(f.read())
    digest.update(json.dumps([kind, setting(kind), GRIDS[kind], ctx["versions_key"],
                              sorted((i["name"], i["bytes"]) for i in images)]).encode())
    return digest.hexdigest()[:16]


def calibrate(ctx, kind, images, work):
    """Target score and each peer's matched quality, cached per (binary, versions, images, grid)."""
    images = corpus.spread(images, CALIBRATION_PHOTOS)
    path = os.path.join(ctx["scratch"], "modern", f"calibration-{kind}-{calibration_key(ctx, kind, images)}.json")
    if os.path.exists(path):
        with open(path) as f:
            return json.load(f)
    log(f"{kind}: calibrating (untimed thumbgen build, then each peer's 960×540 boxes at q{GRIDS[kind]})")
    target, _ = thumbgen_target(ctx, kind, images, work)
    result = {"target": target, "photos": len(images), "peers": {key: calibrate_peer(ctx, key, kind, images, work, target)
                                          for key in ("pillow", "pyvips")}}
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(result, f, indent=1)
    return result


# --- the workload ------------------------------------------------------------------------------

def prepare_floor(ctx, images):
    """Each box's lossless PNG (cached) and a 16x16 PNG for the start-up runs."""
    boxes_dir = os.path.join(ctx["scratch"], "modern", "boxes")
    os.makedirs(boxes_dir, exist_ok=True)
    missing = [i for i in images if any(not os.path.exists(os.path.join(boxes_dir, f"{i['name']}.{box_tag(b)}.png"))
                                        for b in needed_boxes(i))]
    shares = balanced_halves(missing)
    running = [subprocess.Popen([ctx["python"], os.path.join(ctx["bench_dir"], "peers", "boxes.py"), boxes_dir]
                                + [i["path"] for i in share], env=dict(os.environ, **PEER_ENV)) for share in shares]
    for process in running:
        if process.wait() != 0:
            sys.exit("bench: making the floor's box PNGs failed")
    tiny = os.path.join(boxes_dir, "_tiny16.png")
    if not os.path.exists(tiny):
        subprocess.run([ctx["python"], "-c", f"import pyvips; pyvips.Image.black(16, 16, bands=3).pngsave({tiny!r})"],
                       check=True)
    return boxes_dir


def measure(ctx, kind, images, rounds):
    """Calibrates, then `rounds` interleaved rounds of thumbgen, the two peers and the floor."""
    work = os.path.join(ctx["scratch"], "modern", kind)
    calibration = calibrate(ctx, kind, images, work)
    _, effort = setting(kind)
    floor = Floor(kind, prepare_floor(ctx, images))
    tools = [Thumbgen(2, formats=[kind]), peer("pillow", kind, calibration["peers"]["pillow"]["quality"], effort),
             peer("pyvips", kind, calibration["peers"]["pyvips"]["quality"], effort), floor]
    runs = {t.key: [] for t in tools}
    startup = []
    env = dict(os.environ, **PEER_ENV)
    for r in range(rounds):
        for tool in rotated(tools, r):
            figures = run_once(tool, images, ctx, work, env, checked=tool is not floor)
            runs[tool.key].append(figures)
            log(f"{kind} round {r + 1}/{rounds} {tool.label:24} {figures['wall']:7.2f} s wall {figures['cpu']:7.2f} s CPU "
                f"{figures['rss_mb']:6.0f} MB {whole_text(figures)}" + (f"  {check.summary(figures['check'])}" if "check" in figures else ""))
        tiny_out = os.path.join(work, "out", "startup")
        os.makedirs(tiny_out, exist_ok=True)
        startup.append(run_workers(floor.startup_commands(images, tiny_out), os.path.join(work, "runs", "startup"))["cpu"])
    return summarise(ctx, kind, images, tools, runs, startup, calibration, work)


def summarise(ctx, kind, images, tools, runs, startup, calibration, work):
    """Medians of the rounds, bytes and scores of the last round's files, equal-score bytes."""
    rows = {}
    for tool in tools:
        tool_runs = runs[tool.key]
        out = os.path.join(work, "out", tool.key)
        files = served(tool.key if tool.key == "thumbgen" else "peer", kind, images, out,
                       floor=tool if isinstance(tool, Floor) else None)
        card = {n: (p, is_modern) for (n, b), (p, is_modern) in files.items() if b == PSNR_BOX and p}
        extra = {}
        if tool.key == "thumbgen":
            # Its modern files and its JPEG fallbacks scored apart: the constants section checks
            # that the default quality still matches JPEG q82 on this corpus.
            fallbacks = thumbgen_renditions(images, os.path.join(out, "corpus"))
            extra["modern_scores"] = score_files(ctx, images, {n: p for n, (p, m) in card.items() if m})
            extra["fallback_scores"] = score_files(ctx, images, {n: fallbacks[(n, PSNR_BOX)][0] for n in card})
            scores = {n: extra["modern_scores"][n] if m else extra["fallback_scores"].get(n)
                      for n, (p, m) in card.items()}
        else:
            scores = score_files(ctx, images, {n: p for n, (p, _) in card.items()})
        worst = [f["check"] for f in tool_runs if "check" in f]
        row = {"label": tool.label, "how": tool.how, **medians(tool_runs),
               "score_median": median(scores.values()), "scored": sum(1 for s in scores.values() if s is not None),
               **byte_figures(files), **extra}
        if worst:
            row["check"] = max(worst, key=lambda c: (c["missing"] + c["wrong"], c["off_by_one"]))
            row["check_text"] = check.summary(row["check"])
            row["complete"] = check.complete(row["check"]) and row["missing"] == 0
        rows[tool.key] = row
    target = rows["thumbgen"]["score_median"]
    for key in ("pillow", "pyvips"):
        row = rows[key]
        row["bytes_at_thumbgen_score"] = bytes_at_score(calibration["peers"][key]["points"], row["served_bytes"],
                                                        row["score_median"], target)
    floor = rows["floor"]
    floor["startup_cpu"] = statistics.median(startup)
    floor["net_cpu"] = max(0.0, floor["cpu"] - floor["startup_cpu"])
    return {"kind": kind, "images": len(images), "rounds": len(runs["thumbgen"]), "setting": setting(kind),
            "calibration": calibration, "tools": rows}
